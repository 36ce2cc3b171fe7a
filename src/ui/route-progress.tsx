import { getDefaultZIndex, Progress } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** A navigation that settles sooner than this shows nothing, so fast screens do not flash a bar. */
export const ROUTE_PROGRESS_DELAY_MS = 200;

/**
 * A thin bar across the top of the window while the next screen's loader runs, so a slow network
 * shows that something is happening while the old screen stays. Mounted once, in the root route.
 */
export function RouteProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ROUTE_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (!shown) return null;
  return (
    // No value: how far along a loader is cannot be known, so the bar says loading, not a percentage.
    <Progress.Root
      role="progressbar"
      aria-label="Loading page"
      size={3}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: getDefaultZIndex('max') }}
    >
      <Progress.Section value={100} animated withAria={false} />
    </Progress.Root>
  );
}
