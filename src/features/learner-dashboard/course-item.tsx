import type { MyTraining } from '@contract/course-assignments/resource';
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDate } from '@/lib/format-date';
import { LearnerStateBadge } from '@/ui/learner-state-badge';
import { OpenCourseButton, useOpenedFrom } from '@/ui/open-course-button';

type Course = MyTraining['courses'][number];

/** When the course was completed and until when that counts, if it does. */
function completionLine(course: Course): string | null {
  if (!course.completedAt) return null;
  const done = `Completed ${formatDate(course.completedAt)}`;
  if (!course.expiresAt) return done;
  return `${done}, ${course.state === 'expired' ? 'expired' : 'expires'} ${formatDate(course.expiresAt)}`;
}

/** One course of a training: its state, its progress and the way into the player (a quiz of it directly). */
export function CourseItem({ course }: { course: Course }) {
  const from = useOpenedFrom();
  const completion = completionLine(course);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {course.name}
        </Text>
        <LearnerStateBadge state={course.state} style={{ flexShrink: 0 }} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Progress
          value={course.progress}
          flex={1}
          color={course.state === 'overdue' ? 'red' : undefined}
          aria-label={`${course.name} progress: ${course.progress}%`}
        />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {course.progress}%
        </Text>
      </Group>
      {completion && (
        <Text size="xs" c="dimmed">
          {completion}
        </Text>
      )}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          {course.quizzes.map((quiz) => (
            <Anchor
              key={quiz.quizId}
              size="xs"
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/user-portal/learning-process/course/$courseId"
                  params={{ courseId: course._id }}
                  search={{ item: quiz.quizId, from }}
                />
              )}
            >
              Quiz: {quiz.name}
            </Anchor>
          ))}
        </Group>
        <OpenCourseButton course={course} />
      </Group>
    </Stack>
  );
}
