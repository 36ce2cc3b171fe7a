import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users-team/')({
  component: TeamsPage,
});

function TeamsPage() {
  return <PageTitle>Teams</PageTitle>;
}
