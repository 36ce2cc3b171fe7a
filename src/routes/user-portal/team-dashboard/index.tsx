import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadTeamDashboard } from '@/features/team-dashboard/load-dashboard';
import {
  dashboardSearchSchema,
  MEMBER_FILTER_DEFAULTS,
  restoreMemberFilters,
} from '@/features/team-dashboard/search';
import { TeamDashboardScreen } from '@/features/team-dashboard/team-dashboard-screen';

export const Route = createFileRoute('/user-portal/team-dashboard/')({
  // The loader and its queries stay out of the first-load bundle every route pays for, in a small
  // chunk of their own: the router runs it while the screen's larger chunk is still downloading,
  // so the team's reads are not held back behind the screen's code.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: dashboardSearchSchema,
  search: {
    middlewares: [
      // The training table's first page, default size and empty search, and the member list's
      // default filters, stay out of the address.
      stripSearchParams({ page: 1, limit: 10, search: '', ...MEMBER_FILTER_DEFAULTS }),
      restoreMemberFilters,
    ],
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadTeamDashboard(context.queryClient, deps),
  component: TeamDashboardScreen,
});
