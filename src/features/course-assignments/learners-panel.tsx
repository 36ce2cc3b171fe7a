import { ADMIN_DEFAULT_LIMIT } from '@contract/admin-list';
import { FIRST_PAGE } from '@contract/constants';
import {
  type AssignmentLearner,
  LEARNER_STATE_LABELS,
  type NamedRef,
} from '@contract/course-assignments/resource';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { FieldLine } from '@/ui/field-line';
import { QueryStatus } from '@/ui/query-status';
import { ResourceTable } from '@/ui/resource-table';
import { learnerName } from './form-values';
import { assignmentLearnersOptions } from './queries';

const NONE: AssignmentLearner[] = [];
const KEEP: readonly string[] = [];

/**
 * An assignment's learners as they are now (read from current membership, so a later joiner shows
 * with their own deadline), with the state of each of its courses. The server sends them all; the
 * table pages them here.
 */
export function LearnersPanel({ assignmentId, courses }: { assignmentId: string; courses: NamedRef[] }) {
  const learners = useQuery(assignmentLearnersOptions(assignmentId));
  const [paging, setPaging] = useState({ page: FIRST_PAGE, limit: ADMIN_DEFAULT_LIMIT });
  const names = new Map(courses.map((course) => [course._id, course.name]));
  const rows = learners.data ?? NONE;
  const shown = rows.slice((paging.page - 1) * paging.limit, paging.page * paging.limit);

  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby="learners-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="learners-title">
          Learners
        </Title>
        {learners.data ? (
          <ResourceTable<AssignmentLearner>
            label="Learners"
            records={shown}
            idAccessor={(learner) => learner._id}
            keep={KEEP}
            columns={[
              {
                accessor: 'name',
                title: 'Name',
                render: (learner) => (
                  <Stack gap={0}>
                    <Text size="sm">{learnerName(learner)}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {learner.email}
                    </Text>
                  </Stack>
                ),
              },
              {
                accessor: 'assignedAt',
                title: 'Assigned',
                render: (learner) => formatDate(learner.assignedAt),
              },
              { accessor: 'deadline', title: 'Deadline', render: (learner) => formatDate(learner.deadline) },
              {
                accessor: 'courses',
                title: 'Courses',
                render: (learner) => (
                  <Stack gap={2}>
                    {learner.courses.map((course) => (
                      <FieldLine key={course._id} label={names.get(course._id) ?? course._id}>
                        {LEARNER_STATE_LABELS[course.state]}
                      </FieldLine>
                    ))}
                  </Stack>
                ),
              },
            ]}
            page={paging.page}
            limit={paging.limit}
            total={rows.length}
            fetching={learners.isFetching}
            noRecordsText="No learner is assigned yet."
            onPaginationChange={setPaging}
          />
        ) : (
          <QueryStatus query={learners} label="Loading learners..." />
        )}
      </Stack>
    </Paper>
  );
}
