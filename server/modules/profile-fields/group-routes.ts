import { vValidator } from '@hono/valibot-validator';
import { asc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  PROFILE_FIELD_TYPES,
  type ProfileFieldType,
  type ProfileGroup,
  profileFieldMessages,
  profileFieldPaths,
  profileFieldResource,
  profileGroupSchema,
} from '../../../contract/profile-fields.ts';
import { isUniqueViolation } from '../../db/rows.ts';
import { profileFieldGroups } from '../../db/schema/profile-fields.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { validationHook } from '../../http/validate.ts';

const groupColumns = {
  _id: profileFieldGroups.id,
  name: profileFieldGroups.name,
  sort: profileFieldGroups.sort,
};

/** The groups profile fields are filed under, and the field types, for the profile field form. */
export function profileGroupRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add') =>
    allow(db, permission(profileFieldResource.module, profileFieldResource.submodule, action));
  return new Hono<AppEnv>()
    .get(profileFieldPaths.groups, can('view'), async (c) => {
      // A handful of groups at most: the form lists them all in one select.
      const results = await db
        .select(groupColumns)
        .from(profileFieldGroups)
        .orderBy(asc(profileFieldGroups.sort), asc(profileFieldGroups.name));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<ProfileGroup[]>);
    })
    .post(
      profileFieldPaths.groups,
      can('add'),
      vValidator('json', profileGroupSchema, validationHook),
      async (c) => {
        const { name } = c.req.valid('json');
        try {
          const [created] = await db
            .insert(profileFieldGroups)
            .values({
              name,
              // New groups go last.
              sort: sql`(select coalesce(max(sort), 0) + 1 from profile_field_groups)`,
            })
            .returning(groupColumns);
          if (!created) throw new Error('Inserting a profile field group returned nothing');
          return c.json(
            {
              message: recordMessage('profile field group', created.name, 'created'),
              results: created,
            } satisfies ApiSuccess<ProfileGroup>,
            201,
          );
        } catch (error) {
          if (isUniqueViolation(error))
            throw new ApiError(422, messages.validationFailed, { name: profileFieldMessages.groupNameTaken });
          throw error;
        }
      },
    )
    .get(profileFieldPaths.types, can('view'), (c) =>
      c.json({
        message: messages.listFetched,
        results: [...PROFILE_FIELD_TYPES],
      } satisfies ApiSuccess<ProfileFieldType[]>),
    );
}
