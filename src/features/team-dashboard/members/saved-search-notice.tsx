import { Alert, Center, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import type { SavedSearch } from './use-member-list';

/** Over a list searched on the device: which saved members it was done over, and from when. */
export function SavedSearchNotice({ saved, total, updatedAt }: SavedSearch) {
  const among = saved < total ? `the ${saved} of ${total} members` : `the ${total} members`;
  return (
    <Alert color="yellow" icon={<IconCloudOff size={18} aria-hidden />} role="status" py="xs">
      You are offline. Searched on this device among {among} saved on {formatDateTime(updatedAt)}.
    </Alert>
  );
}

/** In place of the list, offline, when a filter needs the server. */
export function NeedsConnection() {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <IconCloudOff size={32} stroke={1.5} aria-hidden />
        <Text c="dimmed" ta="center">
          You are offline. Role, Department and Location filters need a connection; search and sort work on
          the saved members.
        </Text>
      </Stack>
    </Center>
  );
}
