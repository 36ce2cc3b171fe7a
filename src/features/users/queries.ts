import type { Paged } from '@contract/envelope';
import type { MembershipLevel, MembershipRole } from '@contract/lookups';
import { paths } from '@contract/paths';
import type { RoleInfo } from '@contract/roles';
import type { UserGroupOption } from '@contract/user-groups';
import { userGroupPaths } from '@contract/user-groups';
import type { PublishedProfileField, UserDetail, UserListQuery, UserRow } from '@contract/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where this area's permissions apply. */
export const userScope = { module: 'user-management', submodule: 'users' } as const;

/**
 * Query keys of the Users administration. Every filtered page sits under `lists()`, so a change
 * refetches all of them; lookups (the filters' and the form's choices) are apart.
 */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
  profileFields: () => [...userKeys.all, 'published-profile-fields'] as const,
  lookup: (kind: 'user-group' | 'membership' | 'role' | 'administrator-role') =>
    [...userKeys.all, 'lookup', kind] as const,
};

export const userListOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: async ({ signal }) => (await api.get<Paged<UserRow>>(paths.users, { query, signal })).results,
    // The rows of the last page stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const userDetailOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: async ({ signal }) => (await api.get<UserDetail>(paths.user(userId), { signal })).results,
  });

export const publishedProfileFieldsOptions = () =>
  queryOptions({
    queryKey: userKeys.profileFields(),
    queryFn: async ({ signal }) =>
      (await api.get<PublishedProfileField[]>(paths.userPublishedProfileFields, { signal })).results,
  });

export const userGroupChoicesOptions = () =>
  queryOptions({
    queryKey: userKeys.lookup('user-group'),
    queryFn: async ({ signal }) =>
      (await api.get<UserGroupOption[]>(userGroupPaths.info, { signal })).results,
  });

export const membershipChoicesOptions = () =>
  queryOptions({
    queryKey: userKeys.lookup('membership'),
    queryFn: async ({ signal }) => (await api.get<MembershipLevel[]>(paths.membership, { signal })).results,
  });

export const membershipRoleChoicesOptions = () =>
  queryOptions({
    queryKey: userKeys.lookup('role'),
    queryFn: async ({ signal }) => (await api.get<MembershipRole[]>(paths.role, { signal })).results,
  });

export const administratorRoleChoicesOptions = () =>
  queryOptions({
    queryKey: userKeys.lookup('administrator-role'),
    queryFn: async ({ signal }) =>
      (await api.get<RoleInfo[]>(paths.administratorRoleInfo, { signal })).results,
  });

/** `{ value, label }` pairs for Mantine's selects. */
export function toChoices(items: readonly { _id: string; name: string }[] | undefined) {
  return (items ?? []).map((item) => ({ value: item._id, label: item.name }));
}
