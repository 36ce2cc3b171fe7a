import type { QueryClient } from '@tanstack/react-query';
import {
  membershipChoicesOptions,
  membershipRoleChoicesOptions,
  teamDetailOptions,
  userGroupChoicesOptions,
} from '../queries';

/** The choice lists fill their selects as they come; the form draws at once. */
export function loadAddTeam(queryClient: QueryClient) {
  void queryClient.prefetchQuery(userGroupChoicesOptions());
  void queryClient.prefetchQuery(membershipRoleChoicesOptions());
  void queryClient.prefetchQuery(membershipChoicesOptions());
}

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditTeam(queryClient: QueryClient, teamId: string) {
  loadAddTeam(queryClient);
  await queryClient.fetchQuery({ ...teamDetailOptions(teamId), staleTime: 0 });
}
