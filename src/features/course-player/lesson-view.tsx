import type { PlayerLesson } from '@contract/learning/resource';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { ActivityCard } from './activity-card';

type LessonViewProps = { courseId: string; lesson: PlayerLesson };

/** A lesson of the course: its activities in order, each as the learner meets it, and what is left. */
export function LessonView({ courseId, lesson }: LessonViewProps) {
  const gate = lesson.activities.some((activity) => activity.required)
    ? lesson.activities.filter((activity) => activity.required)
    : lesson.activities;
  const left = gate.filter((activity) => !activity.done).length;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {lesson.name}
        </Title>
        {lesson.done && (
          <Badge color="green" variant="light">
            Lesson done
          </Badge>
        )}
      </Group>
      {lesson.description && <Text>{lesson.description}</Text>}
      {!lesson.done && left > 0 && (
        <Text size="sm" role="status">
          {left} {gate === lesson.activities ? '' : 'required '}
          {left === 1 ? 'activity' : 'activities'} left to finish this lesson.
        </Text>
      )}
      {lesson.activities.map((activity) => (
        <ActivityCard key={activity._id} courseId={courseId} activity={activity} />
      ))}
      {lesson.activities.length === 0 && <Text c="dimmed">This lesson has no activities.</Text>}
    </Stack>
  );
}
