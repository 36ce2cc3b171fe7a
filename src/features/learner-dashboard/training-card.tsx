import type { MyTraining } from '@contract/course-assignments/resource';
import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@/lib/format-date';
import { CourseItem } from './course-item';

/** A training: its title, the learner's own deadline and each of its courses. */
export function TrainingCard({ training }: { training: MyTraining }) {
  const titleId = `training-${training._id}`;
  const overdue = training.courses.some((course) => course.state === 'overdue');
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {training.title}
          </Title>
          <Text size="sm" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
            {training.deadline ? `Deadline: ${formatDate(training.deadline)}` : 'No deadline'}
          </Text>
        </Group>
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Courses">
          {training.courses.map((course, index) => (
            <Box
              component="li"
              key={course._id}
              pt={index > 0 ? 'sm' : 0}
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <CourseItem course={course} />
            </Box>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
