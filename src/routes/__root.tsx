import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '@/ui/not-found';
import { RouteProgress } from '@/ui/route-progress';

export type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <RouteProgress />
      <Outlet />
    </>
  ),
  // An address no route knows has no layout around it, so the page gives its own main landmark.
  notFoundComponent: () => (
    <main>
      <NotFound />
    </main>
  ),
});
