import type { PlayerCourse } from '@contract/learning/resource';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDeviceMobileDown, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes } from '@/lib/format-bytes';
import { keptCourse, removeKeptCourse, storageUsed } from '@/lib/kept-courses';
import { useOnline } from '@/ui/use-online';
import { courseBytes, keepCourse } from './keep-offline';

const deviceKeys = {
  kept: (courseId: string) => ['device', 'kept-course', courseId] as const,
  used: ['device', 'storage-used'] as const,
};

/**
 * "Keep offline" on an assigned course: the size it needs before, the progress while it is saved,
 * what it took and the device's storage used after; "Remove from device" frees it.
 */
export function KeepOfflinePanel({ course }: { course: PlayerCourse }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  // What is on this device is read from the device, never from the network or the saved cache.
  const kept = useQuery({
    queryKey: deviceKeys.kept(course._id),
    queryFn: () => keptCourse(course._id),
    networkMode: 'always',
    gcTime: 0,
    staleTime: 0,
  });
  const used = useQuery({
    queryKey: deviceKeys.used,
    queryFn: storageUsed,
    networkMode: 'always',
    gcTime: 0,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deviceKeys.kept(course._id) }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.used }),
    ]);
  const keep = useMutation({
    mutationFn: () => keepCourse(queryClient, course._id, (done, of) => setProgress({ done, of })),
    onSettled: async () => {
      setProgress(null);
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => removeKeptCourse(course._id), onSettled: refresh });

  // A package's files are the content origin's to keep, and its size is not known here: it is named.
  const packages = course.outline.filter((item) => item.kind === 'elearning').length;
  const packagesName = `${packages} e-learning package${packages === 1 ? '' : 's'}`;
  const usedText =
    used.data == null ? null : `This app uses ${formatBytes(used.data)} of this device's storage.`;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Offline use">
      <Stack gap="xs">
        {kept.data ? (
          <>
            <Text size="sm">
              Kept on this device: {kept.data.files} file{kept.data.files === 1 ? '' : 's'},{' '}
              {formatBytes(kept.data.bytes)}
              {packages > 0 && `, ${packagesName}`}, and the quiz questions.
            </Text>
            {usedText && (
              <Text size="sm" c="dimmed">
                {usedText}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Remove from device
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              Keep this course on the device to take it offline: it needs {formatBytes(courseBytes(course))}
              {packages > 0 && ` and the files of ${packagesName}`}.
            </Text>
            {progress && (
              <Progress
                value={progress.of === 0 ? 100 : (100 * progress.done) / progress.of}
                aria-label={`Saving the course: ${progress.done} of ${progress.of}`}
              />
            )}
            {keep.error && (
              <Alert color="red" role="alert" py="xs">
                {keep.error.message}
              </Alert>
            )}
            <Group>
              <Button
                size="xs"
                leftSection={<IconDeviceMobileDown size={14} aria-hidden />}
                loading={keep.isPending}
                disabled={!online || kept.isPending}
                onClick={() => keep.mutate()}
              >
                Keep offline
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
