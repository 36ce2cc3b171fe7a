import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users-team/edit/$teamId')({
  component: EditTeamPage,
});

function EditTeamPage() {
  return <PageTitle>Edit Team</PageTitle>;
}
