import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '@/features/auth/admin-layout';
import { requireAdministrator, requireToken } from '@/features/auth/gates';
import { PortalLayout } from '@/features/auth/portal-layout';
import { useAuth } from '@/lib/auth-store';
import { hasAdministrativeRole } from '@/lib/session';

/**
 * The one screen here that team leads use too: they assign trainings to their own team from the
 * portal's team dashboard (spec 2 links it from there). The API decides which teams a user may
 * assign to, so the token alone lets them in; every other /app screen still needs an administrator.
 */
const TEAM_LEAD_SCREEN = '/app/team-dashboard/assign-new-training';

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context, location }) =>
    location.pathname.replace(/\/$/, '') === TEAM_LEAD_SCREEN
      ? requireToken()
      : requireAdministrator(context.queryClient),
  component: AppAreaLayout,
});

/** A user without an administrative role (a team lead on that one screen) gets the portal's frame: the admin menu would refuse them. */
function AppAreaLayout() {
  const portalUser = useAuth((state) => state.user !== null && !hasAdministrativeRole(state.user));
  return portalUser ? <PortalLayout /> : <AdminLayout />;
}
