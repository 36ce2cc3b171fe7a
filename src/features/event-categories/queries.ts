import type { Paged } from '@contract/envelope';
import { type EventCategoryListQuery, toEventCategoryApiQuery } from '@contract/event-categories/list-query';
import { type EventCategoryRow, eventCategoryPaths } from '@contract/event-categories/resource';
import type { EventCategoryInput, EventCategoryUpdateInput } from '@contract/event-categories/schemas';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';

/** Query keys of the Event Categories screen; a change refetches everything under `all`. */
export const eventCategoryKeys = {
  all: ['event-categories'] as const,
  lists: () => [...eventCategoryKeys.all, 'list'] as const,
  list: (query: EventCategoryListQuery) => [...eventCategoryKeys.lists(), query] as const,
};

export const eventCategoryListOptions = (query: EventCategoryListQuery) =>
  queryOptions({
    queryKey: eventCategoryKeys.list(query),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paged<EventCategoryRow>>(eventCategoryPaths.list, {
          query: toEventCategoryApiQuery(query),
          signal,
        })
      ).results,
    // The rows of the last page stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

const outbox = (action: string, target: string) => ({
  action,
  target,
  invalidate: [eventCategoryKeys.all],
});

/** After an answered write: the server's message, then the lists refetched. */
function useOnSaved() {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: eventCategoryKeys.all });
  };
}

export function useCreateEventCategory() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: EventCategoryInput) =>
      api.post<EventCategoryRow>(eventCategoryPaths.list, input, {
        outbox: outbox('Add event category', input.title ?? ''),
      }),
    onSuccess: onSaved,
  });
}

export function useUpdateEventCategory(categoryId: string) {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: EventCategoryUpdateInput) =>
      api.patch<EventCategoryRow>(eventCategoryPaths.one(categoryId), input, {
        outbox: outbox('Edit event category', input.title ?? ''),
      }),
    onSuccess: onSaved,
  });
}
