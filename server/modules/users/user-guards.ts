import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { userMessages } from '../../../contract/users.ts';
import type { Database } from '../../db/client.ts';
import { administratorRoles } from '../../db/schema/administrator-roles.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../http/errors.ts';

type Executor = Pick<Database, 'select'>;

/** Enabled users holding the built-in role (the one with every permission), among `ids` or outside them. */
async function enabledSystemAdmins(db: Executor, ids: string[], inside: boolean): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(administratorRoles, eq(administratorRoles.id, users.administrativeRoleId))
    .where(
      and(
        eq(administratorRoles.isSystem, true),
        eq(users.status, true),
        inside ? inArray(users.id, ids) : notInArray(users.id, ids),
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * Refuses (409) to disable or delete the caller's own account, which would lock them out
 * mid-session, or the last enabled users of the built-in role, which would leave nobody able to
 * administer roles.
 */
export async function refuseLosingAdmins(
  db: Executor,
  callerId: string,
  ids: string[],
  kind: 'disable' | 'delete',
): Promise<void> {
  if (ids.includes(callerId)) {
    throw new ApiError(409, kind === 'disable' ? userMessages.selfDisable : userMessages.selfDelete);
  }
  if (ids.length === 0) return;
  if ((await enabledSystemAdmins(db, ids, true)) === 0) return;
  if ((await enabledSystemAdmins(db, ids, false)) === 0)
    throw new ApiError(409, userMessages.lastSystemAdmin);
}

/** An edit may not take the built-in role away from its last enabled user. */
export async function refuseDemotingLastAdmin(
  db: Executor,
  userId: string,
  newRoleId: string | null,
): Promise<void> {
  if (newRoleId) {
    const [role] = await db
      .select({ isSystem: administratorRoles.isSystem })
      .from(administratorRoles)
      .where(eq(administratorRoles.id, newRoleId));
    if (role?.isSystem) return;
  }
  if ((await enabledSystemAdmins(db, [userId], true)) === 0) return;
  if ((await enabledSystemAdmins(db, [userId], false)) === 0) {
    throw new ApiError(409, userMessages.lastSystemAdmin, {
      adminstrativeRoleId: userMessages.lastSystemAdmin,
    });
  }
}

/** Whether an enabled user of the built-in role remains when the users `ids` lose it. */
export async function keepsAnEnabledSystemAdmin(db: Executor, ids: string[]): Promise<boolean> {
  if (ids.length === 0 || (await enabledSystemAdmins(db, ids, true)) === 0) return true;
  return (await enabledSystemAdmins(db, ids, false)) > 0;
}

/** The users among `ids` who hold the built-in role. */
export async function systemRoleHolders(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(administratorRoles, eq(administratorRoles.id, users.administrativeRoleId))
    .where(and(eq(administratorRoles.isSystem, true), inArray(users.id, ids)));
  return new Set(rows.map((row) => row.id));
}
