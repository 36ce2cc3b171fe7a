import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadTeamDashboard } from '@/features/team-dashboard/load-dashboard';
import { dashboardSearchSchema } from '@/features/team-dashboard/search';
import { TeamDashboardScreen } from '@/features/team-dashboard/team-dashboard-screen';

export const Route = createFileRoute('/user-portal/team-dashboard/')({
  // The loader and its queries ship with the screen, not in the first-load bundle every route pays for.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: dashboardSearchSchema,
  // The training table's first page, default size and empty search stay out of the address.
  search: { middlewares: [stripSearchParams({ page: 1, limit: 10, search: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadTeamDashboard(context.queryClient, deps),
  component: TeamDashboardScreen,
});
