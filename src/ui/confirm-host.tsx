import { createStore, useSelector } from '@tanstack/react-store';
import { Suspense } from 'react';
import type { ConfirmDialogProps, ConfirmVariant, ConfirmWords } from './confirm-dialog';
import { lazyUntilUsed, usePreloadWhenIdle } from './until-used/until-used';

/** The dialog's code is fetched once the browser is idle, so that it is in before a question. */
const confirmDialog = lazyUntilUsed<ConfirmDialogProps>(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

type PendingConfirm = {
  variant: ConfirmVariant;
  onConfirm: () => unknown;
  words?: ConfirmWords;
  /** The dialog closed: by its cancel button, Escape or the close button (and after a confirm too). */
  onClose?: () => void;
};

const confirmStore = createStore<{ current: PendingConfirm | null; opened: boolean }>({
  current: null,
  opened: false,
});

/**
 * Opens the confirm dialog from anywhere (a table row action, a bulk button) without each screen
 * keeping its own open state. Needs <ConfirmHost /> mounted once in the app.
 */
export function openConfirm(variant: ConfirmVariant, onConfirm: () => unknown, words?: ConfirmWords): void {
  confirmStore.setState(() => ({ current: { variant, onConfirm, words }, opened: true }));
}

/**
 * Asks and answers true when the user confirms, false when the dialog is closed otherwise, for a
 * caller that waits on the answer (the router's blocker).
 */
export function askConfirm(variant: ConfirmVariant, words?: ConfirmWords): Promise<boolean> {
  return new Promise((resolve) => {
    // A confirm closes the dialog afterwards; the promise keeps its first answer.
    confirmStore.setState(() => ({
      current: { variant, words, onConfirm: () => resolve(true), onClose: () => resolve(false) },
      opened: true,
    }));
  });
}

export function ConfirmHost() {
  const { current, opened } = useSelector(confirmStore);
  usePreloadWhenIdle(confirmDialog.preload);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <confirmDialog.Component
        variant={current.variant}
        words={current.words}
        opened={opened}
        onConfirm={current.onConfirm}
        // Keep the content while the close transition runs.
        onClose={() => {
          current.onClose?.();
          confirmStore.setState((state) => ({ ...state, opened: false }));
        }}
      />
    </Suspense>
  );
}
