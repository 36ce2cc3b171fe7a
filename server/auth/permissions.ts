import { and, asc, eq } from 'drizzle-orm';
import type { PermissionAction } from '../../contract/session.ts';
import type { Database } from '../db/client.ts';
import { rolePermissions } from '../db/schema/administrator-roles.ts';
import { modules, submodules } from '../db/schema/modules.ts';

export const PERMISSION_ACTIONS = [
  'view',
  'add',
  'edit',
  'delete',
  'publish',
] as const satisfies PermissionAction[];

export const permissionColumn = {
  view: rolePermissions.canView,
  add: rolePermissions.canAdd,
  edit: rolePermissions.canEdit,
  delete: rolePermissions.canDelete,
  publish: rolePermissions.canPublish,
} as const satisfies Record<PermissionAction, unknown>;

export type RoleRef = { id: string; isSystem: boolean };

export type SubmoduleGrant = {
  moduleId: string;
  moduleName: string;
  moduleSlug: string;
  moduleIcon: string;
  submoduleId: string;
  submoduleName: string;
  submoduleSlug: string;
  path: string;
  actions: PermissionAction[];
};

/**
 * Every submodule with the actions the role may perform there, in menu order. The system role
 * may do everything, including on submodules added after it was created.
 */
export async function roleGrants(db: Database, role: RoleRef): Promise<SubmoduleGrant[]> {
  const rows = await db
    .select({
      moduleId: modules.id,
      moduleName: modules.name,
      moduleSlug: modules.slug,
      moduleIcon: modules.icon,
      submoduleId: submodules.id,
      submoduleName: submodules.name,
      submoduleSlug: submodules.slug,
      path: submodules.path,
      view: rolePermissions.canView,
      add: rolePermissions.canAdd,
      edit: rolePermissions.canEdit,
      delete: rolePermissions.canDelete,
      publish: rolePermissions.canPublish,
    })
    .from(submodules)
    .innerJoin(modules, eq(modules.id, submodules.moduleId))
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.submoduleId, submodules.id), eq(rolePermissions.roleId, role.id)),
    )
    .orderBy(asc(modules.sort), asc(modules.name), asc(submodules.sort), asc(submodules.name));
  return rows.map(({ view, add, edit, delete: del, publish, ...rest }) => {
    const granted = { view, add, edit, delete: del, publish };
    return {
      ...rest,
      actions: PERMISSION_ACTIONS.filter((action) => role.isSystem || granted[action] === true),
    };
  });
}
