import { Alert, Center, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import { useOnline } from './use-online';

export const NOT_SAVED_TEXT = 'This page has not been saved for offline use yet.';

type SavedDataNoticeProps = {
  /** When the data on screen was fetched (a query's dataUpdatedAt). */
  updatedAt: number;
  /** The last refresh failed for want of a network, even if the browser believes it is online. */
  networkFailed?: boolean;
};

/** Tells the user that what they see is the copy saved on the device, and from when. Shows only when offline. */
export function SavedDataNotice({ updatedAt, networkFailed = false }: SavedDataNoticeProps) {
  const online = useOnline();
  if ((online && !networkFailed) || updatedAt === 0) return null;
  return (
    <Alert color="yellow" icon={<IconCloudOff size={18} aria-hidden />} role="status" py="xs">
      Showing data saved on {formatDateTime(updatedAt)}. You are offline.
    </Alert>
  );
}

/** In place of a list or page that was never fetched on this device while it is offline. */
export function NotSavedYet() {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <IconCloudOff size={32} stroke={1.5} aria-hidden />
        <Text c="dimmed" ta="center">
          {NOT_SAVED_TEXT}
        </Text>
      </Stack>
    </Center>
  );
}
