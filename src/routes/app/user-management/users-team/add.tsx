import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users-team/add')({
  component: AddTeamPage,
});

function AddTeamPage() {
  return <PageTitle>Add Team</PageTitle>;
}
