import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDate } from '@/lib/format-date';
import { useOpenedFrom } from '@/ui/open-course-button';
import type { ExpiringCourse } from './expiring';

/** Completed courses that will soon be due again, each a link to take it again in the player. */
export function ExpiringList({ courses }: { courses: ExpiringCourse[] }) {
  const from = useOpenedFrom();
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Expiring courses">
        {courses.map((course) => (
          <Group key={course._id} component="li" justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0}>
              <Anchor
                fw={600}
                size="sm"
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/user-portal/learning-process/course/$courseId"
                    params={{ courseId: course._id }}
                    search={{ from }}
                  />
                )}
              >
                {course.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {course.training}
              </Text>
            </Stack>
            <Text size="sm">Expires {formatDate(course.expiresAt)}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
