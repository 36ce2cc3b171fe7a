import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/lib/auth-store';
import { displayName } from '@/lib/session';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/dashboard')({
  component: DashboardPage,
});

function DashboardPage() {
  const user = useAuth((state) => state.user);
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Text>Welcome, {displayName(user)}. Choose a section from the menu to get started.</Text>
    </>
  );
}
