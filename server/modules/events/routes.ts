import { vValidator } from '@hono/valibot-validator';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import { assigneeOptionsQuery } from '../../../contract/course-assignments/list-query.ts';
import type { NamedRef } from '../../../contract/course-assignments/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { eventListQuery } from '../../../contract/events/list-query.ts';
import {
  type EventDetail,
  type EventRow,
  eventInstructorOptionsPath,
  eventPaths as paths,
  eventResource as resource,
} from '../../../contract/events/resource.ts';
import { eventSchema, eventUpdateSchema } from '../../../contract/events/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { roleAllows } from '../../auth/require-permission.ts';
import type { Database } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { StaleVersion, staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv, AuthState } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { assigneeOptions } from '../course-assignments/course-options.ts';
import { eventChangeMails, eventDeletedMails, peopleToTell } from './event-change-mail.ts';
import { sessionsForMail } from './event-mail.ts';
import { eventDetail, eventList, eventRow } from './queries.ts';
import { seatTransaction } from './seat-transaction.ts';
import { lockEvent, promoteWaiting } from './seats.ts';
import {
  checkReferences,
  eventColumns,
  insertSessions,
  replaceSessions,
  writeInstructors,
} from './writes.ts';

const requireEvent = (db: Database, id: string) => foundOr404(eventDetail(db, id));

async function requirePublish(db: Database, caller: AuthState) {
  const roleId = caller.administrativeRoleId;
  if (roleId === null || !(await roleAllows(db, roleId, resource.module, resource.submodule, 'publish')))
    throw new ApiError(403, messages.forbidden);
}

/**
 * The Events screens: the list with its seat counts, an event's form with its sessions and
 * instructors, and the shared status and delete routes. Every write is one transaction.
 */
export function eventRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.one(':id')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', eventListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await eventList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<EventRow>>),
    )
    .get(
      eventInstructorOptionsPath,
      can('view'),
      vValidator('query', assigneeOptionsQuery, validationHook),
      async (c) =>
        c.json({
          message: messages.listFetched,
          results: await assigneeOptions(db, { ...c.req.valid('query'), kind: 'users' }),
        } satisfies ApiSuccess<Paged<NamedRef>>),
    )
    .get(byId, can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await requireEvent(db, pathId(c.req.param('id'))),
      } satisfies ApiSuccess<EventDetail>),
    )
    .post(paths.list, can('add'), vValidator('json', eventSchema, validationHook), async (c) => {
      const values = c.req.valid('json');
      const id = await db.transaction(async (tx) => {
        await checkReferences(tx, values);
        const [created] = await tx
          .insert(events)
          .values({ ...eventColumns(values), status: values.status })
          .returning({ id: events.id });
        if (!created) throw new Error('Inserting an event returned nothing');
        await insertSessions(tx, created.id, values.sessions);
        await writeInstructors(tx, created.id, values.instructorIds);
        return created.id;
      });
      const results = await requireEvent(db, id);
      return c.json(
        {
          message: recordMessage(resource, results.title, 'created'),
          results,
        } satisfies ApiSuccess<EventDetail>,
        201,
      );
    })
    .patch(byId, can('edit'), vValidator('json', eventUpdateSchema, validationHook), async (c) => {
      const id = pathId(c.req.param('id'));
      const { version, status, ...values } = c.req.valid('json');
      const current = await requireEvent(db, id);
      // Publishing or unpublishing from the form is what the list's switch does: it needs that
      // right. A stale version is left to the update, which answers it 409 with the current record.
      if (status !== undefined && status !== current.status && version === current.version)
        await requirePublish(db, c.get('auth'));
      const written = await seatTransaction(deps, id, messages.notFound, async (tx) => {
        await checkReferences(tx, values);
        const before = await sessionsForMail(tx, id);
        // Every update raises the sequence, so calendars update their entries in place.
        const columns = {
          ...eventColumns(values),
          ...(status === undefined ? {} : { status }),
          sequence: sql`${events.sequence} + 1`,
        };
        if (!(await versionedUpdate(tx, events, id, version, columns))) throw new StaleVersion();
        await replaceSessions(tx, id, values.sessions);
        await writeInstructors(tx, id, values.instructorIds);
        // A larger capacity, or a waiting list turned on, gives the seats to those waiting.
        const updated = await lockEvent(tx, id);
        const promoted = updated ? await promoteWaiting(tx, updated, clock()) : [];
        const kept = new Set(values.sessions.map((session) => session.id));
        const mails = await eventChangeMails(
          tx,
          deps.config,
          id,
          await peopleToTell(tx, id, promoted),
          before.filter((session) => !kept.has(session.id)),
        );
        return { value: true, changes: promoted, mails };
      }).catch((error: unknown) => {
        if (error instanceof StaleVersion) return false;
        throw error;
      });
      const results = await requireEvent(db, id);
      if (!written) return c.json(staleAnswer(results), 409);
      return c.json({
        message: recordMessage(resource, results.title, 'updated'),
        results,
      } satisfies ApiSuccess<EventDetail>);
    })
    .route(
      '/',
      adminStatusRoutes(db, {
        resource,
        table: events,
        row: (id) => eventRow(db, id),
        // Those on a deleted event are told, and its entries leave their calendars.
        beforeDelete: async (ids, tx) => {
          const mails = [];
          for (const id of ids) mails.push(...(await eventDeletedMails(tx, deps.config, id)));
          if (mails.length === 0) return undefined;
          const deliver = await deps.mailer.record(tx, mails);
          return async () => deliver();
        },
      }),
    );
}
