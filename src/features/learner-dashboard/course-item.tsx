import type { MyTraining } from '@contract/course-assignments/resource';
import type { PlayerCourse } from '@contract/learning/resource';
import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDate } from '@/lib/format-date';
import { learningKeys } from '@/lib/learning-keys';
import { courseWaits, courseWithWork, useWaitingWork, WAITING_LABEL } from '@/lib/outbox-learning';
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

/**
 * The course's progress as this device knows it: while the learner's work on it waits in the outbox,
 * counted from the course's outline as the player last read it, with that work done.
 */
function useProgressWithWork(course: Course): { percent: number; waiting: boolean } {
  const work = useWaitingWork();
  const queryClient = useQueryClient();
  const waiting = courseWaits(
    work,
    course._id,
    course.quizzes.map((quiz) => quiz.quizId),
  );
  const outline = waiting
    ? queryClient.getQueryData<PlayerCourse>(learningKeys.course(course._id))
    : undefined;
  const percent = outline ? courseWithWork(outline, work).progress.percent : course.progress;
  return { percent: Math.max(percent, course.progress), waiting };
}

/** One course of a training: its state, its progress and the way into the player (a quiz of it directly). */
export function CourseItem({ course }: { course: Course }) {
  const from = useOpenedFrom();
  const completion = completionLine(course);
  const { percent, waiting } = useProgressWithWork(course);
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
          value={percent}
          flex={1}
          color={course.state === 'overdue' ? 'red' : undefined}
          aria-label={`${course.name} progress: ${percent}%`}
        />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {percent}%
        </Text>
      </Group>
      {waiting && (
        <Group gap="xs">
          <Badge color="yellow" variant="light">
            {WAITING_LABEL}
          </Badge>
          <Text size="xs" c="dimmed">
            Done on this device; sent when you are back online.
          </Text>
        </Group>
      )}
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
