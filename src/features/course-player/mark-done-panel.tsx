import { learningPaths, type MarkDoneResult, type PlayerCourse } from '@contract/learning/resource';
import type { MarkDoneInput } from '@contract/learning/schemas';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { learningKeys } from '@/lib/learning-keys';
import { toast } from '@/lib/notify';
import { currentOutbox, type OutboxSummary, useOutbox } from '@/lib/outbox';
import { useWaitingWork } from '@/lib/outbox-learning';

/**
 * Marks the course done. The completion's id is made once per panel, so the outbox's replay of it,
 * or a second tap, counts once on the server. `onQueued` hears of a mark kept in the outbox.
 */
function useMarkDone(course: PlayerCourse, onQueued: () => void) {
  const queryClient = useQueryClient();
  const [completionId] = useState(() => crypto.randomUUID());
  return useMutation({
    mutationFn: (): Promise<WriteResult<MarkDoneResult>> => {
      const body: MarkDoneInput = { completionId };
      return api.post<MarkDoneResult>(learningPaths.markDone(course._id), body, {
        outbox: { action: 'Mark a course done', target: course.name, invalidate: [learningKeys.all] },
      });
    },
    onSuccess: async (result) => {
      if (isQueued(result)) {
        onQueued();
        return;
      }
      if (result.results.courseCompleted) toast.success('Course completed.');
      await queryClient.invalidateQueries({ queryKey: learningKeys.all });
    },
  });
}

/**
 * Whether the course's mark waits in the outbox: as the outbox lists it (after a reload too, and no
 * more once it is sent or discarded), or, until the outbox next reports, as the panel's own mark
 * was answered (the answer comes a moment before the report).
 */
function useMarkWaiting(courseId: string) {
  const work = useWaitingWork();
  const { entries } = useOutbox();
  const [queuedWith, setQueuedWith] = useState<readonly OutboxSummary[] | null>(null);
  const waiting = work.markedDone.has(courseId) || (queuedWith !== null && queuedWith === entries);
  return { waiting, onQueued: () => setQueuedWith(currentOutbox().entries) };
}

/**
 * A course taken at its external link (its outline holds nothing to take): the link, and 'Mark as
 * done' once the learner has opened it. Done, it says when; marked offline, that it waits to be sent.
 */
export function MarkDonePanel({ course, link }: { course: PlayerCourse; link: string }) {
  const [opened, setOpened] = useState(false);
  const { waiting, onQueued } = useMarkWaiting(course._id);
  const markDone = useMarkDone(course, onQueued);
  const { completedAt, state } = course.progress;
  const done = state === 'completed' && completedAt !== null;
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Text size="sm">
          This course is taken at its link. Open it, and once you have finished there, mark the course as
          done.
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            component="a"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            onClick={() => setOpened(true)}
          >
            {course.externalTitle || 'Open the course'}
          </Button>
          {!done && !waiting && (
            <Button
              onClick={() => markDone.mutate()}
              loading={markDone.isPending}
              disabled={!opened}
              aria-describedby={opened ? undefined : 'mark-done-hint'}
            >
              Mark as done
            </Button>
          )}
        </Group>
        {!done && !waiting && !opened && (
          <Text id="mark-done-hint" size="xs" c="dimmed">
            Open the link first.
          </Text>
        )}
        {waiting && (
          <Alert color="blue" role="status" title="Marked as done">
            Waiting to be sent: it counts once you are back online.
          </Alert>
        )}
        {done && (
          <Alert color="green" role="status" title="Done">
            You marked this course as done on {formatDate(completedAt)}.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
