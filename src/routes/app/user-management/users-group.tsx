import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users-group')({
  component: UserGroupsPage,
});

function UserGroupsPage() {
  return <PageTitle>User Groups</PageTitle>;
}
