import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { ErrorFallback } from '@/ui/error-fallback';
import { FullScreenLoader } from '@/ui/full-screen-loader';
import { NotFound } from '@/ui/not-found';
import { routeTree } from '../routeTree.gen';
import { queryClient } from './query-client';

/**
 * Search values are JSON where they parse as such (page=2), except the words true and false: the
 * lists' status filter uses them as text, and read as JSON they would be written back quoted
 * (status=%22false%22) to keep them text. Throwing keeps them as they are both ways.
 */
function parseSearchValue(value: string): unknown {
  if (value === 'true' || value === 'false') throw new TypeError('kept as text');
  return JSON.parse(value);
}

export const router = createRouter({
  routeTree,
  parseSearch: parseSearchWith(parseSearchValue),
  stringifySearch: stringifySearchWith(JSON.stringify, parseSearchValue),
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
