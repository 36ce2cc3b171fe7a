import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useIsRestoring } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { queryDisplay } from './query-state';
import { NotSavedYet } from './saved-data-notice';
import { useOnline } from './use-online';

/** The parts of a query result (plain or infinite) this needs. */
export type QueryLike = {
  data: unknown;
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: unknown;
  refetch: () => unknown;
};

export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.isNetworkError;
}

/** Which of data / loading / not saved / error a query is in, offline included. */
export function useQueryDisplay(query: QueryLike) {
  const online = useOnline();
  const restoring = useIsRestoring();
  return queryDisplay({
    hasData: query.data !== undefined,
    status: query.status,
    fetchStatus: query.fetchStatus,
    networkError: isNetworkFailure(query.error),
    online,
    restoring,
  });
}

type QueryStatusProps = { query: QueryLike; label?: string };

/**
 * What to show in place of data that is not there: a loader, the not-saved-for-offline message or
 * the error with a retry. Renders nothing once the data is there.
 */
export function QueryStatus({ query, label = 'Loading...' }: QueryStatusProps) {
  const display = useQueryDisplay(query);
  if (display === 'data') return null;
  if (display === 'not-saved') return <NotSavedYet />;
  if (display === 'error') {
    return (
      <Alert color="red" title="Could not load this" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error instanceof Error ? query.error.message : String(query.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
