import type { Paged } from '@contract/envelope';
import type {
  TeamDetail,
  TeamListQuery,
  TeamMemberListQuery,
  TeamMemberRow,
  TeamOption,
  TeamRow,
} from '@contract/teams';
import { teamPaths } from '@contract/teams';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ChoicePagesQuery, choicePages } from '@/lib/choice-pages';

/**
 * Query keys of the Teams administration. Every filtered page sits under `lists()`, so a change
 * refetches all of them; the form's searched choices are apart under `choices()`.
 */
export const teamKeys = {
  all: ['admin-teams'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
  list: (query: TeamListQuery) => [...teamKeys.lists(), query] as const,
  detail: (teamId: string) => [...teamKeys.all, 'detail', teamId] as const,
  choices: () => [...teamKeys.all, 'choices'] as const,
  members: (teamId: string) => [...teamKeys.all, 'members', teamId] as const,
  memberPage: (teamId: string, query: TeamMemberListQuery) => [...teamKeys.members(teamId), query] as const,
  choicePages: (kind: ChoiceKind, search: string) => [...teamKeys.choices(), kind, 'pages', search] as const,
};

export const teamListOptions = (query: TeamListQuery) =>
  queryOptions({
    queryKey: teamKeys.list(query),
    queryFn: async ({ signal }) => (await api.get<Paged<TeamRow>>(teamPaths.list, { query, signal })).results,
    // The rows of the last page stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const teamDetailOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.detail(teamId),
    queryFn: async ({ signal }) => (await api.get<TeamDetail>(teamPaths.one(teamId), { signal })).results,
  });

/** A page of a team of users' members, for the team form's member list. */
export const teamMemberPageOptions = (teamId: string, query: TeamMemberListQuery) =>
  queryOptions({
    queryKey: teamKeys.memberPage(teamId, query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<TeamMemberRow>>(teamPaths.members(teamId), { query, signal })).results,
    placeholderData: keepPreviousData,
  });

/** Choices searched on the server: users (leads and members), courses, and teams (members of a team of teams). */
export type ChoiceKind = 'users' | 'courses' | 'teams';

const choicePath = { users: teamPaths.leadInfo, courses: teamPaths.courseInfo } as const;

/** The pickers' queries, one per kind; each search is cached apart. */
export const teamChoicePages = {
  users: choicePages<TeamOption>({
    key: (search) => teamKeys.choicePages('users', search),
    fetch: (query, signal) => api.get<Paged<TeamOption>>(choicePath.users, { query, signal }),
    toChoice: (option) => ({ value: option._id, label: option.label }),
  }),
  courses: choicePages<TeamOption>({
    key: (search) => teamKeys.choicePages('courses', search),
    fetch: (query, signal) => api.get<Paged<TeamOption>>(choicePath.courses, { query, signal }),
    toChoice: (option) => ({ value: option._id, label: option.label }),
  }),
  teams: choicePages<TeamRow>({
    key: (search) => teamKeys.choicePages('teams', search),
    fetch: (query, signal) => api.get<Paged<TeamRow>>(teamPaths.list, { query, signal }),
    toChoice: (row) => ({ value: row._id, label: row.title }),
  }),
} satisfies Record<ChoiceKind, ChoicePagesQuery>;
