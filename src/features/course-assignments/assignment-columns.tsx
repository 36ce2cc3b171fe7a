import {
  ASSIGNEE_KIND_LABELS,
  ASSIGNMENT_KIND_LABELS,
  type CourseAssignmentRow,
} from '@contract/course-assignments/resource';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate, NO_DATE } from '@/lib/format-date';
import { deadlineText } from './form-values';

/** The list's own columns; the row actions are added after them. */
export const assignmentColumns: DataTableColumn<CourseAssignmentRow>[] = [
  { accessor: 'title', title: 'Title' },
  { accessor: 'kind', title: 'Kind', render: (row) => ASSIGNMENT_KIND_LABELS[row.kind] },
  { accessor: 'assigneeKind', title: 'Assign to', render: (row) => ASSIGNEE_KIND_LABELS[row.assigneeKind] },
  { accessor: 'courseCount', title: 'Courses', textAlign: 'right' },
  {
    accessor: 'deadline',
    title: 'Deadline',
    render: (row) => deadlineText(row, (day) => formatDate(day)) ?? NO_DATE,
  },
  {
    accessor: 'counts.assigned',
    title: 'Assigned',
    textAlign: 'right',
    render: (row) => row.counts.assigned,
  },
  {
    accessor: 'counts.completed',
    title: 'Completed',
    textAlign: 'right',
    render: (row) => row.counts.completed,
  },
  { accessor: 'counts.overdue', title: 'Overdue', textAlign: 'right', render: (row) => row.counts.overdue },
  { accessor: 'createdOn', title: 'Created', render: (row) => formatDate(row.createdOn) },
];
