import type { PlayerLesson } from '@contract/learning/resource';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ActivityPreview } from '@/ui/activity-preview/activity-preview';

type LessonViewProps = { courseId: string; lesson: PlayerLesson };

/** A lesson of the course: its activities in order, each as the learner meets it. */
export function LessonView({ lesson }: LessonViewProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {lesson.name}
        </Title>
        {lesson.done && <Badge color="green">Done</Badge>}
      </Group>
      {lesson.description && <Text>{lesson.description}</Text>}
      {lesson.activities.map((activity) => (
        <Paper key={activity._id} withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} size="h5">
                {activity.title}
              </Title>
              {activity.done ? (
                <Badge color="green">Done</Badge>
              ) : (
                activity.required && <Badge>Required</Badge>
              )}
            </Group>
            <ActivityPreview activity={activity} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
