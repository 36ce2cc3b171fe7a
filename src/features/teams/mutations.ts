import type { DuplicateTeamInput, TeamDetail, TeamInput } from '@contract/teams';
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
    mutationFn: (input: TeamInput) =>
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
