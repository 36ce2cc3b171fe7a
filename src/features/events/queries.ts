import type { NamedRef } from '@contract/course-assignments/resource';
import type { Paged } from '@contract/envelope';
import type { EventCategoryRow } from '@contract/event-categories/resource';
import { eventCategoryPaths } from '@contract/event-categories/resource';
import type { EventListQuery } from '@contract/events/list-query';
import {
  type EventDetail,
  type EventRow,
  eventInstructorOptionsPath,
  eventPaths,
} from '@contract/events/resource';
import type { EventInput, EventUpdateInput } from '@contract/events/schemas';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { choicePages } from '@/lib/choice-pages';
import type { Choice } from '@/lib/lookups';
import { toast } from '@/lib/notify';

/** Query keys of the Events screens; a change refetches everything under `all`. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: EventListQuery) => [...eventKeys.lists(), query] as const,
  detail: (eventId: string) => [...eventKeys.all, 'detail', eventId] as const,
  categories: () => [...eventKeys.all, 'categories'] as const,
  instructors: (search: string) => [...eventKeys.all, 'instructor-choices', search] as const,
};

export const eventListOptions = (query: EventListQuery) =>
  queryOptions({
    queryKey: eventKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<EventRow>>(eventPaths.list, { query, signal })).results,
    // The rows of the last page stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const eventDetailOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: async ({ signal }) => (await api.get<EventDetail>(eventPaths.one(eventId), { signal })).results,
  });

/** The largest page the category list takes: every category a form or a filter offers. */
const EVERY_CATEGORY = 500;

/** The published event categories, by title, as choices (the form's select and the list's filter). */
export const eventCategoryChoicesOptions = () =>
  queryOptions({
    queryKey: eventKeys.categories(),
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const { results } = await api.get<Paged<EventCategoryRow>>(eventCategoryPaths.list, {
        query: { page: 1, limit: EVERY_CATEGORY, filter: 'status:true' },
        signal,
      });
      return results.data
        .map((category) => ({ value: category._id, label: category.title }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },
    staleTime: 5 * 60_000,
  });

/** Enabled users by name, for the instructors. */
export const instructorChoicePages = choicePages<NamedRef>({
  key: eventKeys.instructors,
  fetch: (query, signal) =>
    api.get<Paged<NamedRef>>(eventInstructorOptionsPath, {
      query,
      signal,
    }),
  toChoice: (user) => ({ value: user._id, label: user.name }),
});

const outbox = (action: string, target: string) => ({ action, target, invalidate: [eventKeys.all] });

/** After an answered write: the server's message, then the lists and the event refetched. */
function useOnSaved() {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: eventKeys.all });
  };
}

export function useCreateEvent() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: EventInput) =>
      api.post<EventDetail>(eventPaths.list, input, { outbox: outbox('Add event', input.title ?? '') }),
    onSuccess: onSaved,
  });
}

export function useUpdateEvent(eventId: string) {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: EventUpdateInput) =>
      api.patch<EventDetail>(eventPaths.one(eventId), input, {
        outbox: outbox('Edit event', input.title ?? ''),
      }),
    onSuccess: onSaved,
  });
}
