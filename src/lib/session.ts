import type { SessionUser } from '@contract/session';

/** Pure rules about the signed-in user, shared by the gates and the shell. */

export const ADMIN_HOME = '/app/dashboard';
export const PORTAL_HOME = '/user-portal/user-dashboard';

/** A user is an administrator when their administrative role exists and its status is truthy. */
export function hasAdministrativeRole(
  user: Pick<SessionUser, 'adminstrativeRoleId'> | null | undefined,
): boolean {
  return Boolean(user?.adminstrativeRoleId?.status);
}

/** Where a user lands after signing in. */
export function homePathFor(user: Pick<SessionUser, 'adminstrativeRoleId'> | null | undefined) {
  return hasAdministrativeRole(user) ? ADMIN_HOME : PORTAL_HOME;
}

/** Each word capitalised; 'N/A' when there is no name at all. */
export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName'> | null | undefined): string {
  const words = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'N/A';
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
