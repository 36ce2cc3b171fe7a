import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users/add')({
  component: AddUserPage,
});

function AddUserPage() {
  return <PageTitle>Add User</PageTitle>;
}
