import { Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';

type MountWhenProps = {
  /** Mounts the children the first time this is true (a dialog's `opened`), and keeps them after. */
  when: boolean;
  children: ReactNode;
};

/**
 * Leaves a dialog (usually a `lazy` one) out of the page until it is first opened, then keeps it
 * mounted so that closing still plays its transition. A screen then downloads and runs a dialog's
 * code only for the visitor who opens it, not before its first paint.
 */
export function MountWhen({ when, children }: MountWhenProps) {
  const [opened, setOpened] = useState(when);
  if (when && !opened) setOpened(true);
  if (!opened && !when) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The loader QueryStatus shows, for a panel whose code or first render is still to come. */
export function PanelLoader() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          Loading...
        </Text>
      </Stack>
    </Center>
  );
}

/** A lazy panel's place while its code arrives (a tab first opened). */
export function LazyPanel({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PanelLoader />}>{children}</Suspense>;
}

/**
 * False on a screen's first render, then true from a render React runs as a transition. A screen
 * shows its frame (title, pickers) at once and renders its heavy part (cards, lists) in that second
 * pass, which React splits into short slices: a phone paints the frame sooner and its main thread
 * is not held for the whole tree in one long task.
 */
export function useSecondPass(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
}
