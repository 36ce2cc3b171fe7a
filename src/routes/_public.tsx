import { createFileRoute, Outlet } from '@tanstack/react-router';
import { redirectIfSignedIn } from '@/features/auth/gates';

export const Route = createFileRoute('/_public')({
  // A certificate's check is for anyone who holds its code, signed in or not.
  beforeLoad: ({ location }) => {
    if (!location.pathname.startsWith('/certificate/')) redirectIfSignedIn();
  },
  // The signed-in areas get theirs from the shell (AppShell.Main); the sign-in screens from here.
  component: () => (
    <main>
      <Outlet />
    </main>
  ),
});
