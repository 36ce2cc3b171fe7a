import type { MemberListFilters } from '@contract/team-dashboard';

/**
 * Query keys of the team dashboard, in one place so a change invalidates exactly what it touched:
 * saving a member invalidates `teamKeys.members(teamId)` (every filtered list of that team) and the
 * member's own views; the outbox (offline writes) uses the same keys.
 */
export const teamKeys = {
  all: ['team-dashboard'] as const,
  organizations: () => [...teamKeys.all, 'organizations'] as const,
  team: (teamId: string) => [...teamKeys.all, 'team', teamId] as const,
  members: (teamId: string) => [...teamKeys.team(teamId), 'members'] as const,
  memberList: (teamId: string, filters: MemberListFilters) => [...teamKeys.members(teamId), filters] as const,
  report: (teamId: string) => [...teamKeys.team(teamId), 'report'] as const,
  teamActivity: (teamId: string) => [...teamKeys.team(teamId), 'activity'] as const,
  teamAttendance: (teamId: string) => [...teamKeys.team(teamId), 'attendance'] as const,
  member: (memberId: string) => [...teamKeys.all, 'member', memberId] as const,
  memberView: (
    teamId: string,
    memberId: string,
    view: 'summary' | 'transcript' | 'activity' | 'attendance',
  ) => [...teamKeys.member(memberId), teamId, view] as const,
  trainings: (teamId: string) => [...teamKeys.team(teamId), 'trainings'] as const,
  trainingList: (teamId: string, query: { page: number; limit: number; search: string }) =>
    [...teamKeys.trainings(teamId), query] as const,
  training: (trainingId: string) => [...teamKeys.all, 'training', trainingId] as const,
  /** Under `training`, so whatever refreshes a training refreshes its learners too. */
  learners: (trainingId: string) => [...teamKeys.training(trainingId), 'learners'] as const,
  coursePages: (search: string) => [...teamKeys.all, 'course-pages', search] as const,
  /** A team's members by name for a picker; under `members` so saving a member refreshes it too. */
  memberOptionPages: (teamId: string, search: string) =>
    [...teamKeys.members(teamId), 'option-pages', search] as const,
};
