import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/user-portal/team-dashboard/members/edit/$memberId/$teamId')({
  component: EditMemberPage,
});

function EditMemberPage() {
  return <PageTitle>Edit Member</PageTitle>;
}
