import { MantineProvider } from '@mantine/core';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { colorSchemeManager } from '@/lib/theme-store';
import { whenIdle } from '@/lib/when-idle';
import { Toaster } from '@/ui/toaster';
import { persistOptions } from './persister';
import { queryClient } from './query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

/** The longest the refetch of the restored cache waits for the main thread to be idle. */
const REFETCH_IDLE_TIMEOUT_MS = 1500;

/** When this page began: what the cache holds from before it was read back from the device. */
const PAGE_STARTED_AT = Date.now();

/**
 * Marks what the saved cache restored as stale, refetching what the screen shows, after the page has
 * loaded and when the main thread is next idle. Done at once, the refetches (some eight on the team
 * dashboard) answered while the screen was still rendering its first cards, and each answer's update
 * made React finish that render in one go instead of in short slices. A query read since the page
 * began (the route's loader reads the team dashboard's teams, report and members before the restore)
 * is fresh and left alone: the restore keeps it over its older saved copy, and marked stale too, the
 * screen fetched it again, and the answer came in the middle of the cards' render, which React then
 * threw away and rendered again in one long task.
 */
function refetchWhenIdle() {
  const refetch = () =>
    void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < PAGE_STARTED_AT });
  const later = () => whenIdle(refetch, REFETCH_IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * The query client, with the cache saved on the device read back into it as the app mounts, then
 * saved again whenever it changes (not before: an empty cache would overwrite the saved one). While
 * it is being read back, queries show what is cached and wait to fetch. This is what
 * PersistQueryClientProvider does, but for the end of the wait, rendered as a transition: every
 * screen reading a query renders again then, and as an ordinary update React did it in one long
 * task just after a screen's first paint, blocking a phone's main thread.
 */
function SavedCacheProvider({ children }: { children: ReactNode }) {
  const [restoring, setRestoring] = useState(true);
  const started = useRef(false);
  useEffect(() => {
    const options = { ...persistOptions, queryClient };
    if (!started.current) {
      started.current = true;
      persistQueryClientRestore(options)
        // The saved cache shows at once, but it may be older than the last screen seen (it is
        // written at most once a second) or than the server: what it restored is fetched again
        // when online, once the first screen has rendered (see refetchWhenIdle).
        .then(refetchWhenIdle, (error: unknown) => console.error('Could not read the saved data back', error))
        .finally(() => startTransition(() => setRestoring(false)));
    }
    return restoring ? undefined : persistQueryClientSubscribe(options);
  }, [restoring]);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
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
      <SavedCacheProvider>
        <RouterProvider router={router} />
      </SavedCacheProvider>
    </MantineProvider>
  );
}
