import type { AssignmentLearner, NamedRef } from '@contract/course-assignments/resource';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDate } from '@/lib/format-date';
import { fullName } from '../format';
import { courseStates } from './reassign-target';

/** A learner's name, email, deadline and the state of each course of the training. */
export function learnerColumns(courses: NamedRef[] | undefined): DataTableColumn<AssignmentLearner>[] {
  return [
    { accessor: 'name', title: 'Name', render: (learner) => fullName(learner) },
    {
      accessor: 'email',
      title: 'Email',
      render: (learner) => <span style={{ overflowWrap: 'anywhere' }}>{learner.email}</span>,
    },
    { accessor: 'deadline', title: 'Deadline', render: (learner) => formatDate(learner.deadline) },
    {
      accessor: 'courses',
      title: 'Courses',
      render: (learner) => (
        <Stack gap={2}>
          {courseStates(learner, courses).map((course) => (
            <Text key={course._id} size="sm">
              {course.name}: {course.state}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];
}
