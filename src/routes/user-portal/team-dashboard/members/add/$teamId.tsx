import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/user-portal/team-dashboard/members/add/$teamId')({
  component: AddNewMemberPage,
});

function AddNewMemberPage() {
  return <PageTitle>Add New Member</PageTitle>;
}
