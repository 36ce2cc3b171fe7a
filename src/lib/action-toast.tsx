import { Button, Stack, Text } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { toastAutoClose } from './notify';

type ActionToast = {
  id: string;
  color: string;
  message: string;
  /** One button under the message; pressing it closes the toast. */
  action: { label: string; onClick: () => void };
};

/**
 * A toast that offers what to do about it, e.g. a refused offline change with a button opening the
 * offline changes. One with the same id on screen is updated, so it always says the latest. Apart
 * from notify.ts, which /login loads: only the signed-in shell raises these.
 */
export function showActionToast({ id, color, message, action }: ActionToast) {
  const body = (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="light"
        color={color}
        onClick={() => {
          notifications.hide(id);
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Stack>
  );
  const toast = { id, message: body, color, autoClose: toastAutoClose(), withCloseButton: true };
  const { notifications: shown, queue } = notificationsStore.getState();
  if ([...shown, ...queue].some((item) => item.id === id)) notifications.update(toast);
  else notifications.show(toast);
}
