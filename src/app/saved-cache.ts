import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { persistOptions } from './persister';
import { queryClient } from './query-client';

/** The longest the refetch of the restored cache waits for the main thread to be idle. */
const REFETCH_IDLE_TIMEOUT_MS = 1500;

export type SavedCache = {
  /** Settles once the saved queries are back in the client, or could not be read. */
  restored: Promise<void>;
  /** Whether `restored` has settled: a first render after it has no restoring state to leave. */
  isRestored: () => boolean;
  /**
   * Refetches what the restore brought back (see refetchWhenIdle), once whatever the calls: the app
   * calls it when its first screen with the restored data has rendered.
   */
  refetchRestored: () => void;
};

/**
 * Marks what the saved cache restored as stale, refetching what the screen shows, after the page has
 * loaded and when the main thread is next idle. Done at once, the refetches (some eight on the team
 * dashboard) answered while the screen was still rendering its first cards, and each answer's update
 * made React finish that render in one go instead of in short slices. A query fetched since the
 * restore (the route's loader reads the team dashboard's teams, report and members) is already
 * fresh: marked stale too, the screen fetched it again as it mounted, and the answer came in the
 * middle of the cards' render, which React then threw away and rendered again in one long task.
 */
function refetchWhenIdle(restoredAt: number) {
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

/**
 * Reads the query cache saved on the device back into the client, then saves the client again
 * whenever its cache changes (not before: an empty cache would overwrite the saved one). This is
 * what PersistQueryClientProvider does from an effect, done here without React so that a signed-in
 * start can restore the cache and resolve the route (whose loaders read it) before the first render.
 * The saved cache shows at once, but it may be older than the last screen seen (it is written at most
 * once a second) or than the server: what it restored is fetched again when online, once the first
 * screen has rendered (see refetchWhenIdle).
 */
export function restoreSavedCache(): SavedCache {
  let settled = false;
  let restoredAt: number | null = null;
  const options = { ...persistOptions, queryClient };
  const restored = persistQueryClientRestore(options)
    .then(
      () => {
        restoredAt = Date.now();
      },
      (error: unknown) => console.error('Could not read the saved data back', error),
    )
    .finally(() => {
      settled = true;
      persistQueryClientSubscribe(options);
    });
  const refetchRestored = () => {
    if (restoredAt === null) return;
    refetchWhenIdle(restoredAt);
    restoredAt = null;
  };
  return { restored, isRestored: () => settled, refetchRestored };
}
