import { paths } from '@contract/paths';
import type { OrganizationList } from '@contract/team-dashboard';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { toast } from '@/lib/notify';
import { teamKeys } from './keys';
import { cachedTeamTitle, showDefaultTeam } from './optimistic';

/** The teams the signed-in user leads and the default one; kept a week for offline use. */
export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.organizations(),
    queryFn: async ({ signal }) => (await api.get<OrganizationList>(paths.organizations, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The team to show: the default organization, else the first one; null when the user leads none. */
export function defaultTeamId(list: OrganizationList): string | null {
  if (list.default && list.data.some((team) => team._id === list.default)) return list.default;
  return list.data[0]?._id ?? null;
}

/** Whether `teamId` is one of the user's teams (a foreign or deleted id must not be requested). */
export function leadsTeam(list: OrganizationList, teamId: string | undefined): teamId is string {
  return teamId !== undefined && list.data.some((team) => team._id === teamId);
}

export function useSetDefaultTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (defaultTeamId: string) =>
      api.post<OrganizationList>(
        paths.setDefaultTeam,
        { defaultTeamId },
        {
          outbox: {
            action: 'Set default organization',
            target: cachedTeamTitle(queryClient, defaultTeamId),
            invalidate: [teamKeys.organizations()],
          },
        },
      ),
    onSuccess: (result, defaultTeamId) => {
      if (isQueued(result)) {
        showDefaultTeam(queryClient, defaultTeamId);
        return;
      }
      queryClient.setQueryData(teamKeys.organizations(), result.results);
      toast.success(result.message);
    },
  });
}
