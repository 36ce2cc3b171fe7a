import { FILE_KINDS } from '@contract/files';
import { MEDIA_WATCHED_SHARE, type PlayerActivity } from '@contract/learning/resource';
import { Anchor, Badge, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import { useWaitingWork, WAITING_LABEL } from '@/lib/outbox-learning';
import { ActivityPreview } from '@/ui/activity-preview/activity-preview';
import { useCompleteActivity, useHandIn } from './mutations';
import { useStableFiles } from './stable-files';

type ActivityCardProps = { courseId: string; activity: PlayerActivity };

/** The picker offers the kinds the server takes as a hand-in. */
const HAND_IN_ACCEPT = FILE_KINDS.handIn.extensions.map((extension) => `.${extension}`).join(',');

/** What finishes an activity of this kind. */
export function finishedBy(activity: Pick<PlayerActivity, 'activityType' | 'videoType'>) {
  if (
    (activity.activityType === 'videoPlayer' && activity.videoType === 'mp4') ||
    activity.activityType === 'audioPlayer'
  )
    return 'media';
  if (activity.activityType === 'pdfDocument') return 'reading';
  if (activity.activityType === 'fileUpload') return 'hand-in';
  return 'marking';
}

function HandInForm({ courseId, activity }: ActivityCardProps) {
  const handIn = useHandIn(courseId);
  const [file, setFile] = useState<File | null>(null);
  const completionId = useRef(crypto.randomUUID());
  return (
    <Stack gap="xs">
      {activity.handIn && (
        <Text size="sm">
          Handed in:{' '}
          <Anchor href={activity.handIn.url} target="_blank" rel="noopener noreferrer">
            {activity.handIn.name}
          </Anchor>{' '}
          on {formatDateTime(activity.handIn.handedInAt)}
        </Text>
      )}
      <Group align="flex-end" gap="sm">
        <FileInput
          label={activity.handIn ? 'Hand in another file' : 'Your file'}
          placeholder="Choose a file"
          accept={HAND_IN_ACCEPT}
          value={file}
          onChange={(next) => {
            setFile(next);
            handIn.reset();
          }}
          error={isApiError(handIn.error) ? handIn.error.errors.file : undefined}
          clearable
          flex={1}
          miw={200}
        />
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={!file}
          loading={handIn.isPending}
          onClick={() => {
            if (!file) return;
            handIn.mutate(
              { activityId: activity._id, title: activity.title, completionId: completionId.current, file },
              {
                onSuccess: () => {
                  setFile(null);
                  completionId.current = crypto.randomUUID();
                },
              },
            );
          }}
        >
          Hand in
        </Button>
      </Group>
    </Stack>
  );
}

/** One activity of a lesson in the player: the activity itself, and what finishes it. */
export function ActivityCard({ courseId, activity: fresh }: ActivityCardProps) {
  const activity = useStableFiles(fresh);
  const complete = useCompleteActivity(courseId);
  // One completion per card: a second tap, or the outbox sending it again, counts once.
  const completionId = useRef(crypto.randomUUID());
  const sent = useRef(false);
  // Shown not done again (its waiting completion discarded from the outbox), the activity can be
  // finished anew.
  useEffect(() => {
    if (!activity.done) sent.current = false;
  }, [activity.done]);
  // The card shows when the learner opens the activity: media is timed from here.
  const [openedAt] = useState(() => new Date().toISOString());
  const [watched, setWatched] = useState(0);
  const kind = finishedBy(activity);
  // Finished on this device, the completion or hand-in still in the outbox.
  const waiting = useWaitingWork().activities.has(activity._id);

  const finish = (share?: number) => {
    if (activity.done || sent.current) return;
    sent.current = true;
    complete.mutate(
      {
        activityId: activity._id,
        title: activity.title,
        completionId: completionId.current,
        watched: share,
        ...(kind === 'media' ? { openedAt } : {}),
      },
      {
        onError: () => {
          sent.current = false;
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" component="article" aria-label={activity.title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {activity.title}
          </Title>
          {activity.done ? (
            <Group gap={6} justify="flex-end">
              <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                Done
              </Badge>
              {waiting && (
                <Badge color="yellow" variant="light">
                  {WAITING_LABEL}
                </Badge>
              )}
            </Group>
          ) : (
            activity.required && <Badge variant="light">Required</Badge>
          )}
        </Group>
        <ActivityPreview
          activity={activity}
          progress={{
            onWatched: (share) => {
              setWatched(share);
              if (share >= MEDIA_WATCHED_SHARE) finish(share);
            },
            onLastPage: () => finish(),
          }}
        />
        {!activity.done && kind === 'media' && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Played {Math.floor(watched * 100)}%: play {Math.round(MEDIA_WATCHED_SHARE * 100)}% without
            skipping ahead to finish it.
          </Text>
        )}
        {kind === 'hand-in' && <HandInForm courseId={courseId} activity={activity} />}
        {!activity.done && (kind === 'reading' || kind === 'marking') && (
          <Group>
            <Button variant="light" loading={complete.isPending} onClick={() => finish()}>
              {kind === 'reading' ? 'Mark as read' : 'Mark as done'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
