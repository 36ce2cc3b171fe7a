import {
  type CourseLearners,
  courseLearnersPath,
  learnerCountText,
} from '@contract/course-assignments/course-learners';
import { courseAssignmentArea } from '@contract/course-assignments/resource';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api } from '@/lib/api-client';
import { useCan } from '@/ui/admin-list/use-can';

/** Read afresh each time the course opens: an assignment made meanwhile changes the count. */
export const courseLearnersOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'learners', courseId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<CourseLearners>(courseLearnersPath(courseId), { signal })).results,
    staleTime: 0,
  });

/** Where the count leads: the one assignment that gives the course, else the list of them. */
function CountLink({ courseId, learners }: { courseId: string; learners: CourseLearners }) {
  const text = learnerCountText(learners.learners);
  const through =
    learners.assignments === 1 ? 'through 1 assignment' : `through ${learners.assignments} assignments`;
  if (learners.assignmentId)
    return (
      <Anchor
        renderRoot={(props) => (
          <Link
            to="/app/content-management/assignments/edit/$assignmentId"
            params={{ assignmentId: learners.assignmentId as string }}
            {...props}
          />
        )}
      >
        {text} {through}
      </Anchor>
    );
  return (
    <Anchor
      renderRoot={(props) => (
        <Link to="/app/content-management/assignments" search={{ course: courseId }} {...props} />
      )}
    >
      {text} {through}
    </Anchor>
  );
}

/**
 * A course's learners on its screen: how many have it through assignments, linking to them, and
 * Assign, which opens Add Assignment with the course chosen. Shown to roles that see assignments.
 */
export function CourseLearnersPanel({ courseId }: { courseId: string }) {
  const canView = useCan(courseAssignmentArea, 'view');
  const canAdd = useCan(courseAssignmentArea, 'add');
  const learners = useQuery({ ...courseLearnersOptions(courseId), enabled: canView });
  if (!canView) return null;
  const data = learners.data;

  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby="course-learners-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3" id="course-learners-title">
            Learners
          </Title>
          {data === undefined ? (
            <Text size="sm" c="dimmed">
              {learners.isError ? 'The learner count could not be loaded.' : 'Counting learners…'}
            </Text>
          ) : data.assignments === 0 ? (
            <Text size="sm">No learner has this course yet: no assignment includes it.</Text>
          ) : (
            <Text size="sm">
              <CountLink courseId={courseId} learners={data} />
            </Text>
          )}
        </Stack>
        {canAdd && (
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            renderRoot={(props) => (
              <Link to="/app/content-management/assignments/add" search={{ course: courseId }} {...props} />
            )}
          >
            Assign
          </Button>
        )}
      </Group>
    </Paper>
  );
}
