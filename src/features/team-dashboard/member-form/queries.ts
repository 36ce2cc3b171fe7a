import type { MemberDetail } from '@contract/member';
import { paths } from '@contract/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { toast } from '@/lib/notify';
import { teamKeys } from '../keys';
import { showMemberEdit, showNewMember } from '../optimistic';
import { type MemberFormValues, toMemberFormData } from './form-values';

/** The member being edited; the team is the one the lead opened it from (the server checks they lead it). */
export const memberDetailOptions = (memberId: string, teamId: string) =>
  queryOptions({
    queryKey: teamKeys.member(memberId),
    queryFn: async ({ signal }) =>
      (await api.get<MemberDetail>(paths.member(memberId), { query: { team: teamId }, signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/**
 * What a member save refetches once answered: the team's lists, its report (a new member, or one
 * given a password, changes its counts) and the member's own views.
 */
const memberInvalidate = (teamId: string, memberId?: string) => [
  teamKeys.members(teamId),
  teamKeys.report(teamId),
  ...(memberId ? [teamKeys.member(memberId)] : []),
];

/** After a save: the server's message, fresh member lists of the team and the saved record in the cache. */
function useOnMemberSaved(teamId: string) {
  const queryClient = useQueryClient();
  return async (result: WriteResult<MemberDetail>) => {
    if (isQueued(result)) return;
    const { message, results } = result;
    toast.success(message);
    queryClient.setQueryData(teamKeys.member(results._id), results);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.report(teamId) }),
      // The member's own views (summary, transcript...) show the name and picture too.
      queryClient.invalidateQueries({
        queryKey: teamKeys.member(results._id),
        predicate: (query) => query.queryKey.length > teamKeys.member(results._id).length,
      }),
    ]);
  };
}

const fullName = (values: MemberFormValues) => `${values.firstName} ${values.lastName}`.trim();

/** POST the add form as multipart; offline, the new member goes by a client id until the server names it. */
export function useAddMember(teamId: string) {
  const queryClient = useQueryClient();
  const onSaved = useOnMemberSaved(teamId);
  return useMutation({
    mutationFn: (values: MemberFormValues) =>
      api.post<MemberDetail>(paths.addMember, toMemberFormData(values), {
        outbox: {
          action: 'Add member',
          target: fullName(values),
          invalidate: memberInvalidate(teamId),
          clientId: crypto.randomUUID(),
        },
      }),
    onSuccess: async (result, values) => {
      if (isQueued(result) && result.clientId) showNewMember(queryClient, teamId, result.clientId, values);
      await onSaved(result);
    },
  });
}

/** PATCH the edit form as multipart, with the record's version (a stale one is answered 409). */
export function useUpdateMember(teamId: string, memberId: string) {
  const queryClient = useQueryClient();
  const onSaved = useOnMemberSaved(teamId);
  return useMutation({
    mutationFn: (values: MemberFormValues) =>
      api.patch<MemberDetail>(paths.member(memberId), toMemberFormData(values), {
        outbox: {
          action: 'Edit member',
          target: fullName(values),
          invalidate: memberInvalidate(teamId, memberId),
        },
      }),
    onSuccess: async (result, values) => {
      if (isQueued(result)) showMemberEdit(queryClient, teamId, memberId, values);
      await onSaved(result);
    },
  });
}
