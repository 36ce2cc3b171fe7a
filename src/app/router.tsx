import { createRouter } from '@tanstack/react-router';
import { ErrorFallback } from '@/ui/error-fallback';
import { FullScreenLoader } from '@/ui/full-screen-loader';
import { NotFound } from '@/ui/not-found';
import { routeTree } from '../routeTree.gen';
import { queryClient } from './query-client';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // TanStack Query owns freshness; the router must not serve its own cached loader results.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: FullScreenLoader,
  defaultErrorComponent: ErrorFallback,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
