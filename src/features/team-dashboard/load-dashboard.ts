import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { syncOnlineState } from '@/lib/online-state';
import { DEFAULT_MEMBER_FILTERS, memberListQueryOptions } from './member-queries';
import { defaultTeamId, leadsTeam, organizationsQueryOptions } from './organization-queries';
import { teamReportQueryOptions } from './report-queries';
import type { DashboardSearch } from './search';
import { trainingListQueryOptions } from './training-queries';

/** Starts a read the screen will show; its failure is the screen's to show, not the loader's. */
const start = (read: Promise<unknown>) => void read.catch(() => undefined);

/**
 * Starts the reads the dashboard shows first (those not in the cache) and, but for the user's
 * teams, does not wait for them: the screen's frame (its title, the team picker, the tabs) renders
 * at once with a loader where the cards will be, instead of waiting on the slowest read. A failed
 * read is the screen's to show (with a retry, or the offline message). Offline nothing is requested
 * here: a read would wait for the network, and the screen takes what the saved cache holds.
 * A missing or foreign `team` is replaced by the default organization.
 */
export async function loadTeamDashboard(queryClient: QueryClient, search: DashboardSearch): Promise<void> {
  if (!syncOnlineState()) return;
  // The one read waited for, when not saved: the teams, which decide the team the address names
  // before the screen renders.
  const organizations = await queryClient.ensureQueryData(organizationsQueryOptions()).catch(() => null);
  if (!organizations) return;
  if (!leadsTeam(organizations, search.team)) {
    const team = defaultTeamId(organizations);
    if (team)
      throw redirect({ to: '/user-portal/team-dashboard', search: { ...search, team }, replace: true });
    return;
  }
  const { team } = search;
  start(queryClient.ensureQueryData(teamReportQueryOptions(team)));
  if (search.activeTab === 'team-member') {
    start(queryClient.ensureInfiniteQueryData(memberListQueryOptions(team, DEFAULT_MEMBER_FILTERS)));
  } else if (search.activeTab === 'trainings') {
    const { page, limit, search: text } = search;
    start(queryClient.ensureQueryData(trainingListQueryOptions(team, { page, limit, search: text })));
  }
}
