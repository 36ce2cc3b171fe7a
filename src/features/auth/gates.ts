import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { authStore } from '@/lib/auth-store';
import { hasAdministrativeRole, PORTAL_HOME } from '@/lib/session';
import { meQueryOptions } from './queries';
import { refreshSessionUser } from './session';

/** How often, at most, entering an administration screen re-reads the role's permissions. */
const PERMISSIONS_REFRESH_MS = 60_000;

/** Public screens: a user with a stored token goes to the portal instead. */
export function redirectIfSignedIn(): void {
  if (authStore.get().token) throw redirect({ to: PORTAL_HOME });
}

/** Signed-in areas: no stored token, no entry. */
export function requireToken(): void {
  if (!authStore.get().token) throw redirect({ to: '/login' });
}

/**
 * The administration area also needs an administrative role with a truthy status. When the saved
 * user is missing it is fetched; if that fails (offline) the token alone lets the user in, and the
 * server still refuses what the role may not do.
 */
export async function requireAdministrator(queryClient: QueryClient): Promise<void> {
  requireToken();
  const user = authStore.get().user ?? (await queryClient.fetchQuery(meQueryOptions()).catch(() => null));
  if (user && !hasAdministrativeRole(user)) throw redirect({ to: PORTAL_HOME });
  // An administrator may change this role at any time; the server applies it at once, and the
  // screens catch up here so they stop offering what the role no longer allows.
  void refreshSessionUser(queryClient, PERMISSIONS_REFRESH_MS);
}
