import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/user-portal/user-dashboard')({
  component: UserDashboardPage,
});

function UserDashboardPage() {
  return <PageTitle>Welcome to the User Portal.</PageTitle>;
}
