import type { CourseAssignmentRow } from '@contract/course-assignments/resource';
import { Anchor, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { PendingBadge } from '../pending-badge';
import { TrainingRowActions } from './training-row-actions';

type ColumnHandlers = {
  teamId: string;
  onReassign: (training: CourseAssignmentRow) => void;
  onLearners: (training: CourseAssignmentRow) => void;
};

/**
 * The spec's columns of the Assign Trainings table. The title opens the training's learners, so
 * the four row actions stay as the spec has them.
 */
export function trainingColumns({
  teamId,
  onReassign,
  onLearners,
}: ColumnHandlers): DataTableColumn<CourseAssignmentRow>[] {
  return [
    {
      accessor: 'title',
      title: 'Training Title',
      render: (training) => (
        <Group gap="xs" wrap="nowrap">
          {/* The row's text colour, underlined: a chosen row's blue would take the link's contrast. */}
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="start"
            c="inherit"
            underline="always"
            aria-label={`Learners of ${training.title}`}
            onClick={() => onLearners(training)}
          >
            {training.title}
          </Anchor>
          <PendingBadge recordId={training._id} />
        </Group>
      ),
    },
    { accessor: 'courseCount', title: 'Courses', textAlign: 'right' },
    {
      accessor: 'createdOn',
      title: 'Created On',
      render: (training) => formatDate(training.createdOn),
    },
    {
      accessor: 'deadline',
      title: 'Deadline',
      render: (training) => formatDate(training.deadline),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (training) => (
        <TrainingRowActions training={training} teamId={teamId} onReassign={onReassign} />
      ),
    },
  ];
}
