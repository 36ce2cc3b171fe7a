import { and, eq, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { PermissionAction } from '../../contract/session.ts';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { administratorRoles, rolePermissions } from '../db/schema/administrator-roles.ts';
import { modules, submodules } from '../db/schema/modules.ts';
import { permissionColumn } from './permissions.ts';

/**
 * The role's state and its grants on one submodule. Every permission check of every request runs
 * it, so it is one prepared statement for all five actions: PostgreSQL parses and plans it once per
 * pooled connection instead of on each request.
 */
const buildRolePermission = (db: Database) =>
  db
    .select({
      status: administratorRoles.status,
      isSystem: administratorRoles.isSystem,
      ...permissionColumn,
    })
    .from(administratorRoles)
    .leftJoin(modules, eq(modules.slug, sql.placeholder('module')))
    .leftJoin(
      submodules,
      and(eq(submodules.moduleId, modules.id), eq(submodules.slug, sql.placeholder('submodule'))),
    )
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, administratorRoles.id), eq(rolePermissions.submoduleId, submodules.id)),
    )
    .where(eq(administratorRoles.id, sql.placeholder('roleId')))
    .limit(1)
    .prepare('role_permission');

const rolePermission = preparedPerDatabase(buildRolePermission);

/** Whether the role may perform the action; read from the database each time so changes apply at once. */
export async function roleAllows(
  db: Database,
  roleId: string,
  moduleSlug: string,
  submoduleSlug: string,
  action: PermissionAction,
): Promise<boolean> {
  // A transaction's connection is lent for that transaction only: its statement is built for it.
  const prepared = is(db, PgTransaction) ? buildRolePermission(db) : rolePermission(db);
  const [row] = await prepared.execute({ module: moduleSlug, submodule: submoduleSlug, roleId });
  return Boolean(row?.status && (row.isSystem || row[action]));
}
