import {
  type AddAttendeesResult,
  type SessionMarkInput,
  type TeamAttendeeUpdateInput,
  type TeamEvent,
  teamEventPaths,
} from '@contract/events/attendees';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { toast } from '@/lib/notify';
import { teamKeys } from '../keys';
import { MARK_QUERY } from './pending-marks';

/** Under the team's key: whatever refreshes the team (a member removed) refreshes its events. */
export const teamEventKeys = {
  list: (teamId: string) => [...teamKeys.team(teamId), 'events'] as const,
};

/** The Assign Events tab's events; kept a week, so a lead marking attendance on site sees them offline. */
export const teamEventsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamEventKeys.list(teamId),
    queryFn: async ({ signal }) =>
      (await api.get<TeamEvent[]>(teamEventPaths.events(teamId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** What a change of place or a mark touches once answered: the team's events, report and the member's views. */
const touched = (teamId: string, memberIds: readonly string[]) => [
  teamKeys.team(teamId),
  ...memberIds.map((memberId) => teamKeys.member(memberId)),
];

function useRefresh(teamId: string) {
  const queryClient = useQueryClient();
  return (memberIds: readonly string[]) =>
    Promise.all(touched(teamId, memberIds).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** 'Registered 2, 1 on the waiting list.': how a registration went, in a sentence. */
export function registrationSummary(result: AddAttendeesResult): string {
  const parts = [
    result.registered > 0 ? `${result.registered} registered` : null,
    result.waitlisted > 0 ? `${result.waitlisted} on the waiting list` : null,
    result.alreadyOn > 0 ? `${result.alreadyOn} already on it` : null,
    result.full > 0 ? `${result.full} not added: the event is full` : null,
  ].filter(Boolean);
  return `${parts.join(', ')}.`.replace(/^./, (first) => first.toUpperCase());
}

export function useRegisterMembers(teamId: string, event: Pick<TeamEvent, '_id' | 'title'>) {
  const refresh = useRefresh(teamId);
  return useMutation({
    mutationFn: (userIds: string[]): Promise<WriteResult<AddAttendeesResult>> =>
      api.post<AddAttendeesResult>(
        teamEventPaths.register(teamId, event._id),
        { userIds },
        {
          outbox: {
            action: 'Register for an event',
            target: `${event.title} (${userIds.length})`,
            invalidate: touched(teamId, userIds),
          },
        },
      ),
    onSuccess: async (result, userIds) => {
      if (isQueued(result)) return;
      toast.success(registrationSummary(result.results));
      await refresh(userIds);
    },
  });
}

export type CancelPlace = { attendeeId: string; userId: string; version: number; name: string };

export function useCancelPlace(teamId: string, eventTitle: string) {
  const refresh = useRefresh(teamId);
  return useMutation({
    mutationFn: (place: CancelPlace): Promise<WriteResult<TeamEvent>> => {
      const body: TeamAttendeeUpdateInput = { state: 'cancelled', version: place.version };
      return api.patch<TeamEvent>(teamEventPaths.attendee(teamId, place.attendeeId), body, {
        outbox: {
          action: 'Cancel an event place',
          target: `${place.name}: ${eventTitle}`,
          invalidate: touched(teamId, [place.userId]),
        },
      });
    },
    onSuccess: async (result, place) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await refresh([place.userId]);
    },
    // A place changed since the list was read: show the current one.
    onError: async (_error, place) => {
      await refresh([place.userId]);
    },
  });
}

export type MarkSend = SessionMarkInput & { userId: string; name: string; eventTitle: string };

/**
 * Marks one member's attendance of one session through the outbox: offline it waits there and the
 * screen shows it pending (pending-marks.ts reads it back from the address); the server writes one
 * row per member and session, so a replay counts once.
 */
export function useMarkAttendance(teamId: string) {
  const refresh = useRefresh(teamId);
  return useMutation({
    mutationFn: (send: MarkSend): Promise<WriteResult<{ marked: number }>> => {
      const body: SessionMarkInput = {
        attendeeId: send.attendeeId,
        sessionId: send.sessionId,
        state: send.state,
      };
      return api.put<{ marked: number }>(teamEventPaths.attendance(teamId), body, {
        query: {
          [MARK_QUERY.attendee]: send.attendeeId,
          [MARK_QUERY.session]: send.sessionId,
          [MARK_QUERY.state]: send.state,
        },
        outbox: {
          action: send.state === 'attended' ? 'Mark attended' : 'Mark absent',
          target: `${send.name}: ${send.eventTitle}`,
          invalidate: touched(teamId, [send.userId]),
        },
      });
    },
    onSuccess: async (result, send) => {
      if (isQueued(result)) return;
      await refresh([send.userId]);
    },
  });
}
