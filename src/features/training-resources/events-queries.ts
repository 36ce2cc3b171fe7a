import type { Paged } from '@contract/envelope';
import {
  learnerEventPaths,
  type MyRegistration,
  type OpenEvent,
  type OpenEventListQuery,
} from '@contract/events/attendees';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { learnerEventKeys } from '@/lib/learner-event-keys';

/** Events open for registration, a page at a time, with the learner's place on each. */
export const openEventsOptions = (query: OpenEventListQuery) =>
  queryOptions({
    queryKey: learnerEventKeys.open(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<OpenEvent>>(learnerEventPaths.open, { query, signal })).results,
    placeholderData: keepPreviousData,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** Seats are given by the server under the event's lock: a registration goes straight to it, never to the outbox. */
export const registerForEvent = async (eventId: string) =>
  (await api.post<MyRegistration>(learnerEventPaths.register(eventId))).results;
