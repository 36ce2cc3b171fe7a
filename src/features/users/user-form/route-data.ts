import type { QueryClient } from '@tanstack/react-query';
import {
  administratorRoleChoicesOptions,
  membershipChoicesOptions,
  membershipRoleChoicesOptions,
  publishedProfileFieldsOptions,
  userDetailOptions,
  userGroupChoicesOptions,
} from '../queries';

/** The form needs its profile fields to draw; the choice lists fill their selects as they come. */
export async function loadAddUser(queryClient: QueryClient) {
  void queryClient.prefetchQuery(userGroupChoicesOptions());
  void queryClient.prefetchQuery(membershipRoleChoicesOptions());
  void queryClient.prefetchQuery(membershipChoicesOptions());
  void queryClient.prefetchQuery(administratorRoleChoicesOptions());
  await queryClient.ensureQueryData(publishedProfileFieldsOptions());
}

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditUser(queryClient: QueryClient, userId: string) {
  await Promise.all([
    loadAddUser(queryClient),
    queryClient.fetchQuery({ ...userDetailOptions(userId), staleTime: 0 }),
  ]);
}
