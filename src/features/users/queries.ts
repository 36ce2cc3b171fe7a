import type { Paged } from '@contract/envelope';
import type {
  PublishedProfileField,
  UserDetail,
  UserListQuery,
  UserRow,
  UserTeamOption,
} from '@contract/users';
import { userPaths } from '@contract/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { choicePages } from '@/lib/choice-pages';

/**
 * Query keys of the Users administration. Every filtered page sits under `lists()`, so a change
 * refetches all of them. The filters' and the form's choices are shared lookups (lib/lookups.ts).
 */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
  profileFields: () => [...userKeys.all, 'published-profile-fields'] as const,
  teamChoices: (search: string) => [...userKeys.all, 'team-choices', search] as const,
};

export const userListOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: async ({ signal }) => (await api.get<Paged<UserRow>>(userPaths.list, { query, signal })).results,
    // The rows of the last page stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const userDetailOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: async ({ signal }) => (await api.get<UserDetail>(userPaths.one(userId), { signal })).results,
  });

export const publishedProfileFieldsOptions = () =>
  queryOptions({
    queryKey: userKeys.profileFields(),
    queryFn: async ({ signal }) =>
      (await api.get<PublishedProfileField[]>(userPaths.publishedProfileFields, { signal })).results,
  });

/** The teams the caller may put users in, searched and paged by the server, for the user form. */
export const userTeamChoicePages = choicePages<UserTeamOption>({
  key: (search) => userKeys.teamChoices(search),
  fetch: (query, signal) => api.get<Paged<UserTeamOption>>(userPaths.teamInfo, { query, signal }),
  toChoice: (team) => ({ value: team._id, label: team.label }),
});
