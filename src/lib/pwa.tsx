import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Workbox } from 'workbox-window';

const UPDATE_TOAST_ID = 'pwa-update';

/**
 * Registers the service worker built from sw/ and offers a reload when a new version is waiting.
 * The waiting worker only takes over when the user agrees, so an open form is never reloaded under them.
 */
export function registerServiceWorker(): Workbox | null {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });

  wb.addEventListener('waiting', () => {
    wb.addEventListener('controlling', () => window.location.reload());
    notifications.show({
      id: UPDATE_TOAST_ID,
      autoClose: false,
      withCloseButton: true,
      title: 'A new version is available',
      message: (
        <Group justify="space-between" gap="xs">
          <Text size="sm">Reload to use it.</Text>
          <Button size="xs" onClick={() => wb.messageSkipWaiting()}>
            Reload
          </Button>
        </Group>
      ),
    });
  });

  wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  return wb;
}
