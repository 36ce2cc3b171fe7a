import * as v from 'valibot';
import { type AdminRow, versionField } from './admin-list.ts';
import { defineResource, resourcePaths } from './resource.ts';
import type { PermissionAction } from './session.ts';
import { noNul } from './validation.ts';

/**
 * Administrator roles and their permissions (spec 6). The spec words none of these answers, so
 * they are written here once for the form, the server and the tests.
 */
export const administratorRoleResource = defineResource({
  path: '/administrator-role',
  module: 'user-management',
  submodule: 'role-permission',
  statusWords: 'publish',
  noun: 'role',
});

export const administratorRolePaths = {
  ...resourcePaths(administratorRoleResource),
  /** Every role, light, for selects and filters. */
  info: '/administrator-role/info',
  /** The permission matrix's rows. */
  modules: '/administrator-role/module-submodule',
} as const;

export const roleMessages = {
  nameRequired: 'Role name is required.',
  nameTooLong: 'Role name must be at most 100 characters.',
  statusInvalid: 'Status must be true or false.',
  permissionsInvalid: 'Permissions must be a list of submodules with their actions.',
  permissionsTooMany: 'Permissions may list at most 500 submodules.',
  submoduleInvalid: 'Each permission needs a valid submodule id.',
  submoduleUnknown: 'One or more submodules do not exist.',
  submoduleDuplicate: 'Each submodule may be listed once.',
  actionInvalid: 'Each action must be true or false.',
  versionRequired: 'The record version is required.',
  systemRoleLocked: 'The built-in administrator role cannot be changed, unpublished or deleted.',
  roleInUse: (count: number) =>
    `This role is assigned to ${count} ${count === 1 ? 'user' : 'users'}. Assign them another role before deleting it.`,
  bulkRoleInUse: (count: number) =>
    `Selected roles are assigned to ${count} ${count === 1 ? 'user' : 'users'}. Assign them another role before deleting.`,
  bulkSystemRole: 'The built-in administrator role cannot be unpublished or deleted.',
  bulkUnknown: 'One or more selected roles do not exist.',
  modulesFetched: 'Modules fetched successfully.',
  permissionNotHeld: 'You cannot give a permission you do not have.',
  roleAboveCaller: 'This role has permissions you do not have, so you cannot change it.',
} as const;

export const ROLE_NAME_MAX = 100;
export const ROLE_PERMISSIONS_MAX = 500;

/** GET /administrator-role/info: every role, light, for selects and filters. */
export type RoleInfo = { _id: string; name: string; status: boolean };

/** A row of GET /administrator-role. */
export type RoleRow = AdminRow & { name: string; userCount: number; isSystem: boolean; createdAt: string };

export { type RoleListQuery, roleListQuerySchema } from './admin-list-queries.ts';

/** GET /administrator-role/module-submodule: the permission matrix's rows, in menu order. */
export type RoleSubmodule = { _id: string; name: string; slug: string };
export type RoleModule = {
  _id: string;
  name: string;
  slug: string;
  icon: string;
  submodules: RoleSubmodule[];
};

export const ROLE_ACTIONS = [
  'view',
  'add',
  'edit',
  'delete',
  'publish',
] as const satisfies PermissionAction[];

/** The actions a role has on one submodule. Submodules a role has no row for grant nothing. */
export type RolePermission = { submoduleId: string } & Record<PermissionAction, boolean>;

/** GET /administrator-role/{id}. */
export type RoleDetail = {
  _id: string;
  name: string;
  status: boolean;
  version: number;
  isSystem: boolean;
  userCount: number;
  permissions: RolePermission[];
};

const action = v.optional(v.boolean(roleMessages.actionInvalid), false);

export const rolePermissionSchema = v.object(
  {
    submoduleId: v.pipe(v.string(roleMessages.submoduleInvalid), v.uuid(roleMessages.submoduleInvalid)),
    view: action,
    add: action,
    edit: action,
    delete: action,
    publish: action,
  },
  roleMessages.permissionsInvalid,
);

const roleFields = {
  // A missing key runs through the pipe as '' so it gets the field's own message.
  name: v.optional(
    v.pipe(
      v.string(roleMessages.nameRequired),
      v.trim(),
      v.nonEmpty(roleMessages.nameRequired),
      v.maxLength(ROLE_NAME_MAX, roleMessages.nameTooLong),
      noNul,
    ),
    '',
  ),
  status: v.optional(v.boolean(roleMessages.statusInvalid), true),
  permissions: v.pipe(
    v.optional(v.array(rolePermissionSchema, roleMessages.permissionsInvalid), []),
    v.maxLength(ROLE_PERMISSIONS_MAX, roleMessages.permissionsTooMany),
    v.check(
      (list) => new Set(list.map((p) => p.submoduleId.toLowerCase())).size === list.length,
      roleMessages.submoduleDuplicate,
    ),
  ),
};

/** POST /administrator-role. */
export const roleCreateSchema = v.object(roleFields);
export type RoleCreateInput = v.InferInput<typeof roleCreateSchema>;
export type RoleCreateOutput = v.InferOutput<typeof roleCreateSchema>;

/** PATCH /administrator-role/{id}: the whole role, with the version it was read at. */
export const roleUpdateSchema = v.object({
  ...roleFields,
  version: versionField(roleMessages.versionRequired),
});
export type RoleUpdateInput = v.InferInput<typeof roleUpdateSchema>;
