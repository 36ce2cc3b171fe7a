import { createFileRoute } from '@tanstack/react-router';
import { requireToken } from '@/features/auth/gates';
import { PortalLayout } from '@/features/auth/portal-layout';

export const Route = createFileRoute('/user-portal')({
  beforeLoad: requireToken,
  component: PortalLayout,
});
