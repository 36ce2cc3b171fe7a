import { vValidator } from '@hono/valibot-validator';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  type ProfileFieldRow,
  profileFieldListQuery,
  profileFieldMessages,
  profileFieldPaths,
  profileFieldResource,
  profileFieldSchema,
  profileFieldUpdateSchema,
} from '../../../contract/profile-fields.ts';
import type { Database } from '../../db/client.ts';
import { profileFieldGroups, profileFields } from '../../db/schema/profile-fields.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { profileGroupRoutes } from './group-routes.ts';
import { profileFieldPage, profileFieldRow, toggleRequired } from './rows.ts';

const requireField = (db: Database, id: string) => foundOr404(profileFieldRow(db, id));

/** A group that is not there is the form's mistake: 422 under the group field. */
async function checkGroup(db: Database, groupId: string): Promise<string> {
  const id = groupId.toLowerCase();
  const [group] = await db
    .select({ id: profileFieldGroups.id })
    .from(profileFieldGroups)
    .where(eq(profileFieldGroups.id, id))
    .limit(1);
  if (!group)
    throw new ApiError(422, messages.validationFailed, { group: profileFieldMessages.groupRequired });
  return id;
}

/** The User Profile Field screen: fields users fill in on the user form, with their groups and types. */
export function profileFieldRoutes(deps: AppDeps) {
  const { db } = deps;
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(profileFieldResource.module, profileFieldResource.submodule, action));

  return new Hono<AppEnv>()
    .get(
      profileFieldPaths.list,
      can('view'),
      vValidator('query', profileFieldListQuery, validationHook),
      async (c) => {
        const results = await profileFieldPage(db, c.req.valid('query'));
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<
          Paged<ProfileFieldRow>
        >);
      },
    )
    .post(
      profileFieldPaths.list,
      can('add'),
      vValidator('json', profileFieldSchema, validationHook),
      async (c) => {
        const body = c.req.valid('json');
        const groupId = await checkGroup(db, body.group);
        const [created] = await db
          .insert(profileFields)
          .values({
            name: body.name,
            type: body.type,
            groupId,
            options: body.option,
            required: body.required,
          })
          .returning({ id: profileFields.id });
        if (!created) throw new Error('Inserting a profile field returned nothing');
        const results = await requireField(db, created.id);
        return c.json(
          {
            message: recordMessage(profileFieldResource, results.name, 'created'),
            results,
          } satisfies ApiSuccess<ProfileFieldRow>,
          201,
        );
      },
    )
    .patch(
      profileFieldPaths.one(`:id${UUID_PARAM}`),
      can('edit'),
      vValidator('json', profileFieldUpdateSchema, validationHook),
      async (c) => {
        const id = pathId(c.req.param('id'));
        const body = c.req.valid('json');
        await requireField(db, id);
        const groupId = await checkGroup(db, body.group);
        const values = {
          name: body.name,
          type: body.type,
          groupId,
          options: body.option,
          required: body.required,
        };
        if (!(await versionedUpdate(db, profileFields, id, body.version, values)))
          return c.json(staleAnswer(await requireField(db, id)), 409);
        const results = await requireField(db, id);
        return c.json({
          message: recordMessage(profileFieldResource, results.name, 'updated'),
          results,
        } satisfies ApiSuccess<ProfileFieldRow>);
      },
    )
    .post(profileFieldPaths.require(`:id${UUID_PARAM}`), can('edit'), async (c) => {
      const id = pathId(c.req.param('id'));
      if (!(await toggleRequired(db, id))) throw new ApiError(404, messages.notFound);
      const results = await requireField(db, id);
      return c.json({
        message: recordMessage(profileFieldResource, results.name, 'updated'),
        results,
      } satisfies ApiSuccess<ProfileFieldRow>);
    })
    .route(
      '/',
      adminStatusRoutes(db, {
        resource: profileFieldResource,
        table: profileFields,
        row: (id) => profileFieldRow(db, id),
      }),
    )
    .route('/', profileGroupRoutes(deps));
}
