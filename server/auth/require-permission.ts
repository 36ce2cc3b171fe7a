import { and, eq } from 'drizzle-orm';
import type { PermissionAction } from '../../contract/session.ts';
import type { Database } from '../db/client.ts';
import { administratorRoles, rolePermissions } from '../db/schema/administrator-roles.ts';
import { modules, submodules } from '../db/schema/modules.ts';
import { permissionColumn } from './permissions.ts';

/** Whether the role may perform the action; read from the database each time so changes apply at once. */
export async function roleAllows(
  db: Database,
  roleId: string,
  moduleSlug: string,
  submoduleSlug: string,
  action: PermissionAction,
): Promise<boolean> {
  const [row] = await db
    .select({
      status: administratorRoles.status,
      isSystem: administratorRoles.isSystem,
      granted: permissionColumn[action],
    })
    .from(administratorRoles)
    .leftJoin(modules, eq(modules.slug, moduleSlug))
    .leftJoin(submodules, and(eq(submodules.moduleId, modules.id), eq(submodules.slug, submoduleSlug)))
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, administratorRoles.id), eq(rolePermissions.submoduleId, submodules.id)),
    )
    .where(eq(administratorRoles.id, roleId))
    .limit(1);
  return Boolean(row?.status && (row.isSystem || row.granted));
}
