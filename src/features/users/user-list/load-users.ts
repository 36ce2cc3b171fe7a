import type { UserListQuery } from '@contract/users';
import type { QueryClient } from '@tanstack/react-query';
import {
  administratorRoleLookupOptions,
  membershipLevelLookupOptions,
  membershipRoleLookupOptions,
  userGroupLookupOptions,
} from '@/lib/lookups';
import { userListOptions } from '../queries';

/** The page of users the address asks for; the filters' choices load beside it. */
export async function loadUsers(queryClient: QueryClient, search: UserListQuery) {
  void queryClient.prefetchQuery(userGroupLookupOptions());
  void queryClient.prefetchQuery(membershipLevelLookupOptions());
  void queryClient.prefetchQuery(membershipRoleLookupOptions());
  void queryClient.prefetchQuery(administratorRoleLookupOptions());
  await queryClient.ensureQueryData(userListOptions(search));
}
