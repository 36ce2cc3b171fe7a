import { MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { colorSchemeManager } from '@/lib/theme-store';
import { Toaster } from '@/ui/toaster';
import { persistOptions } from './persister';
import { queryClient } from './query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

/** The longest the refetch of the restored cache waits for the main thread to be idle. */
const REFETCH_IDLE_TIMEOUT_MS = 1500;

/**
 * Marks what the saved cache restored as stale, refetching what the screen shows, after the page has
 * loaded and when the main thread is next idle. Done at once, the refetches (some eight on the team
 * dashboard) answered while the screen was still rendering its first cards, and each answer's update
 * made React finish that render in one go instead of in short slices. A query fetched since the
 * restore (the route's loader reads the team dashboard's teams, report and members) is already
 * fresh: marked stale too, the screen fetched it again as it mounted, and the answer came in the
 * middle of the cards' render, which React then threw away and rendered again in one long task.
 */
function refetchWhenIdle() {
  const restoredAt = Date.now();
  const refetch = () =>
    void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < restoredAt });
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(refetch, { timeout: REFETCH_IDLE_TIMEOUT_MS });
    else setTimeout(refetch, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The device's scheme unless the user picked one in the profile menu (kept in the theme store).
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Toaster />
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        // The saved cache shows at once, but it may be older than the last screen seen (it is written
        // at most once a second) or than the server: what it restored is fetched again when online,
        // once the first screen has rendered (see refetchWhenIdle).
        onSuccess={refetchWhenIdle}
      >
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
