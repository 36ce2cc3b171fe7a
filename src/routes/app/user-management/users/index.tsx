import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users/')({
  component: UsersPage,
});

function UsersPage() {
  return <PageTitle>Users</PageTitle>;
}
