import type { BulkIdInput } from '@contract/bulk';
import type {
  DuplicateTeamInput,
  TeamDetail,
  TeamInput,
  TeamMembersAddInput,
  TeamUpdateInput,
} from '@contract/teams';
import { teamPaths } from '@contract/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { teamKeys } from './queries';

/** After an answered save: the server's message, the saved record cached, every list page refetched. */
function useOnTeamSaved() {
  const queryClient = useQueryClient();
  return async (result: WriteResult<TeamDetail>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    queryClient.setQueryData(teamKeys.detail(result.results._id), result.results);
    await queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
  };
}

export function useCreateTeam() {
  const onSaved = useOnTeamSaved();
  return useMutation({
    mutationFn: (input: TeamInput) =>
      api.post<TeamDetail>(teamPaths.list, input, {
        outbox: { action: 'Add team', target: input.title ?? '', invalidate: [teamKeys.lists()] },
      }),
    onSuccess: onSaved,
  });
}

export function useUpdateTeam(teamId: string) {
  const onSaved = useOnTeamSaved();
  return useMutation({
    mutationFn: (input: TeamUpdateInput) =>
      api.patch<TeamDetail>(teamPaths.one(teamId), input, {
        outbox: {
          action: 'Edit team',
          target: input.title ?? '',
          invalidate: [teamKeys.lists(), teamKeys.detail(teamId)],
        },
      }),
    onSuccess: onSaved,
  });
}

export function useDuplicateTeam() {
  const onSaved = useOnTeamSaved();
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: string; input: DuplicateTeamInput }) =>
      api.post<TeamDetail>(teamPaths.duplicate(teamId), input, {
        outbox: { action: 'Duplicate team', target: input.title ?? '', invalidate: [teamKeys.lists()] },
      }),
    onSuccess: onSaved,
  });
}

/** After members were added or removed: the server's message, and the member pages read again. */
function useOnMembersChanged(teamId: string) {
  const queryClient = useQueryClient();
  return async (result: WriteResult<null>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) });
    await queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
  };
}

export function useAddTeamMembers(teamId: string, title: string) {
  const onChanged = useOnMembersChanged(teamId);
  return useMutation({
    mutationFn: (userIds: string[]) =>
      api.post<null>(teamPaths.members(teamId), { userIds } satisfies TeamMembersAddInput, {
        outbox: {
          action: 'Add team members',
          target: title,
          invalidate: [teamKeys.members(teamId), teamKeys.lists()],
        },
      }),
    onSuccess: onChanged,
  });
}

export function useRemoveTeamMembers(teamId: string, title: string) {
  const onChanged = useOnMembersChanged(teamId);
  return useMutation({
    mutationFn: (userIds: string[]) =>
      api.delete<null>(teamPaths.members(teamId), { bulkId: userIds } satisfies BulkIdInput, {
        outbox: {
          action: 'Remove team members',
          target: title,
          invalidate: [teamKeys.members(teamId), teamKeys.lists()],
        },
      }),
    onSuccess: onChanged,
  });
}
