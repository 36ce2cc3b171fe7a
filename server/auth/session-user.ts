import { eq } from 'drizzle-orm';
import type { PermissionAction, SessionUser } from '../../contract/session.ts';
import type { Database } from '../db/client.ts';
import { administratorRoles } from '../db/schema/administrator-roles.ts';
import { users } from '../db/schema/users.ts';
import { roleGrants } from './permissions.ts';

/** The signed-in user as /login and /user/me answer it, with the role's permissions spelled out. */
export async function loadSessionUser(db: Database, userId: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profilePicture: users.profilePicture,
      defaultTeamId: users.defaultTeamId,
      role: {
        id: administratorRoles.id,
        name: administratorRoles.name,
        status: administratorRoles.status,
        isSystem: administratorRoles.isSystem,
      },
    })
    .from(users)
    .leftJoin(administratorRoles, eq(administratorRoles.id, users.administrativeRoleId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;

  let adminstrativeRoleId: SessionUser['adminstrativeRoleId'] = null;
  if (row.role) {
    const permissions: Record<string, PermissionAction[]> = {};
    for (const grant of await roleGrants(db, row.role)) {
      if (grant.actions.length > 0) permissions[`${grant.moduleSlug}.${grant.submoduleSlug}`] = grant.actions;
    }
    adminstrativeRoleId = { _id: row.role.id, name: row.role.name, status: row.role.status, permissions };
  }
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profilePicture: row.profilePicture,
    adminstrativeRoleId,
    defaultTeamId: row.defaultTeamId,
  };
}
