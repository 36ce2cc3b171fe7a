import { messages } from '@contract/messages';
import { Button, DEFAULT_THEME, darken, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { toast } from '@/lib/notify';

/**
 * The button that turns records off: orange 9 darkened by a tenth, as white on every shade of
 * Mantine's orange is under the 4.5:1 that WCAG AA asks of text (orange 8, the primary shade, 3.6:1);
 * white on this is 5.1:1.
 */
const TURN_OFF_COLOR = darken(DEFAULT_THEME.colors.orange[9], 0.1);

type VariantWords = {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  color: string;
};

/**
 * The three confirmations of spec section 8, word for word, the same two for records that are
 * enabled and disabled (users) rather than published, and the question before leaving a form with
 * changes not saved (the spec has no words for it).
 */
export const confirmVariants = {
  publish: {
    title: 'Confirm Publish',
    text: 'Are you sure you want to publish this? Once published, it will be active.',
    confirmLabel: 'Publish',
    color: 'blue',
  },
  unpublish: {
    title: 'Confirm Unpublish',
    text: 'Are you sure you want to unpublish this, It will no longer be active.',
    confirmLabel: 'Unpublish',
    color: TURN_OFF_COLOR,
  },
  enable: {
    title: 'Confirm Enable',
    text: 'Are you sure you want to enable this? Once enabled, it will be active.',
    confirmLabel: 'Enable',
    color: 'blue',
  },
  disable: {
    title: 'Confirm Disable',
    text: 'Are you sure you want to disable this? It will no longer be active.',
    confirmLabel: 'Disable',
    color: TURN_OFF_COLOR,
  },
  delete: {
    title: 'Confirm Deletion',
    text: 'Are you sure you want to delete this item, The action can’t be reversed.',
    confirmLabel: 'Delete',
    color: 'red',
  },
  discard: {
    title: 'Discard unsaved changes?',
    text: 'The changes you made here have not been saved and will be lost.',
    confirmLabel: 'Discard',
    cancelLabel: 'Keep editing',
    color: 'red',
  },
} as const satisfies Record<string, VariantWords>;

export type ConfirmVariant = keyof typeof confirmVariants;

/** A dialog's own words in place of its variant's, e.g. to name what is removed and from where. */
export type ConfirmWords = Partial<Omit<VariantWords, 'color'>>;

export type ConfirmDialogProps = {
  variant: ConfirmVariant;
  words?: ConfirmWords;
  opened: boolean;
  onClose: () => void;
  /**
   * May return a promise: the button shows a spinner until it settles; the dialog then closes,
   * whether the action was done or refused (see tellFailure).
   */
  onConfirm: () => unknown;
};

/**
 * Says why a confirmed action failed, unless the api client already has: it toasts every failure
 * but a 422, which it leaves to a form's fields, and a confirmation has none. A refusal made on
 * the device (a plain Error) is told here too. The dialog does not stay open behind the message:
 * sending the same action again would be refused again.
 */
function tellFailure(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (isApiError(error)) {
    if (error.status === 422) toast.error(error.message);
    return;
  }
  toast.error(error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
}

export function ConfirmDialog({ variant, words, opened, onClose, onConfirm }: ConfirmDialogProps) {
  const chosen: VariantWords = { ...confirmVariants[variant], ...words };
  const { title, text, confirmLabel, cancelLabel = 'Cancel', color } = chosen;
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      tellFailure(error);
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={color} onClick={confirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
