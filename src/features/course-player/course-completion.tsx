import type { PlayerCourse } from '@contract/learning/resource';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '@/lib/auth-store';
import { formatDate } from '@/lib/format-date';
import { CertificateButton } from '@/ui/certificate-button';

/**
 * The top of the player once the learner has completed the course: when, until when it counts,
 * and the certificate when the course gives one.
 */
export function CourseCompletion({ course }: { course: PlayerCourse }) {
  const userId = useAuth((state) => state.user?._id);
  const { state, completedAt, expiresAt } = course.progress;
  if (state !== 'completed' || completedAt === null) return null;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title="You have completed this course"
      role="region"
    >
      <Stack gap="xs">
        <Group gap="lg" wrap="wrap">
          <Text size="sm">Completed on {formatDate(completedAt)}</Text>
          <Text size="sm">{expiresAt ? `Expires on ${formatDate(expiresAt)}` : 'Does not expire'}</Text>
        </Group>
        {course.givesCertificate && userId ? (
          <Group gap="md" wrap="wrap">
            <CertificateButton userId={userId} courseId={course._id} courseName={course.name} />
            {course.certificateCode ? (
              <Text size="sm">
                Verification code:{' '}
                <Anchor
                  c="inherit"
                  underline="always"
                  renderRoot={(props) => (
                    <Link
                      to="/certificate/$code"
                      params={{ code: course.certificateCode ?? '' }}
                      {...props}
                    />
                  )}
                >
                  {course.certificateCode}
                </Anchor>
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
