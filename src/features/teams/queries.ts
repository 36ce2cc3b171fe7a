import type { Paged } from '@contract/envelope';
import { paths } from '@contract/paths';
import type { TeamDetail, TeamListQuery, TeamOption, TeamRow } from '@contract/teams';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where this area's permissions apply. */
export const teamScope = { module: 'user-management', submodule: 'users-team' } as const;

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
  choice: (kind: ChoiceKind, search: string) => [...teamKeys.choices(), kind, search] as const,
};

export const teamListOptions = (query: TeamListQuery) =>
  queryOptions({
    queryKey: teamKeys.list(query),
    queryFn: async ({ signal }) => (await api.get<Paged<TeamRow>>(paths.teams, { query, signal })).results,
    // The rows of the last page stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const teamDetailOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.detail(teamId),
    queryFn: async ({ signal }) => (await api.get<TeamDetail>(paths.team(teamId), { signal })).results,
  });

/** Choices searched on the server: users (leads and members), courses, and teams (members of a team of teams). */
export type ChoiceKind = 'users' | 'courses' | 'teams';

const CHOICE_PAGE = 20;

async function fetchChoices(kind: ChoiceKind, search: string, signal: AbortSignal): Promise<TeamOption[]> {
  const query = { search, limit: CHOICE_PAGE, page: 1 };
  if (kind === 'teams') {
    const page = await api.get<Paged<TeamRow>>(paths.teams, { query, signal });
    return page.results.data.map((row) => ({ _id: row._id, label: row.title }));
  }
  const path = kind === 'users' ? paths.teamLeadInfo : paths.teamCourseInfo;
  return (await api.get<Paged<TeamOption>>(path, { query, signal })).results.data;
}

export const teamChoiceOptions = (kind: ChoiceKind, search: string) =>
  queryOptions({
    queryKey: teamKeys.choice(kind, search),
    queryFn: ({ signal }) => fetchChoices(kind, search, signal),
    placeholderData: keepPreviousData,
  });
