import type { QueryClient } from '@tanstack/react-query';
import {
  membershipLevelLookupOptions,
  membershipRoleLookupOptions,
  userGroupLookupOptions,
} from '@/lib/lookups';
import { teamDetailOptions } from '../queries';

/** The choice lists fill their selects as they come; the form draws at once. */
export function loadAddTeam(queryClient: QueryClient) {
  void queryClient.prefetchQuery(userGroupLookupOptions());
  void queryClient.prefetchQuery(membershipRoleLookupOptions());
  void queryClient.prefetchQuery(membershipLevelLookupOptions());
}

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditTeam(queryClient: QueryClient, teamId: string) {
  loadAddTeam(queryClient);
  await queryClient.fetchQuery({ ...teamDetailOptions(teamId), staleTime: 0 });
}
