import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  administratorRoleChoicesOptions,
  membershipChoicesOptions,
  membershipRoleChoicesOptions,
  publishedProfileFieldsOptions,
  userDetailOptions,
  userGroupChoicesOptions,
} from '../queries';

/** Ids in the address are uuids; anything else is a page that does not exist. */
export const isUuid = (value: string) => v.is(v.pipe(v.string(), v.uuid()), value);

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
