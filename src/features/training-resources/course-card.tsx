import type { CatalogueCourse } from '@contract/learning/resource';
import { Badge, Card, Group, Image, Progress, Stack, Text, Title } from '@mantine/core';
import { CourseDescription, CourseDuration } from '@/ui/course-description';
import { LearnerStateBadge } from '@/ui/learner-state-badge';
import { OpenCourseButton } from '@/ui/open-course-button';

/** A course of the catalogue: its image, what it is, where the learner stands in it, and the way into the player. */
export function CourseCard({ course }: { course: CatalogueCourse }) {
  const titleId = `course-${course._id}`;
  const { progress } = course;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      {course.imageUrl ? (
        <Card.Section mb="sm">
          <Image src={course.imageUrl} alt="" h={140} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={2} size="h4" id={titleId}>
            {course.name}
          </Title>
          <LearnerStateBadge state={progress.state} style={{ flexShrink: 0 }} />
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {course.category ? course.category.name : 'No category'}
          </Text>
          {course.assigned && (
            <Badge variant="outline" size="sm">
              Assigned to you
            </Badge>
          )}
        </Group>
        <CourseDuration minutes={course.durationMinutes} />
        <CourseDescription html={course.description} lineClamp={3} />
        <Stack gap={4} mt="auto">
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={progress.percent}
              flex={1}
              aria-label={`${course.name} progress: ${progress.percent}%`}
            />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {progress.done} of {progress.total} done
            </Text>
          </Group>
          <Group justify="flex-end">
            <OpenCourseButton course={course} />
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
