import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/role-permission/')({
  component: RolePermissionsPage,
});

function RolePermissionsPage() {
  return <PageTitle>Roles & Permissions</PageTitle>;
}
