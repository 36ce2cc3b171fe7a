import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/user-portal/team-dashboard/')({
  component: TeamDashboardPage,
});

function TeamDashboardPage() {
  return <PageTitle>Team Dashboard</PageTitle>;
}
