import type { UserListQuery } from '@contract/users';
import type { QueryClient } from '@tanstack/react-query';
import {
  administratorRoleChoicesOptions,
  membershipChoicesOptions,
  membershipRoleChoicesOptions,
  userGroupChoicesOptions,
  userListOptions,
} from '../queries';

/** The page of users the address asks for; the filters' choices load beside it. */
export async function loadUsers(queryClient: QueryClient, search: UserListQuery) {
  void queryClient.prefetchQuery(userGroupChoicesOptions());
  void queryClient.prefetchQuery(membershipChoicesOptions());
  void queryClient.prefetchQuery(membershipRoleChoicesOptions());
  void queryClient.prefetchQuery(administratorRoleChoicesOptions());
  await queryClient.ensureQueryData(userListOptions(search));
}
