import { vValidator } from '@hono/valibot-validator';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  type GroupMember,
  type GroupMembersQuery,
  groupMembersQuery,
  groupMembersSchema,
  type UserGroupInformation,
  type UserGroupOption,
  type UserGroupRow,
  userGroupListQuery,
  userGroupMessages,
  userGroupPaths,
  userGroupResource,
  userGroupSchema,
  userGroupUpdateSchema,
} from '../../../contract/user-groups.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { userGroupMembers, userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';

const memberCount = sql<number>`(select count(*) from user_group_members m where m.group_id = user_groups.id)::int`;

const groupColumns = {
  _id: userGroups.id,
  name: userGroups.name,
  status: userGroups.status,
  version: userGroups.version,
  memberCount,
  createdAt: userGroups.createdAt,
};

const toRow = ({
  createdAt,
  ...row
}: { createdAt: Date } & Omit<UserGroupRow, 'createdAt'>): UserGroupRow => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

export async function groupRow(db: Database, id: string): Promise<UserGroupRow | undefined> {
  const [row] = await db.select(groupColumns).from(userGroups).where(eq(userGroups.id, id)).limit(1);
  return row && toRow(row);
}

const requireGroup = (db: Database, id: string) => foundOr404(groupRow(db, id));

function groupMembers(db: Database, groupId: string, query: GroupMembersQuery): Promise<Paged<GroupMember>> {
  const where = and(
    eq(userGroupMembers.groupId, groupId),
    searchWhere(query.search, sql`(${users.firstName} || ' ' || ${users.lastName})`, users.email),
  );
  return pagedList(
    query,
    async () => {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(userGroupMembers)
        .innerJoin(users, eq(users.id, userGroupMembers.userId))
        .where(where);
      return row?.total ?? 0;
    },
    ({ limit, offset }) =>
      db
        .select({
          _id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          profilePicture: users.profilePicture,
        })
        .from(userGroupMembers)
        .innerJoin(users, eq(users.id, userGroupMembers.userId))
        .where(where)
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(limit)
        .offset(offset),
  );
}

/** The User Group screen: groups, their members, and the light list other forms pick groups from. */
export function userGroupRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(userGroupResource.module, userGroupResource.submodule, action));

  return new Hono<AppEnv>()
    .get(
      userGroupPaths.list,
      can('view'),
      vValidator('query', userGroupListQuery, validationHook),
      async (c) => {
        const query = c.req.valid('query');
        const where = and(
          statusWhere(userGroups.status, query.status),
          searchWhere(query.search, userGroups.name),
        );
        const results = await pagedList(
          query,
          () => db.$count(userGroups, where),
          async ({ limit, offset }) =>
            (
              await db
                .select(groupColumns)
                .from(userGroups)
                .where(where)
                .orderBy(desc(userGroups.createdAt), desc(userGroups.id))
                .limit(limit)
                .offset(offset)
            ).map(toRow),
        );
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<UserGroupRow>>);
      },
    )
    .get(userGroupPaths.info, allow(db, signedIn), async (c) => {
      const results = await db
        .select({ _id: userGroups.id, name: userGroups.name })
        .from(userGroups)
        .orderBy(asc(userGroups.name), asc(userGroups.id));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<UserGroupOption[]>);
    })
    .post(userGroupPaths.list, can('add'), vValidator('json', userGroupSchema, validationHook), async (c) => {
      const [created] = await db
        .insert(userGroups)
        .values({ name: c.req.valid('json').name })
        .returning({ id: userGroups.id });
      if (!created) throw new Error('Inserting a user group returned nothing');
      const results = await requireGroup(db, created.id);
      return c.json(
        {
          message: recordMessage(userGroupResource, results.name, 'created'),
          results,
        } satisfies ApiSuccess<UserGroupRow>,
        201,
      );
    })
    .patch(
      userGroupPaths.one(`:id${UUID_PARAM}`),
      can('edit'),
      vValidator('json', userGroupUpdateSchema, validationHook),
      async (c) => {
        const id = pathId(c.req.param('id'));
        const body = c.req.valid('json');
        if (!(await versionedUpdate(db, userGroups, id, body.version, { name: body.name })))
          return c.json(staleAnswer(await requireGroup(db, id)), 409);
        const results = await requireGroup(db, id);
        return c.json({
          message: recordMessage(userGroupResource, results.name, 'updated'),
          results,
        } satisfies ApiSuccess<UserGroupRow>);
      },
    )
    .get(
      userGroupPaths.information(`:id${UUID_PARAM}`),
      can('view'),
      vValidator('query', groupMembersQuery, validationHook),
      async (c) => {
        const group = await requireGroup(db, pathId(c.req.param('id')));
        const members = await groupMembers(db, group._id, c.req.valid('query'));
        return c.json({
          message: adminMessages.fetched,
          results: { group, members },
        } satisfies ApiSuccess<UserGroupInformation>);
      },
    )
    .post(
      userGroupPaths.edit,
      can('edit'),
      vValidator('json', groupMembersSchema, validationHook),
      async (c) => {
        const body = c.req.valid('json');
        const groupId = body.groupId.toLowerCase();
        const userIds = [...new Set(body.userIds.map((id) => id.toLowerCase()))];
        await requireGroup(db, groupId);
        if (body.action === 'create') {
          const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
          if (found.length !== userIds.length)
            throw new ApiError(422, messages.validationFailed, { userIds: userGroupMessages.userNotFound });
          await db
            .insert(userGroupMembers)
            .values(userIds.map((userId) => ({ groupId, userId })))
            .onConflictDoNothing();
        } else {
          await db
            .delete(userGroupMembers)
            .where(and(eq(userGroupMembers.groupId, groupId), inArray(userGroupMembers.userId, userIds)));
        }
        return c.json({
          message:
            body.action === 'create' ? userGroupMessages.membersAdded : userGroupMessages.membersRemoved,
          results: await requireGroup(db, groupId),
        } satisfies ApiSuccess<UserGroupRow>);
      },
    )
    .route(
      '/',
      adminStatusRoutes(db, {
        resource: userGroupResource,
        table: userGroups,
        row: (id) => groupRow(db, id),
        deleteNames: ['bulk-delete', 'delete'],
      }),
    );
}
