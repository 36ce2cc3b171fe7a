import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** A 4xx answer will not change on retry; network errors and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Query defaults of spec section 9. Mutations are never retried or paused here: writes belong to the worker's outbox. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
    },
    mutations: {
      networkMode: 'always',
      retry: 0,
    },
  },
});
