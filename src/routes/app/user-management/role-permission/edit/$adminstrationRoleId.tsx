import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/role-permission/edit/$adminstrationRoleId')({
  component: EditRolePage,
});

function EditRolePage() {
  return <PageTitle>Edit Role</PageTitle>;
}
