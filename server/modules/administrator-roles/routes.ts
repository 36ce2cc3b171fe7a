import { vValidator } from '@hono/valibot-validator';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  administratorRolePaths,
  administratorRoleResource,
  type RoleCreateOutput,
  type RoleDetail,
  type RoleInfo,
  type RoleModule,
  type RoleRow,
  roleCreateSchema,
  roleListQuerySchema,
  roleMessages,
  roleUpdateSchema,
} from '../../../contract/roles.ts';
import { userResource } from '../../../contract/users.ts';
import { permissionsWithinCaller, roleWithinCaller } from '../../auth/account-control.ts';
import type { Transaction } from '../../db/client.ts';
import { administratorRoles } from '../../db/schema/administrator-roles.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv, AuthState } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { moduleTree, roleDetail, roleList, roleRow } from './role-queries.ts';
import {
  replacePermissions,
  requireDeletable,
  requireNotSystem,
  requireSubmodules,
  requireSystemRoleKept,
} from './role-writes.ts';

const byId = `${administratorRolePaths.list}/:id${UUID_PARAM}`;

export function administratorRoleRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit' | 'publish') =>
    allow(db, permission(administratorRoleResource.module, administratorRoleResource.submodule, action));

  /** Nobody gives a role a permission they do not hold themselves (422 on the matrix). */
  const requireHeld = async (
    tx: Transaction,
    caller: AuthState,
    permissions: RoleCreateOutput['permissions'],
  ) => {
    if (!(await permissionsWithinCaller(tx, caller, permissions)))
      throw new ApiError(422, messages.validationFailed, { permissions: roleMessages.permissionNotHeld });
  };

  const detailOr404 = (id: string) => foundOr404(roleDetail(db, id));

  const routes = new Hono<AppEnv>()
    // The Users form and its filter pick a role from this list, so viewing users is enough.
    .get(
      administratorRolePaths.info,
      allow(db, permission(userResource.module, userResource.submodule, 'view')),
      async (c) => {
        const results: RoleInfo[] = await db
          .select({
            _id: administratorRoles.id,
            name: administratorRoles.name,
            status: administratorRoles.status,
          })
          .from(administratorRoles)
          .orderBy(asc(administratorRoles.name), asc(administratorRoles.id));
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<RoleInfo[]>);
      },
    )
    .get(administratorRolePaths.modules, can('view'), async (c) => {
      const results = await moduleTree(db);
      return c.json({ message: roleMessages.modulesFetched, results } satisfies ApiSuccess<RoleModule[]>);
    })
    .get(
      administratorRolePaths.list,
      can('view'),
      vValidator('query', roleListQuerySchema, validationHook),
      async (c) => {
        const results = await roleList(db, c.req.valid('query'));
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<RoleRow>>);
      },
    )
    .get(byId, can('view'), async (c) => {
      const results = await detailOr404(pathId(c.req.param('id')));
      return c.json({ message: adminMessages.fetched, results } satisfies ApiSuccess<RoleDetail>);
    })
    .post(
      administratorRolePaths.list,
      can('add'),
      writesAccounts('role'),
      vValidator('json', roleCreateSchema, validationHook),
      async (c) => {
        const body = c.req.valid('json');
        const id = await db.transaction(async (tx) => {
          await requireSubmodules(tx, body.permissions);
          await requireHeld(tx, c.get('auth'), body.permissions);
          const [role] = await tx
            .insert(administratorRoles)
            .values({ name: body.name, status: body.status })
            .returning({ id: administratorRoles.id });
          if (!role) throw new Error('Inserting a role returned nothing');
          await replacePermissions(tx, role.id, body.permissions);
          return role.id;
        });
        const results = await detailOr404(id);
        return c.json(
          {
            message: recordMessage(administratorRoleResource, results.name, 'created'),
            results,
          } satisfies ApiSuccess<RoleDetail>,
          201,
        );
      },
    )
    .patch(
      byId,
      can('edit'),
      writesAccounts('role'),
      vValidator('json', roleUpdateSchema, validationHook),
      async (c) => {
        const id = pathId(c.req.param('id'));
        const body = c.req.valid('json');
        // A role that can do more than the caller is not theirs to change (409: its state refuses it).
        if (!(await roleWithinCaller(db, c.get('auth'), id)))
          throw new ApiError(409, roleMessages.roleAboveCaller);
        const written = await db.transaction(async (tx) => {
          const [current] = await tx
            .select({ isSystem: administratorRoles.isSystem })
            .from(administratorRoles)
            .where(eq(administratorRoles.id, id))
            .limit(1);
          if (!current) throw new ApiError(404, messages.notFound);
          await requireSubmodules(tx, body.permissions);
          await requireHeld(tx, c.get('auth'), body.permissions);
          // The built-in role has every permission whatever its rows say; only its name may change.
          if (current.isSystem) requireSystemRoleKept(body);
          const values = current.isSystem ? { name: body.name } : { name: body.name, status: body.status };
          if (!(await versionedUpdate(tx, administratorRoles, id, body.version, values))) return false;
          if (!current.isSystem) await replacePermissions(tx, id, body.permissions);
          return true;
        });
        const results = await detailOr404(id);
        if (!written) return c.json(staleAnswer(results), 409);
        return c.json({
          message: recordMessage(administratorRoleResource, results.name, 'updated'),
          results,
        } satisfies ApiSuccess<RoleDetail>);
      },
    );

  return routes.route(
    '/',
    adminStatusRoutes(db, {
      resource: administratorRoleResource,
      table: administratorRoles,
      row: (id) => roleRow(db, id),
      // The built-in role is never unpublished: by its own switch, or among others.
      beforeStatus: async ({ ids, status }, tx) => {
        if (status === undefined) await requireNotSystem(tx, ids, roleMessages.systemRoleLocked);
        else if (!status) await requireNotSystem(tx, ids, roleMessages.bulkSystemRole);
      },
      beforeDelete: requireDeletable,
    }),
  );
}
