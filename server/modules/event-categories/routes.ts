import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { eventCategoryApiQuery } from '../../../contract/event-categories/list-query.ts';
import {
  type EventCategoryRow,
  eventCategoryMessages as m,
  eventCategoryPaths as paths,
  eventCategoryResource as resource,
} from '../../../contract/event-categories/resource.ts';
import {
  eventCategorySchema,
  eventCategoryUpdateSchema,
} from '../../../contract/event-categories/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { roleAllows } from '../../auth/require-permission.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/rows.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv, AuthState } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { eventCategoryList, eventCategoryRow } from './queries.ts';

/** A title another category has (event_categories_title_idx): 422 under the title. */
async function titleChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(422, messages.validationFailed, { title: m.titleTaken });
    throw error;
  }
}

const requireCategory = (db: Database, id: string) => foundOr404(eventCategoryRow(db, id));

async function requirePublish(db: Database, caller: AuthState) {
  const roleId = caller.administrativeRoleId;
  if (roleId === null || !(await roleAllows(db, roleId, resource.module, resource.submodule, 'publish')))
    throw new ApiError(403, messages.forbidden);
}

/**
 * The Event Categories screen: the list, a category's title, description and status, and its
 * status and delete routes: the shared ones and the spec's `PATCH /event/category-operation`.
 */
export function eventCategoryRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.one(':id')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', eventCategoryApiQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await eventCategoryList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<EventCategoryRow>>),
    )
    .get(byId, can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await requireCategory(db, pathId(c.req.param('id'))),
      } satisfies ApiSuccess<EventCategoryRow>),
    )
    .post(paths.list, can('add'), vValidator('json', eventCategorySchema, validationHook), async (c) => {
      const [created] = await titleChecked(() =>
        db.insert(eventCategories).values(c.req.valid('json')).returning({ id: eventCategories.id }),
      );
      if (!created) throw new Error('Inserting an event category returned nothing');
      const results = await requireCategory(db, created.id);
      return c.json(
        {
          message: recordMessage(resource, results.title, 'created'),
          results,
        } satisfies ApiSuccess<EventCategoryRow>,
        201,
      );
    })
    .patch(byId, can('edit'), vValidator('json', eventCategoryUpdateSchema, validationHook), async (c) => {
      const id = pathId(c.req.param('id'));
      const { version, status, ...values } = c.req.valid('json');
      const current = await requireCategory(db, id);
      // Publishing or unpublishing from the form is what the list's switch does: it needs that
      // right. A stale version is left to the update, which answers it 409 with the current record.
      const publishes = status !== undefined && status !== current.status && version === current.version;
      if (publishes) await requirePublish(db, c.get('auth'));
      const written = await titleChecked(() =>
        versionedUpdate(
          db,
          eventCategories,
          id,
          version,
          status === undefined ? values : { ...values, status },
        ),
      );
      const results = await requireCategory(db, id);
      if (!written) return c.json(staleAnswer(results), 409);
      return c.json({
        message: recordMessage(resource, results.title, 'updated'),
        results,
      } satisfies ApiSuccess<EventCategoryRow>);
    })
    .route(
      '/',
      adminStatusRoutes(db, {
        resource,
        table: eventCategories,
        row: (id) => eventCategoryRow(db, id),
        operationPath: paths.operation,
      }),
    );
}
