import { vValidator } from '@hono/valibot-validator';
import { eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { checklistObserversSchema } from '../../../contract/checklists/record-schemas.ts';
import {
  type ChecklistObserver,
  checklistRecordMessages as m,
  checklistRecordPaths as paths,
} from '../../../contract/checklists/records.ts';
import { checklistResource as resource } from '../../../contract/checklists/resource.ts';
import { courseInfoQuery } from '../../../contract/courses/list-query.ts';
import type { CoursePermissionSubject } from '../../../contract/courses/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { checklistObservers, checklists } from '../../db/schema/checklists.ts';
import { users } from '../../db/schema/users.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { userOptions } from '../courses/queries.ts';

function observersOf(db: Database, checklistId: string): Promise<ChecklistObserver[]> {
  return queryRows<ChecklistObserver>(
    db,
    sql`select u.id as "_id", u.first_name || ' ' || u.last_name as name, u.email
          from checklist_observers ob join users u on u.id = ob.user_id
         where ob.checklist_id = ${checklistId}
         order by u.first_name, u.last_name, u.id`,
  );
}

/** Locks the checklist's row, so two saves of its observers run in turn; 404 when there is none. */
async function lockChecklist(db: Pick<Database, 'execute'>, checklistId: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(
    db as Database,
    sql`select id from checklists where id = ${checklistId} for update`,
  );
  if (!row) throw new ApiError(404, messages.notFound);
}

/**
 * The observers named for a checklist: assessors who sign off its observerSignOff items and may
 * rate (record 026). Read with the administration's checklist view right, saved with its edit right,
 * and chosen from the enabled users by name (the edit right too).
 */
export function observerRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'edit') => allow(db, permission(resource.module, resource.submodule, action));
  const path = paths.observers(`:checklistId${UUID_PARAM}`);
  return new Hono<AppEnv>()
    .get(path, can('view'), async (c) => {
      const checklistId = pathId(c.req.param('checklistId'));
      const [found] = await db
        .select({ id: checklists.id })
        .from(checklists)
        .where(eq(checklists.id, checklistId));
      if (!found) throw new ApiError(404, messages.notFound);
      return c.json({
        message: messages.listFetched,
        results: await observersOf(db, checklistId),
      } satisfies ApiSuccess<ChecklistObserver[]>);
    })
    .get(
      paths.observerOptions,
      can('edit'),
      vValidator('query', courseInfoQuery, validationHook),
      async (c) =>
        c.json({
          message: messages.listFetched,
          results: await userOptions(db, c.req.valid('query')),
        } satisfies ApiSuccess<Paged<CoursePermissionSubject>>),
    )
    .put(path, can('edit'), vValidator('json', checklistObserversSchema, validationHook), async (c) => {
      const checklistId = pathId(c.req.param('checklistId'));
      const userIds = [...new Set(c.req.valid('json').userIds.map((id) => id.toLowerCase()))];
      await db.transaction(async (tx) => {
        await lockChecklist(tx, checklistId);
        const found =
          userIds.length === 0
            ? []
            : await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
        if (found.length !== userIds.length)
          throw new ApiError(422, messages.validationFailed, { userIds: m.observersInvalid });
        await tx.delete(checklistObservers).where(eq(checklistObservers.checklistId, checklistId));
        if (userIds.length > 0)
          await tx.insert(checklistObservers).values(userIds.map((userId) => ({ checklistId, userId })));
      });
      return c.json({
        message: m.observersSaved,
        results: await observersOf(db, checklistId),
      } satisfies ApiSuccess<ChecklistObserver[]>);
    });
}
