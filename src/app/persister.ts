import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { localKeys, localStringStorage } from '@/lib/local-store';

const persister = createAsyncStoragePersister({
  storage: localStringStorage,
  key: localKeys.queryCache,
  throttleTime: 1000,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: OFFLINE_MAX_AGE_MS,
  // Bump when a cached response shape changes, so old caches are not read back.
  buster: 'v1',
  dehydrateOptions: {
    // Writes are owned by the service worker's outbox; a persisted mutation would replay twice.
    shouldDehydrateMutation: () => false,
  },
};
