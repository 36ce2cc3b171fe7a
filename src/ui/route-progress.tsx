import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';

/** A navigation that settles sooner than this shows nothing, so fast screens do not flash a bar. */
export const ROUTE_PROGRESS_DELAY_MS = 200;

const RouteProgressBar = lazy(() => import('./route-progress-bar'));

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
    <Suspense fallback={null}>
      <RouteProgressBar />
    </Suspense>
  );
}
