import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/role-permission/add')({
  component: AddRolePage,
});

function AddRolePage() {
  return <PageTitle>Add Role</PageTitle>;
}
