import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users/edit/$userId')({
  component: EditUserPage,
});

function EditUserPage() {
  return <PageTitle>Edit User</PageTitle>;
}
