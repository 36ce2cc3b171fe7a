import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a lazily loaded screen or the router's data is on its way. */
export function FullScreenLoader() {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
