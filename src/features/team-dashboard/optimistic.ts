import type { AssignmentLearner, CourseAssignmentRow } from '@contract/course-assignments/resource';
import type { Paged } from '@contract/envelope';
import type { OrganizationList, TeamMemberCard } from '@contract/team-dashboard';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { teamKeys } from './keys';
import { withDeadline, withTrainingDeadline } from './trainings/reassign-target';

/**
 * Cache edits for changes the worker kept for later: the screen shows the change at once, marked
 * pending, and the refetch after the change is answered replaces it with the server's record.
 */

type CardPages = InfiniteData<Paged<TeamMemberCard>, unknown>;

function isCardPages(data: unknown): data is CardPages {
  return typeof data === 'object' && data !== null && Array.isArray((data as CardPages).pages);
}

function editCardPages(queryClient: QueryClient, teamId: string, edit: (pages: CardPages) => CardPages) {
  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: teamKeys.members(teamId) })) {
    if (isCardPages(data)) queryClient.setQueryData(queryKey, edit(data));
  }
}

function mapCards(pages: CardPages, map: (cards: TeamMemberCard[], index: number) => TeamMemberCard[]) {
  return { ...pages, pages: pages.pages.map((page, index) => ({ ...page, data: map(page.data, index) })) };
}

/** A member's card as the cached lists show it, for the name in the outbox panel. */
export function cachedCard(
  queryClient: QueryClient,
  teamId: string,
  memberId: string,
): TeamMemberCard | null {
  for (const [, data] of queryClient.getQueriesData({ queryKey: teamKeys.members(teamId) })) {
    if (!isCardPages(data)) continue;
    for (const page of data.pages) {
      const card = page.data.find((candidate) => candidate._id === memberId);
      if (card) return card;
    }
  }
  return null;
}

export function cachedTeamTitle(queryClient: QueryClient, teamId: string): string {
  const list = queryClient.getQueryData<OrganizationList>(teamKeys.organizations());
  return list?.data.find((team) => team._id === teamId)?.title ?? teamId;
}

export function cachedTraining(queryClient: QueryClient, teamId: string, trainingId: string) {
  for (const [, data] of queryClient.getQueriesData<Paged<CourseAssignmentRow>>({
    queryKey: teamKeys.trainings(teamId),
  })) {
    const row = data?.data?.find?.((candidate) => candidate._id === trainingId);
    if (row) return row;
  }
  return null;
}

export function showDefaultTeam(queryClient: QueryClient, teamId: string) {
  queryClient.setQueryData<OrganizationList>(teamKeys.organizations(), (list) =>
    list ? { ...list, default: teamId } : list,
  );
}

export function showMemberEdit(
  queryClient: QueryClient,
  teamId: string,
  memberId: string,
  fields: Pick<TeamMemberCard, 'firstName' | 'lastName' | 'email'>,
) {
  editCardPages(queryClient, teamId, (pages) =>
    mapCards(pages, (cards) => cards.map((card) => (card._id === memberId ? { ...card, ...fields } : card))),
  );
}

export function hideMember(queryClient: QueryClient, teamId: string, memberId: string) {
  editCardPages(queryClient, teamId, (pages) =>
    mapCards(pages, (cards) => cards.filter((card) => card._id !== memberId)),
  );
}

/** A member added offline: a card at the top of the first page, under the client id. */
export function showNewMember(
  queryClient: QueryClient,
  teamId: string,
  clientId: string,
  fields: Pick<TeamMemberCard, 'firstName' | 'lastName' | 'email'>,
) {
  const card: TeamMemberCard = {
    _id: clientId,
    ...fields,
    profilePicture: null,
    coursesAssigned: 0,
    coursesCompleted: 0,
    courseProgress: 0,
    checklistsAssigned: 0,
    checklistsCompleted: 0,
    checklistProgress: 0,
  };
  editCardPages(queryClient, teamId, (pages) =>
    mapCards(pages, (cards, index) =>
      index === 0 && !cards.some((existing) => existing._id === clientId) ? [card, ...cards] : cards,
    ),
  );
}

export function showDeadline(
  queryClient: QueryClient,
  teamId: string,
  trainingIds: readonly string[],
  deadline: string | null,
) {
  for (const [queryKey, data] of queryClient.getQueriesData<Paged<CourseAssignmentRow>>({
    queryKey: teamKeys.trainings(teamId),
  })) {
    if (!data || !Array.isArray(data.data)) continue;
    queryClient.setQueryData(queryKey, {
      ...data,
      data: withTrainingDeadline(data.data, trainingIds, deadline),
    });
  }
}

export function showLearnerDeadlines(
  queryClient: QueryClient,
  trainingId: string,
  userIds: readonly string[],
  deadline: string | null,
) {
  queryClient.setQueryData<AssignmentLearner[]>(teamKeys.learners(trainingId), (learners) =>
    learners ? withDeadline(learners, userIds, deadline) : learners,
  );
}
