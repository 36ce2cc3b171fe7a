import type { NamedRef } from '@contract/course-assignments/resource';
import type { LookupPage, Paged } from '@contract/envelope';
import {
  type AddAttendeesInput,
  type AddAttendeesResult,
  type AttendeeDetail,
  type AttendeeListQuery,
  type AttendeeRow,
  type AttendeeUpdateInput,
  attendeePaths,
  type MarkAttendanceInput,
  type MarkAttendanceResult,
} from '@contract/events/attendees';
import { type EventDetail, type EventRow, eventPaths } from '@contract/events/resource';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { choicePages } from '@/lib/choice-pages';
import { nextLookupPage } from '@/lib/lookups';
import { toast } from '@/lib/notify';
import type { LookupItem } from '@/ui/searchable-paged-select';

/** Query keys of the Attendees screens; a change refetches everything under `all`. */
export const attendeeKeys = {
  all: ['attendees'] as const,
  lists: () => [...attendeeKeys.all, 'list'] as const,
  list: (query: AttendeeListQuery) => [...attendeeKeys.lists(), query] as const,
  detail: (attendeeId: string) => [...attendeeKeys.all, 'detail', attendeeId] as const,
  /** An event's sessions and title, for the attendance control and the filter's label. */
  event: (eventId: string) => [...attendeeKeys.all, 'event', eventId] as const,
  events: (search: string) => [...attendeeKeys.all, 'events', search] as const,
  people: (kind: PeopleKind, search: string) => [...attendeeKeys.all, 'people', kind, search] as const,
};

export const attendeeListOptions = (query: AttendeeListQuery) =>
  queryOptions({
    queryKey: attendeeKeys.list(query),
    queryFn: async ({ signal }) => {
      const { status: _status, ...sent } = query;
      return (await api.get<Paged<AttendeeRow>>(attendeePaths.list, { query: sent, signal })).results;
    },
    placeholderData: keepPreviousData,
  });

export const attendeeDetailOptions = (attendeeId: string) =>
  queryOptions({
    queryKey: attendeeKeys.detail(attendeeId),
    queryFn: async ({ signal }) =>
      (await api.get<AttendeeDetail>(attendeePaths.one(attendeeId), { signal })).results,
  });

export const eventDetailOptions = (eventId: string) =>
  queryOptions({
    queryKey: attendeeKeys.event(eventId),
    queryFn: async ({ signal }) => (await api.get<EventDetail>(eventPaths.one(eventId), { signal })).results,
  });

/** Events by title, newest first, paged as the searchable select scrolls. */
export const eventPages = (search: string) =>
  infiniteQueryOptions({
    queryKey: attendeeKeys.events(search) as readonly unknown[],
    queryFn: async ({ pageParam, signal }): Promise<LookupPage<LookupItem>> => {
      const { results } = await api.get<Paged<EventRow>>(eventPaths.list, {
        query: { search, page: pageParam, limit: 20 },
        signal,
      });
      return {
        data: results.data.map((event) => ({ _id: event._id, title: event.title })),
        page: results.page,
        limit: results.limit,
        totalPage: results.totalPages,
        total: results.total,
      };
    },
    initialPageParam: 1,
    getNextPageParam: nextLookupPage,
  });

export type PeopleKind = 'users' | 'groups' | 'teams';

// The administration's one search of users, user groups and teams by name (the Assignments form's).
const peoplePages = (kind: PeopleKind) =>
  choicePages<NamedRef>({
    key: (search) => attendeeKeys.people(kind, search),
    fetch: (query, signal) =>
      api.get<Paged<NamedRef>>(attendeePaths.peopleOptions, { query: { ...query, kind }, signal }),
    toChoice: (entry) => ({ value: entry._id, label: entry.name }),
  });

/** The Add screen's pickers: enabled users, user groups and teams by name. */
export const peopleChoicePages = {
  users: peoplePages('users'),
  groups: peoplePages('groups'),
  teams: peoplePages('teams'),
} satisfies Record<PeopleKind, unknown>;

const outbox = (action: string, target: string) => ({
  action,
  target,
  invalidate: [attendeeKeys.all],
});

/** After an answered write: the lists and details refetched (the seats of others may have moved). */
function useRefetch() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: attendeeKeys.all });
}

/** POST /event/attendee; the caller tells how it went from the AddAttendeesResult. */
export function useAddAttendees() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (input: AddAttendeesInput) =>
      api.post<AddAttendeesResult>(attendeePaths.list, input, { outbox: outbox('Add attendees', '') }),
    onSuccess: async (result: WriteResult<AddAttendeesResult>) => {
      if (!isQueued(result)) await refetch();
    },
  });
}

export function useUpdateAttendee(attendeeId: string, name: string) {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (input: AttendeeUpdateInput) =>
      api.patch<AttendeeDetail>(attendeePaths.one(attendeeId), input, {
        outbox: outbox('Edit attendee', name),
      }),
    onSuccess: async (result: WriteResult<AttendeeDetail>) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await refetch();
    },
  });
}

/** PUT /event/attendance for everyone seated on the session's event. */
export function useMarkAttendance() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (input: MarkAttendanceInput) =>
      api.put<MarkAttendanceResult>(attendeePaths.attendance, input, {
        outbox: outbox('Mark attendance', ''),
      }),
    onSuccess: async (result: WriteResult<MarkAttendanceResult>) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await refetch();
    },
  });
}
