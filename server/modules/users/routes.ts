import { vValidator } from '@hono/valibot-validator';
import { inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { teamOptionQuerySchema } from '../../../contract/teams.ts';
import {
  type UserImportReport,
  userExportQuerySchema,
  userImportSchema,
} from '../../../contract/user-csv.ts';
import {
  type PublishedProfileField,
  type UserDetail,
  type UserRow,
  type UserTeamOption,
  userCreateSchema,
  userListQuerySchema,
  userMessages,
  userPaths,
  userResource,
  userUpdateSchema,
} from '../../../contract/users.ts';
import { requireAccountsWithinCaller } from '../../auth/account-control.ts';
import { revokeSessionsOf } from '../../auth/sessions.ts';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { staleAnswer } from '../../db/versioned-update.ts';
import { deleteProfilePicture } from '../../files/profile-pictures.ts';
import { allow, permission } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv, AuthState } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes, type StatusChange } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { mailWelcome } from '../../mail/welcome-mail.ts';
import { publishedProfileFields } from './published-fields.ts';
import { exportFilename, userCsvStream } from './user-export.ts';
import { refuseLosingAdmins } from './user-guards.ts';
import { importUsers } from './user-import.ts';
import { userDetail, userPage, userRow } from './user-list.ts';
import { teamOptionPage, teamsOfUser } from './user-teams.ts';
import { createUser, updateUser } from './user-write.ts';

const byId = `${userPaths.list}/:id${UUID_PARAM}`;

export function userRoutes(deps: AppDeps) {
  const { db } = deps;
  const can = (action: 'view' | 'add' | 'edit' | 'delete' | 'publish') =>
    allow(db, permission(userResource.module, userResource.submodule, action));

  /** The detail with the user's teams, each saying whether the caller may change it. */
  const detailOf = async (id: string, caller: AuthState): Promise<UserDetail> => {
    const detail = await foundOr404(userDetail(db, id));
    return { ...detail, teams: await teamsOfUser(db, caller, id) };
  };

  /**
   * Refuses changes to accounts that can do more than the caller, and changes that would lock the
   * caller out or leave the built-in role without an enabled user: a disable, or a toggle of an
   * enabled user (an unknown id gets the shared route's 404). A user whose status changes loses
   * their sessions, so enabling them again never brings back a session from before.
   */
  const beforeStatus = async ({ ids, status, caller }: StatusChange, tx: Transaction) => {
    await requireAccountsWithinCaller(tx, caller, ids, userMessages.accountAboveCaller);
    const current = await tx
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(inArray(users.id, ids));
    await revokeSessionsOf(
      tx,
      current.filter((user) => status === undefined || user.status !== status).map((user) => user.id),
    );
    if (status === true) return;
    if (status === undefined && !current[0]?.status) return;
    await refuseLosingAdmins(tx, caller.userId, ids, 'disable');
  };

  /** Deleting takes the same care, and the deleted users' pictures go once the delete has committed. */
  const beforeDelete = async (ids: string[], tx: Transaction, caller: AuthState) => {
    await requireAccountsWithinCaller(tx, caller, ids, userMessages.accountAboveCaller);
    await refuseLosingAdmins(tx, caller.userId, ids, 'delete');
    const pictures = await tx
      .select({ path: users.profilePicture })
      .from(users)
      .where(inArray(users.id, ids));
    return async () => {
      for (const { path } of pictures) await deleteProfilePicture(deps.files, path);
    };
  };

  return new Hono<AppEnv>()
    .get(userPaths.list, can('view'), vValidator('query', userListQuerySchema, validationHook), async (c) => {
      const results = await userPage(db, c.req.valid('query'));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<UserRow>>);
    })
    .get(userPaths.publishedProfileFields, can('view'), async (c) => {
      const results = await publishedProfileFields(db);
      return c.json({
        message: userMessages.profileFieldsFetched,
        results,
      } satisfies ApiSuccess<PublishedProfileField[]>);
    })
    .get(userPaths.export, can('view'), vValidator('query', userExportQuerySchema, validationHook), (c) => {
      const body = userCsvStream(db, c.req.valid('query'));
      return new Response(body, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${exportFilename(new Date())}"`,
          'Cache-Control': 'no-store',
        },
      });
    })
    .post(
      userPaths.batch,
      can('add'),
      writesAccounts('create', 'role'),
      vValidator('json', userImportSchema, validationHook),
      async (c) => {
        const results = await importUsers(deps, c.get('auth'), c.req.valid('json'));
        return c.json({ message: userMessages.imported, results } satisfies ApiSuccess<UserImportReport>);
      },
    )
    .get(
      userPaths.teamInfo,
      can('view'),
      vValidator('query', teamOptionQuerySchema, validationHook),
      async (c) => {
        const results = await teamOptionPage(db, c.get('auth'), c.req.valid('query'));
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<UserTeamOption>>);
      },
    )
    .get(byId, can('view'), async (c) => {
      const results = await detailOf(pathId(c.req.param('id')), c.get('auth'));
      return c.json({ message: adminMessages.fetched, results } satisfies ApiSuccess<UserDetail>);
    })
    .post(
      userPaths.list,
      can('add'),
      writesAccounts('create', 'role', 'membership'),
      vValidator('json', userCreateSchema, validationHook),
      async (c) => {
        const id = await createUser(db, c.get('auth'), c.req.valid('json'));
        await mailWelcome(deps, id);
        const results = await detailOf(id, c.get('auth'));
        return c.json(
          {
            message: recordMessage(userResource, `${results.firstName} ${results.lastName}`, 'created'),
            results,
          } satisfies ApiSuccess<UserDetail>,
          201,
        );
      },
    )
    .patch(
      byId,
      can('edit'),
      writesAccounts('credentials', 'role', 'membership'),
      vValidator('json', userUpdateSchema, validationHook),
      async (c) => {
        const id = pathId(c.req.param('id'));
        const written = await updateUser(db, c.get('auth'), id, c.req.valid('json'));
        if (!written) return c.json(staleAnswer(await detailOf(id, c.get('auth'))), 409);
        const results = await detailOf(id, c.get('auth'));
        return c.json({
          message: recordMessage(userResource, `${results.firstName} ${results.lastName}`, 'updated'),
          results,
        } satisfies ApiSuccess<UserDetail>);
      },
    )
    .route(
      '/',
      adminStatusRoutes(db, {
        resource: userResource,
        table: users,
        row: (id) => userRow(db, id),
        accountEffects: ['status'],
        beforeStatus,
        beforeDelete,
      }),
    );
}
