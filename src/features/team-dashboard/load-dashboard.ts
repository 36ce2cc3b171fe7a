import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { syncOnlineState } from '@/lib/online-state';
import { DEFAULT_MEMBER_FILTERS, memberListQueryOptions } from './member-queries';
import { defaultTeamId, leadsTeam, organizationsQueryOptions } from './organization-queries';
import { teamReportQueryOptions } from './report-queries';
import type { DashboardSearch } from './search';
import { trainingListQueryOptions } from './training-queries';

/** A failed read is the screen's to show (with a retry, or the offline message); the route must still open. */
const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);

/**
 * Loads what the dashboard shows first. Offline nothing is requested here: a read would wait for the
 * network forever, and the saved cache is still being read back from the device, so the screen
 * takes it from there. A missing or foreign `team` is replaced by the default organization.
 */
export async function loadTeamDashboard(queryClient: QueryClient, search: DashboardSearch): Promise<void> {
  if (!syncOnlineState()) return;
  const organizations = await queryClient.ensureQueryData(organizationsQueryOptions()).catch(() => null);
  if (!organizations) return;
  if (!leadsTeam(organizations, search.team)) {
    const team = defaultTeamId(organizations);
    if (team)
      throw redirect({ to: '/user-portal/team-dashboard', search: { ...search, team }, replace: true });
    return;
  }
  const { team } = search;
  const reads: Promise<unknown>[] = [queryClient.ensureQueryData(teamReportQueryOptions(team))];
  if (search.activeTab === 'team-member') {
    reads.push(queryClient.ensureInfiniteQueryData(memberListQueryOptions(team, DEFAULT_MEMBER_FILTERS)));
  } else if (search.activeTab === 'trainings') {
    const { page, limit, search: text } = search;
    reads.push(queryClient.ensureQueryData(trainingListQueryOptions(team, { page, limit, search: text })));
  }
  await Promise.all(reads.map(settle));
}
