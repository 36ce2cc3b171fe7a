import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/user-management/users-profile-field')({
  component: UserProfileFieldsPage,
});

function UserProfileFieldsPage() {
  return <PageTitle>User Profile Fields</PageTitle>;
}
