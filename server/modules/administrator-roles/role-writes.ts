import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages.ts';
import { ROLE_ACTIONS, type RolePermission, roleMessages } from '../../../contract/roles.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { administratorRoles, rolePermissions } from '../../db/schema/administrator-roles.ts';
import { submodules } from '../../db/schema/modules.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../http/errors.ts';

type Executor = Pick<Transaction, 'select' | 'insert' | 'delete'>;
type PermissionInput = { submoduleId: string } & Partial<RolePermission>;

/** Every listed submodule must exist, else 422 on `permissions` before anything is written. */
export async function requireSubmodules(tx: Executor, permissions: PermissionInput[]) {
  const ids = permissions.map((permission) => permission.submoduleId.toLowerCase());
  if (ids.length === 0) return;
  const found = await tx.select({ id: submodules.id }).from(submodules).where(inArray(submodules.id, ids));
  if (found.length !== new Set(ids).size) {
    throw new ApiError(422, messages.validationFailed, { permissions: roleMessages.submoduleUnknown });
  }
}

/** Replaces the role's matrix; a submodule with no action granted keeps no row. */
export async function replacePermissions(tx: Executor, roleId: string, permissions: PermissionInput[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  const rows = permissions
    .filter((permission) => ROLE_ACTIONS.some((action) => permission[action] === true))
    .map((permission) => ({
      roleId,
      submoduleId: permission.submoduleId.toLowerCase(),
      canView: permission.view === true,
      canAdd: permission.add === true,
      canEdit: permission.edit === true,
      canDelete: permission.delete === true,
      canPublish: permission.publish === true,
    }));
  if (rows.length > 0) await tx.insert(rolePermissions).values(rows);
}

/** The built-in role may be renamed, never unpublished nor given a matrix that takes an action away. */
export function requireSystemRoleKept(body: { status: boolean; permissions: PermissionInput[] }) {
  const strips = body.permissions.some((permission) =>
    ROLE_ACTIONS.some((action) => permission[action] !== true),
  );
  if (!body.status || strips) throw new ApiError(422, roleMessages.systemRoleLocked);
}

/**
 * Refusals of list actions are 409 (the records' state forbids it, not the input): the client toasts
 * the message, where a 422 would be kept for form fields.
 *
 * Before a bulk delete: the built-in role stays, and a role still assigned to users stays too
 * (deleting it would silently take those users' administration access away).
 */
export async function requireDeletable(ids: string[], tx: Pick<Transaction, 'select'>) {
  const [system] = await tx
    .select({ id: administratorRoles.id })
    .from(administratorRoles)
    .where(and(inArray(administratorRoles.id, ids), eq(administratorRoles.isSystem, true)))
    .limit(1);
  if (system) throw new ApiError(409, roleMessages.bulkSystemRole);
  const [assigned] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(inArray(users.administrativeRoleId, ids));
  const count = assigned?.count ?? 0;
  if (count > 0) {
    throw new ApiError(
      409,
      ids.length === 1 ? roleMessages.roleInUse(count) : roleMessages.bulkRoleInUse(count),
    );
  }
}

/** Before unpublishing (bulk, or a toggle of a published role): never the built-in role. */
export async function requireNotSystem(db: Pick<Database, 'select'>, ids: string[], message: string) {
  const [system] = await db
    .select({ id: administratorRoles.id })
    .from(administratorRoles)
    .where(
      and(
        inArray(administratorRoles.id, ids),
        eq(administratorRoles.isSystem, true),
        eq(administratorRoles.status, true),
      ),
    )
    .limit(1);
  if (system) throw new ApiError(409, message);
}
