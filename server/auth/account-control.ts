import { eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../contract/messages.ts';
import type { PermissionAction } from '../../contract/session.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { administratorRoles, rolePermissions } from '../db/schema/administrator-roles.ts';
import { submodules } from '../db/schema/modules.ts';
import { users } from '../db/schema/users.ts';
import type { AuthState } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { PERMISSION_ACTIONS, permissionColumn } from './permissions.ts';
import { roleAllows } from './require-permission.ts';

/**
 * Who may change whose account, written once (docs/decisions/009-account-control.md). Every route
 * that writes a user's credentials, adds an existing account to a team or gives an administrator
 * role asks here.
 */

type Executor = Pick<Database, 'select' | 'execute'>;

/**
 * The ids among `ids` a team lead may manage as their own: accounts with at least one team
 * membership, every one of them in a team the lead leads, that hold no administrator role and lead
 * no team themselves. Anyone else in the lead's teams is read-only to the lead (removal aside).
 */
export async function accountsLedBy(db: Executor, leadId: string, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db as Database,
    sql`select u.id from users u
        where u.id in (${sql.join(
          unique.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and u.administrative_role_id is null
          and not exists (select 1 from team_leads tl where tl.user_id = u.id)
          and exists (select 1 from team_members tm where tm.user_id = u.id)
          and not exists (
            select 1 from team_members tm
            where tm.user_id = u.id
              and not exists (
                select 1 from team_leads mine where mine.team_id = tm.team_id and mine.user_id = ${leadId}
              )
          )`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Every (submodule, action) a role grants; the built-in role grants all of them. */
async function grantsOf(db: Executor, roleId: string): Promise<Set<string>> {
  const [role] = await db
    .select({ isSystem: administratorRoles.isSystem })
    .from(administratorRoles)
    .where(eq(administratorRoles.id, roleId))
    .limit(1);
  if (!role) return new Set();
  if (role.isSystem) {
    const all = await db.select({ id: submodules.id }).from(submodules);
    return new Set(all.flatMap(({ id }) => PERMISSION_ACTIONS.map((action) => `${id}:${action}`)));
  }
  const rows = await db
    .select({
      submoduleId: rolePermissions.submoduleId,
      ...Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, permissionColumn[action]])),
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  const grants = new Set<string>();
  for (const row of rows as ({ submoduleId: string } & Record<PermissionAction, boolean>)[]) {
    for (const action of PERMISSION_ACTIONS) if (row[action]) grants.add(`${row.submoduleId}:${action}`);
  }
  return grants;
}

/** What the caller holds: nothing when their role is missing or unpublished. */
async function callerGrants(db: Executor, caller: AuthState): Promise<Set<string>> {
  if (!caller.administrativeRoleId) return new Set();
  const [role] = await db
    .select({ status: administratorRoles.status })
    .from(administratorRoles)
    .where(eq(administratorRoles.id, caller.administrativeRoleId))
    .limit(1);
  return role?.status ? grantsOf(db, caller.administrativeRoleId) : new Set();
}

const within = (wanted: Iterable<string>, held: Set<string>) => [...wanted].every((grant) => held.has(grant));

/** Whether every permission of `roleId` (none for no role) is one the caller holds. */
export async function roleWithinCaller(db: Executor, caller: AuthState, roleId: string | null) {
  if (!roleId) return true;
  return within(await grantsOf(db, roleId), await callerGrants(db, caller));
}

/** Whether the caller holds every (submodule, action) of a role matrix they are about to write. */
export async function permissionsWithinCaller(
  db: Executor,
  caller: AuthState,
  permissions: ({ submoduleId: string } & Partial<Record<PermissionAction, boolean>>)[],
) {
  const wanted = permissions.flatMap((permission) =>
    PERMISSION_ACTIONS.filter((action) => permission[action] === true).map(
      (action) => `${permission.submoduleId.toLowerCase()}:${action}`,
    ),
  );
  return within(wanted, await callerGrants(db, caller));
}

/** The administrator roles of users, by id (null for none). */
async function rolesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, roleId: users.administrativeRoleId })
    .from(users)
    .where(inArray(users.id, ids));
}

/**
 * The ids among `ids` whose account the caller may change through the administration: the caller
 * may edit users, and the account's role grants nothing the caller lacks (so nobody takes over an
 * account that can do more than they can).
 */
export async function accountsAdministeredBy(
  db: Executor,
  caller: AuthState,
  ids: string[],
): Promise<Set<string>> {
  const roleId = caller.administrativeRoleId;
  if (!roleId || !(await roleAllows(db as Database, roleId, 'user-management', 'users', 'edit')))
    return new Set();
  const held = await callerGrants(db, caller);
  const allowed = new Set<string>();
  const grants = new Map<string, Set<string>>();
  for (const user of await rolesOf(db, ids)) {
    if (!user.roleId) {
      allowed.add(user.id);
      continue;
    }
    if (!grants.has(user.roleId)) grants.set(user.roleId, await grantsOf(db, user.roleId));
    if (within(grants.get(user.roleId) as Set<string>, held)) allowed.add(user.id);
  }
  return allowed;
}

/**
 * The ids among `ids` whose credentials (password, email, reset flag) the caller may change, and
 * which existing accounts they may add to a team: those they administer or, as a team lead, manage.
 */
export async function accountsControlledBy(
  db: Executor,
  caller: AuthState,
  ids: string[],
): Promise<Set<string>> {
  const administered = await accountsAdministeredBy(db, caller, ids);
  const rest = ids.filter((id) => !administered.has(id.toLowerCase()));
  const led = await accountsLedBy(db, caller.userId, rest);
  return new Set([...administered, ...led]);
}

export async function controlsAccount(db: Executor, caller: AuthState, id: string): Promise<boolean> {
  return (await accountsControlledBy(db, caller, [id])).has(id.toLowerCase());
}

/**
 * 409 unless every account's role is within the caller's: an administrator changes, disables or
 * deletes only accounts that can do no more than they can. 409 rather than 403, since the records'
 * state refuses it and a 403 would sign the caller out of the app.
 */
export async function requireAccountsWithinCaller(
  db: Executor,
  caller: AuthState,
  ids: string[],
  message: string,
): Promise<void> {
  const roles = await rolesOf(db, ids);
  const roleIds = [...new Set(roles.map((user) => user.roleId).filter((id): id is string => id !== null))];
  if (roleIds.length === 0) return;
  const held = await callerGrants(db, caller);
  for (const roleId of roleIds) {
    if (!within(await grantsOf(db, roleId), held)) throw new ApiError(409, message);
  }
}

/** Giving or changing an administrator role takes the role screen's edit permission. */
export async function requireRoleGranting(db: Executor, caller: AuthState): Promise<void> {
  const roleId = caller.administrativeRoleId;
  const allowed =
    roleId !== null &&
    (await roleAllows(db as Database, roleId, 'user-management', 'role-permission', 'edit'));
  if (!allowed) throw new ApiError(403, messages.forbidden);
}
