import type { QueryClient } from '@tanstack/react-query';
import {
  administratorRoleLookupOptions,
  membershipLevelLookupOptions,
  membershipRoleLookupOptions,
  userGroupLookupOptions,
} from '@/lib/lookups';
import { publishedProfileFieldsOptions, userDetailOptions } from '../queries';

/** The form needs its profile fields to draw; the choice lists fill their selects as they come. */
export async function loadAddUser(queryClient: QueryClient) {
  void queryClient.prefetchQuery(userGroupLookupOptions());
  void queryClient.prefetchQuery(membershipRoleLookupOptions());
  void queryClient.prefetchQuery(membershipLevelLookupOptions());
  void queryClient.prefetchQuery(administratorRoleLookupOptions());
  await queryClient.ensureQueryData(publishedProfileFieldsOptions());
}

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditUser(queryClient: QueryClient, userId: string) {
  await Promise.all([
    loadAddUser(queryClient),
    queryClient.fetchQuery({ ...userDetailOptions(userId), staleTime: 0 }),
  ]);
}
