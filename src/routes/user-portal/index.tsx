import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/user-portal/')({
  beforeLoad: () => {
    throw redirect({ to: '/user-portal/user-dashboard' });
  },
});
