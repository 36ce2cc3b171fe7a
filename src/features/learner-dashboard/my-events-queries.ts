import {
  type CalendarFeedAnswer,
  type JoinAnswer,
  learnerEventPaths,
  type MyEvent,
  type MyRegistration,
} from '@contract/events/attendees';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { downloadFile } from '@/lib/download-file';
import { learnerEventKeys } from '@/lib/learner-event-keys';

/** The learner's upcoming events (My Dashboard); kept a week for offline use. */
export const myEventsOptions = () =>
  queryOptions({
    queryKey: learnerEventKeys.mine(),
    queryFn: async ({ signal }) => (await api.get<MyEvent[]>(learnerEventPaths.mine, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** Whether the learner has a calendar feed; the address itself is shown only when made. */
export const calendarFeedOptions = () =>
  queryOptions({
    queryKey: learnerEventKeys.feed(),
    queryFn: async ({ signal }) =>
      (await api.get<CalendarFeedAnswer>(learnerEventPaths.feed, { signal })).results,
  });

// Seats are given by the server under the event's lock: these go straight to it, never to the outbox.
export const cancelPlace = async (eventId: string) =>
  (await api.post<MyRegistration>(learnerEventPaths.cancel(eventId))).results;

export const joinSession = async (sessionId: string) =>
  (await api.post<JoinAnswer>(learnerEventPaths.join(sessionId))).results;

export const downloadEventCalendar = (eventId: string) =>
  downloadFile(learnerEventPaths.calendar(eventId), {}, 'event.ics');

export const createCalendarFeed = async () =>
  (await api.post<CalendarFeedAnswer>(learnerEventPaths.feed)).results;

export const revokeCalendarFeed = async () =>
  (await api.delete<CalendarFeedAnswer>(learnerEventPaths.feed)).results;
