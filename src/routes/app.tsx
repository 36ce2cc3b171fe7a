import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '@/features/auth/admin-layout';
import { requireAdministrator } from '@/features/auth/gates';

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context }) => requireAdministrator(context.queryClient),
  component: AdminLayout,
});
