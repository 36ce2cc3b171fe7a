import type { LookupPage } from '@contract/envelope';
import type { Department, Location, MembershipLevel, MembershipRole } from '@contract/lookups';
import { paths } from '@contract/paths';
import type { RoleInfo } from '@contract/roles';
import { administratorRolePaths } from '@contract/roles';
import { type UserGroupOption, userGroupPaths } from '@contract/user-groups';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { OFFLINE_MAX_AGE_MS } from './cache-times';

/**
 * The choice lists several areas offer (user groups, membership roles and levels, administrator
 * roles, locations, departments), each under one `['lookups', …]` key whoever asks: the users
 * filters, the user form, the team form and the member form share one fetch. A change to one of
 * these lists invalidates `lookupKeys.all` or its own key.
 */
export const lookupKeys = {
  all: ['lookups'] as const,
  userGroups: () => [...lookupKeys.all, 'user-group'] as const,
  membershipLevels: () => [...lookupKeys.all, 'membership'] as const,
  membershipRoles: () => [...lookupKeys.all, 'role'] as const,
  administratorRoles: () => [...lookupKeys.all, 'administrator-role'] as const,
  /** One search of a paged list, each search cached apart. */
  pages: (kind: TitledKind, search: string) => [...lookupKeys.all, kind, 'search', search] as const,
  /** A paged list's first `EVERY_LIMIT` entries: what a filter offers. */
  every: (kind: TitledKind) => [...lookupKeys.all, kind, 'every'] as const,
};

/** The paged lookups, whose entries have a title (and whose page count is `totalPage`). */
export type TitledKind = 'location' | 'department';

/** A `{ value, label }` pair as Mantine's selects take it. */
export type Choice = { value: string; label: string };

/** These lists change seldom, and the forms that offer them open offline too. */
const kept = { staleTime: 5 * 60_000, gcTime: OFFLINE_MAX_AGE_MS } as const;

export const userGroupLookupOptions = () =>
  queryOptions({
    queryKey: lookupKeys.userGroups(),
    queryFn: async ({ signal }) =>
      (await api.get<UserGroupOption[]>(userGroupPaths.info, { signal })).results,
    ...kept,
  });

export const membershipLevelLookupOptions = () =>
  queryOptions({
    queryKey: lookupKeys.membershipLevels(),
    queryFn: async ({ signal }) => (await api.get<MembershipLevel[]>(paths.membership, { signal })).results,
    ...kept,
  });

export const membershipRoleLookupOptions = () =>
  queryOptions({
    queryKey: lookupKeys.membershipRoles(),
    queryFn: async ({ signal }) => (await api.get<MembershipRole[]>(paths.role, { signal })).results,
    ...kept,
  });

export const administratorRoleLookupOptions = () =>
  queryOptions({
    queryKey: lookupKeys.administratorRoles(),
    queryFn: async ({ signal }) =>
      (await api.get<RoleInfo[]>(administratorRolePaths.info, { signal })).results,
    ...kept,
  });

const titledPath = { location: paths.location, department: paths.department } as const;
const PAGE_SIZE = 10;
/** The largest page size a lookup list takes; enough for every location or department a filter offers. */
const EVERY_LIMIT = 500;

/** The page after `last` while there is one. */
export function nextLookupPage(last: LookupPage<unknown>): number | undefined {
  return last.page < last.totalPage ? last.page + 1 : undefined;
}

/** Locations or departments matching a search, a page at a time (a searchable paged select's query). */
export const titledPagesOptions = (kind: TitledKind) => (search: string) =>
  infiniteQueryOptions({
    queryKey: lookupKeys.pages(kind, search) as readonly unknown[],
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<LookupPage<Location | Department>>(titledPath[kind], {
          query: { page: pageParam, limit: PAGE_SIZE, search },
          signal,
        })
      ).results,
    initialPageParam: 1,
    getNextPageParam: nextLookupPage,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** Every location or department (up to the largest page), as choices. */
export const everyTitledOptions = (kind: TitledKind) =>
  queryOptions({
    queryKey: lookupKeys.every(kind),
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const { results } = await api.get<LookupPage<Location | Department>>(titledPath[kind], {
        query: { page: 1, limit: EVERY_LIMIT },
        signal,
      });
      return results.data.map((item) => ({ value: item._id, label: item.title }));
    },
    ...kept,
  });

/** Named entries (groups, roles, levels) as choices; none until the list loads. */
export function toChoices(items: readonly { _id: string; name: string }[] | undefined): Choice[] {
  return (items ?? []).map((item) => ({ value: item._id, label: item.name }));
}
