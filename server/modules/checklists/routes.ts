import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import { checklistListQuery } from '../../../contract/checklists/list-query.ts';
import {
  type ChecklistDetail,
  type ChecklistRow,
  checklistPaths as paths,
  checklistResource as resource,
} from '../../../contract/checklists/resource.ts';
import { checklistSchema, checklistUpdateSchema } from '../../../contract/checklists/schemas.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { checklists } from '../../db/schema/checklists.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { activityRoutes } from './activity-routes.ts';
import { checklistDetail, checklistList, checklistRow } from './queries.ts';

const requireChecklist = (db: Database, id: string) => foundOr404(checklistDetail(db, id));

/**
 * The Checklists screens: the list, a checklist's title and description, its activities, and its
 * status and delete routes: the shared ones the list uses and the spec's `PATCH /checklist/operation`.
 */
export function checklistRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.one(':id')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', checklistListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await checklistList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<ChecklistRow>>),
    )
    .route('/', activityRoutes(db))
    .get(byId, can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await requireChecklist(db, pathId(c.req.param('id'))),
      } satisfies ApiSuccess<ChecklistDetail>),
    )
    .post(paths.list, can('add'), vValidator('json', checklistSchema, validationHook), async (c) => {
      const [created] = await db
        .insert(checklists)
        // A new checklist starts unpublished: its activities are added on its edit screen, then
        // it is published from the list.
        .values({ ...c.req.valid('json'), status: false })
        .returning({ id: checklists.id });
      if (!created) throw new Error('Inserting a checklist returned nothing');
      const results = await requireChecklist(db, created.id);
      return c.json(
        {
          message: recordMessage(resource, results.title, 'created'),
          results,
        } satisfies ApiSuccess<ChecklistDetail>,
        201,
      );
    })
    .patch(byId, can('edit'), vValidator('json', checklistUpdateSchema, validationHook), async (c) => {
      const id = pathId(c.req.param('id'));
      const { version, ...values } = c.req.valid('json');
      const written = await versionedUpdate(db, checklists, id, version, values);
      const results = await requireChecklist(db, id);
      if (!written) return c.json(staleAnswer(results), 409);
      return c.json({
        message: recordMessage(resource, results.title, 'updated'),
        results,
      } satisfies ApiSuccess<ChecklistDetail>);
    })
    .route(
      '/',
      adminStatusRoutes(db, {
        resource,
        table: checklists,
        row: (id) => checklistRow(db, id),
        operationPath: paths.operation,
      }),
    );
}
