import { vValidator } from '@hono/valibot-validator';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { assigneeOptionsQuery } from '../../../contract/course-assignments/list-query.ts';
import type { NamedRef } from '../../../contract/course-assignments/resource.ts';
import type { ApiSuccess, FieldErrors, Paged } from '../../../contract/envelope.ts';
import type { AttendeeRow } from '../../../contract/events/attendees.ts';
import {
  type AddAttendeesResult,
  type AttendeeDetail,
  addAttendeesSchema,
  attendeeListQuery,
  attendeeUpdateSchema,
  type MarkAttendanceResult,
  attendeeMessages as m,
  markAttendanceSchema,
  attendeePaths as paths,
  type VirtualMeetingRow,
  virtualMeetingListQuery,
} from '../../../contract/events/attendees.ts';
import { SEATED_STATES } from '../../../contract/events/model.ts';
import { messages } from '../../../contract/messages.ts';
import type { Transaction } from '../../db/client.ts';
import { eventAttendees, eventSessions } from '../../db/schema/events.ts';
import { teamMembers, teams } from '../../db/schema/teams.ts';
import { userGroupMembers, userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';
import { StaleVersion, staleAnswer } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { assigneeOptions } from '../course-assignments/course-options.ts';
import { markSession } from '../events/attendance.ts';
import { seatTransaction } from '../events/seat-transaction.ts';
import { changeState, type LockedEvent, placePeople, type SeatChange } from '../events/seats.ts';
import { attendeeDetail, attendeeList, virtualMeetingList } from './queries.ts';

/**
 * The people named by an add: the users, the members of the user groups and of the teams, each
 * once, in that order. 422 naming each list that points at something that does not exist.
 */
async function peopleOf(
  tx: Transaction,
  input: { userIds: string[]; groupIds: string[]; teamIds: string[] },
) {
  const errors: FieldErrors = {};
  const missing = async (ids: string[], found: () => Promise<{ id: string }[]>) =>
    ids.length > 0 && new Set((await found()).map((row) => row.id)).size !== new Set(ids).size;
  if (
    await missing(input.userIds, () =>
      tx.select({ id: users.id }).from(users).where(inArray(users.id, input.userIds)),
    )
  )
    errors.userIds = m.peopleNotFound;
  if (
    await missing(input.groupIds, () =>
      tx.select({ id: userGroups.id }).from(userGroups).where(inArray(userGroups.id, input.groupIds)),
    )
  )
    errors.groupIds = m.peopleNotFound;
  if (
    await missing(input.teamIds, () =>
      tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, input.teamIds)),
    )
  )
    errors.teamIds = m.peopleNotFound;
  if (Object.keys(errors).length > 0) throw new ApiError(422, m.peopleNotFound, errors);

  const fromGroups =
    input.groupIds.length === 0
      ? []
      : await tx
          .select({ id: userGroupMembers.userId })
          .from(userGroupMembers)
          .where(inArray(userGroupMembers.groupId, input.groupIds))
          .orderBy(asc(userGroupMembers.joinedAt), asc(userGroupMembers.userId));
  const fromTeams =
    input.teamIds.length === 0
      ? []
      : await tx
          .select({ id: teamMembers.userId })
          .from(teamMembers)
          .where(inArray(teamMembers.teamId, input.teamIds))
          .orderBy(asc(teamMembers.sortLast), asc(teamMembers.sortFirst), asc(teamMembers.userId));
  return [
    ...new Set([...input.userIds, ...fromGroups.map((row) => row.id), ...fromTeams.map((row) => row.id)]),
  ];
}

/** The attendee on a locked event, or 404. */
async function attendeeOn(tx: Transaction, event: LockedEvent, attendeeId: string) {
  const [attendee] = await tx
    .select({
      id: eventAttendees.id,
      userId: eventAttendees.userId,
      state: eventAttendees.state,
      version: eventAttendees.version,
    })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.id, attendeeId), eq(eventAttendees.eventId, event.id)));
  if (!attendee) throw new ApiError(404, m.attendeeNotFound);
  return attendee;
}

/** The sessions of a locked event, by id. */
async function sessionsOf(tx: Transaction, eventId: string) {
  const rows = await tx
    .select({ id: eventSessions.id, startsAt: eventSessions.startsAt })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The Attendees screens (list, add, edit with attendance) and the Virtual Meetings screen. Every
 * change of place runs in seatTransaction: the event locked, the waiting list served, the mails
 * with their `.ics` recorded with the change.
 */
export function attendeeRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission('event-management', 'attendees', action));
  const byId = `${paths.one(':id')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', attendeeListQuery, validationHook), async (c) =>
      c.json({
        message: m.fetched,
        results: await attendeeList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<AttendeeRow>>),
    )
    .get(
      paths.peopleOptions,
      can('add'),
      vValidator('query', assigneeOptionsQuery, validationHook),
      async (c) =>
        c.json({
          message: messages.listFetched,
          results: await assigneeOptions(db, c.req.valid('query')),
        } satisfies ApiSuccess<Paged<NamedRef>>),
    )
    .get(
      paths.virtualMeetings,
      allow(db, permission('event-management', 'virtual-meeting', 'view')),
      vValidator('query', virtualMeetingListQuery, validationHook),
      async (c) =>
        c.json({
          message: m.fetched,
          results: await virtualMeetingList(db, c.req.valid('query'), clock()),
        } satisfies ApiSuccess<Paged<VirtualMeetingRow>>),
    )
    .get(byId, can('view'), async (c) =>
      c.json({
        message: m.attendeeFetched,
        results: await foundOr404(attendeeDetail(db, pathId(c.req.param('id')))),
      } satisfies ApiSuccess<AttendeeDetail>),
    )
    .post(paths.list, can('add'), vValidator('json', addAttendeesSchema, validationHook), async (c) => {
      const input = c.req.valid('json');
      const by = c.get('auth').userId;
      const results = await seatTransaction(deps, input.eventId, m.eventNotFound, async (tx, event) => {
        const people = await peopleOf(tx, input);
        const { result, changes } = await placePeople(tx, event, people, {
          state: input.state,
          addedBy: by,
          now: clock(),
        });
        return { value: result, changes };
      }).catch((error: unknown) => {
        // A missing event is a field of the body, not the path: 422 on `eventId`.
        if (error instanceof ApiError && error.status === 404)
          throw new ApiError(422, m.eventNotFound, { eventId: m.eventNotFound });
        throw error;
      });
      return c.json({ message: m.added, results } satisfies ApiSuccess<AddAttendeesResult>, 201);
    })
    .patch(byId, can('edit'), vValidator('json', attendeeUpdateSchema, validationHook), async (c) => {
      const id = pathId(c.req.param('id'));
      const input = c.req.valid('json');
      const by = c.get('auth').userId;
      const current = await foundOr404(attendeeDetail(db, id));
      const written = await seatTransaction(deps, current.eventId, m.attendeeNotFound, async (tx, event) => {
        const attendee = await attendeeOn(tx, event, id);
        if (attendee.version !== input.version) throw new StaleVersion();
        const now = clock();
        const changes: SeatChange[] = [];
        if (input.state !== undefined) {
          const changed = await changeState(tx, event, attendee, input.state, { now, by });
          if (changed === 'full') throw new ApiError(409, m.eventFull);
          changes.push(...changed);
        }
        if (input.attendance.length > 0) {
          const sessions = await sessionsOf(tx, event.id);
          const errors: FieldErrors = {};
          input.attendance.forEach((mark, index) => {
            const session = sessions.get(mark.sessionId);
            if (!session) errors[`attendance.${index}.sessionId`] = m.attendanceSessionOther;
            else if (mark.state !== null && new Date(session.startsAt) > now)
              errors[`attendance.${index}.state`] = m.attendanceTooEarly;
          });
          if (Object.keys(errors).length > 0) throw new ApiError(422, m.attendanceSessionOther, errors);
          const [seated] = await tx
            .select({ state: eventAttendees.state })
            .from(eventAttendees)
            .where(eq(eventAttendees.id, id));
          if (!seated || !(SEATED_STATES as readonly string[]).includes(seated.state))
            throw new ApiError(422, m.attendanceNotSeated, { attendance: m.attendanceNotSeated });
          const marked = await markSession(
            tx,
            event,
            input.attendance.map((mark) => ({ attendeeId: id, ...mark })),
            { now, by },
          );
          changes.push(...marked.changes);
        }
        if (changes.length === 0 && input.attendance.length === 0) return { value: true, changes };
        // Any edit moves the version on, so a second form open on the old one is told.
        await tx
          .update(eventAttendees)
          .set({ updatedAt: now, version: sql`${eventAttendees.version} + 1` })
          .where(eq(eventAttendees.id, id));
        return { value: true, changes };
      }).catch((error: unknown) => {
        if (error instanceof StaleVersion) return false;
        throw error;
      });
      const results = await foundOr404(attendeeDetail(db, id));
      if (!written) return c.json(staleAnswer(results), 409);
      return c.json({ message: m.updated, results } satisfies ApiSuccess<AttendeeDetail>);
    })
    .put(
      paths.attendance,
      can('edit'),
      vValidator('json', markAttendanceSchema, validationHook),
      async (c) => {
        const input = c.req.valid('json');
        const by = c.get('auth').userId;
        const [session] = await db
          .select({ eventId: eventSessions.eventId, startsAt: eventSessions.startsAt })
          .from(eventSessions)
          .where(eq(eventSessions.id, input.sessionId));
        if (!session) throw new ApiError(422, m.sessionNotFound, { sessionId: m.sessionNotFound });
        const now = clock();
        if (new Date(session.startsAt) > now)
          throw new ApiError(422, m.attendanceTooEarly, { state: m.attendanceTooEarly });
        const results = await seatTransaction(deps, session.eventId, m.sessionNotFound, async (tx, event) => {
          const attendeeIds =
            input.attendeeIds ??
            (
              await tx
                .select({ id: eventAttendees.id })
                .from(eventAttendees)
                .where(
                  and(
                    eq(eventAttendees.eventId, event.id),
                    inArray(eventAttendees.state, [...SEATED_STATES]),
                  ),
                )
            ).map((row) => row.id);
          const { marked, changes } = await markSession(
            tx,
            event,
            attendeeIds.map((attendeeId) => ({ attendeeId, sessionId: input.sessionId, state: input.state })),
            { now, by },
          );
          return { value: { marked }, changes };
        });
        return c.json({ message: m.attendanceMarked, results } satisfies ApiSuccess<MarkAttendanceResult>);
      },
    );
}
