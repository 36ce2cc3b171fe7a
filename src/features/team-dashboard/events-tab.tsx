import { Center, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';

/** Events cannot be assigned to a team yet; the tab says so rather than showing an empty frame. */
export function EventsTab() {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <IconCalendarEvent size={32} stroke={1.5} aria-hidden />
        <Text c="dimmed" ta="center">
          No events to assign yet. Events will appear here once they are created.
        </Text>
      </Stack>
    </Center>
  );
}
