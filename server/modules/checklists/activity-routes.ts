import { vValidator } from '@hono/valibot-validator';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import { checklistActivityListQuery } from '../../../contract/checklists/list-query.ts';
import {
  CHECKLIST_ACTIVITY_TYPE_OPTIONS,
  type ChecklistActivity,
  type ChecklistActivityTypeOption,
  checklistMessages as m,
  checklistPaths as paths,
  checklistResource as resource,
} from '../../../contract/checklists/resource.ts';
import {
  activityCreateSchema,
  activityReorderSchema,
  activityUpdateSchema,
} from '../../../contract/checklists/schemas.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { checklistActivities, checklists } from '../../db/schema/checklists.ts';
import { staleAnswer } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { checkRoom, lockChecklist } from './activity-values.ts';
import { activityById, activityList } from './queries.ts';

const requireActivity = (db: Database, id: string) => foundOr404(activityById(db, id));

/** The activities of a checklist: listed, read, added, changed, deleted and reordered; the types they take. */
export function activityRoutes(db: Database) {
  const can = (action: 'view' | 'edit') => allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.activityOne(':id')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(paths.activityTypes, can('view'), (c) =>
      c.json({
        message: m.typesFetched,
        results: [...CHECKLIST_ACTIVITY_TYPE_OPTIONS],
      } satisfies ApiSuccess<ChecklistActivityTypeOption[]>),
    )
    .get(
      paths.activity,
      can('view'),
      vValidator('query', checklistActivityListQuery, validationHook),
      async (c) => {
        const query = c.req.valid('query');
        const found = await db.$count(checklists, eq(checklists.id, query.checklist));
        if (found === 0) throw new ApiError(404, messages.notFound);
        return c.json({
          message: messages.listFetched,
          results: await activityList(db, query),
        } satisfies ApiSuccess<Paged<ChecklistActivity>>);
      },
    )
    .get(byId, can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await requireActivity(db, pathId(c.req.param('id'))),
      } satisfies ApiSuccess<ChecklistActivity>),
    )
    .post(
      paths.activity,
      can('edit'),
      vValidator('json', activityCreateSchema, validationHook),
      async (c) => {
        const { checklistId, ...fields } = c.req.valid('json');
        const id = await db.transaction(async (tx) => {
          const { next, count } = await lockChecklist(tx, checklistId);
          checkRoom(count);
          const [created] = await tx
            .insert(checklistActivities)
            .values({ ...fields, checklistId, position: next })
            .returning({ id: checklistActivities.id });
          if (!created) throw new Error('Inserting a checklist activity returned nothing');
          return created.id;
        });
        const results = await requireActivity(db, id);
        return c.json(
          {
            message: recordMessage('activity', results.title, 'created'),
            results,
          } satisfies ApiSuccess<ChecklistActivity>,
          201,
        );
      },
    )
    .post(
      paths.activityReorder,
      can('edit'),
      vValidator('json', activityReorderSchema, validationHook),
      async (c) => {
        const { checklistId, activityIds } = c.req.valid('json');
        const wanted = activityIds.map((id) => id.toLowerCase());
        await db.transaction(async (tx) => {
          await lockChecklist(tx, checklistId);
          const rows = await tx
            .select({ id: checklistActivities.id })
            .from(checklistActivities)
            .where(eq(checklistActivities.checklistId, checklistId));
          const current = new Set(rows.map((row) => row.id));
          const exact =
            wanted.length === current.size &&
            new Set(wanted).size === wanted.length &&
            wanted.every((id) => current.has(id));
          if (!exact) throw new ApiError(422, messages.validationFailed, { activityIds: m.reorderMismatch });
          if (wanted.length === 0) return;
          const positions = sql.join(
            wanted.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
            sql`, `,
          );
          await tx.execute(
            sql`update checklist_activities set position = moved.position
              from (values ${positions}) as moved(id, position)
              where checklist_activities.id = moved.id and checklist_activities.checklist_id = ${checklistId}`,
          );
        });
        return c.json({ message: m.reordered, results: { activityIds: wanted } } satisfies ApiSuccess<{
          activityIds: string[];
        }>);
      },
    )
    .patch(byId, can('edit'), vValidator('json', activityUpdateSchema, validationHook), async (c) => {
      const id = pathId(c.req.param('id'));
      const { version, ...fields } = c.req.valid('json');
      const written = await db
        .update(checklistActivities)
        .set({ ...fields, version: sql`${checklistActivities.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(checklistActivities.id, id), eq(checklistActivities.version, version)))
        .returning({ id: checklistActivities.id });
      const results = await requireActivity(db, id);
      if (written.length === 0) return c.json(staleAnswer(results), 409);
      return c.json({
        message: recordMessage('activity', results.title, 'updated'),
        results,
      } satisfies ApiSuccess<ChecklistActivity>);
    })
    .delete(byId, can('edit'), async (c) => {
      const id = pathId(c.req.param('id'));
      const deleted = await db
        .delete(checklistActivities)
        .where(eq(checklistActivities.id, id))
        .returning({ id: checklistActivities.id, title: checklistActivities.title });
      const [gone] = deleted;
      if (!gone) throw new ApiError(404, messages.notFound);
      return c.json({
        message: recordMessage('activity', gone.title, 'deleted'),
        results: { _id: id },
      } satisfies ApiSuccess<{
        _id: string;
      }>);
    });
}
