import { createFileRoute, Outlet } from '@tanstack/react-router';
import { redirectIfSignedIn } from '@/features/auth/gates';

export const Route = createFileRoute('/_public')({
  beforeLoad: redirectIfSignedIn,
  // The signed-in areas get theirs from the shell (AppShell.Main); the sign-in screens from here.
  component: () => (
    <main>
      <Outlet />
    </main>
  ),
});
