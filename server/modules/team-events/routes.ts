import { vValidator } from '@hono/valibot-validator';
import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type AddAttendeesResult,
  type MarkAttendanceResult,
  attendeeMessages as m,
  teamEventPaths as paths,
  sessionMarkSchema,
  type TeamEvent,
  teamAttendeeUpdateSchema,
  teamRegisterSchema,
} from '../../../contract/events/attendees.ts';
import { SEATED_STATES } from '../../../contract/events/model.ts';
import { eventAttendees, eventSessions } from '../../db/schema/events.ts';
import { staleAnswer } from '../../db/versioned-update.ts';
import { allow, teamLead } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { accessibleTeam } from '../../http/team-param.ts';
import { validationHook } from '../../http/validate.ts';
import { markSession } from '../events/attendance.ts';
import { seatTransaction } from '../events/seat-transaction.ts';
import { changeState, placePeople } from '../events/seats.ts';
import { attendeeById, membersAmong, teamEvents } from './queries.ts';

const isSeated = (state: string) => (SEATED_STATES as readonly string[]).includes(state);

/**
 * The Team Dashboard's Assign Events tab: a lead registers members of their teams, cancels, and
 * marks attendance. The lead (or an administrator who manages teams) acts only on members of the
 * team in the path: anyone else named is refused with nothing written. Every change of place runs
 * in seatTransaction, as the administration's and the learner's do.
 */
export function teamEventRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const auth = allow(db, teamLead);
  const teamParam = `:teamId${UUID_PARAM}`;

  /** 403 unless every one of these users is a member of the team. */
  const requireMembers = async (teamId: string, userIds: readonly string[]) => {
    const members = await membersAmong(db, teamId, userIds);
    if (userIds.some((userId) => !members.has(userId))) throw new ApiError(403, m.notMember);
  };

  return new Hono<AppEnv>()
    .get(paths.events(teamParam), auth, async (c) => {
      const teamId = await accessibleTeam(deps, c, 'view');
      return c.json({
        message: m.eventsFetched,
        results: await teamEvents(db, teamId, clock()),
      } satisfies ApiSuccess<TeamEvent[]>);
    })
    .post(
      paths.register(teamParam, `:eventId${UUID_PARAM}`),
      auth,
      vValidator('json', teamRegisterSchema, validationHook),
      async (c) => {
        const teamId = await accessibleTeam(deps, c, 'edit');
        const eventId = pathId(c.req.param('eventId'));
        const { userIds } = c.req.valid('json');
        await requireMembers(teamId, userIds);
        const by = c.get('auth').userId;
        const results = await seatTransaction(deps, eventId, m.eventNotFound, async (tx, event) => {
          const now = clock();
          // A lead registers for any published event not yet over, a session under way included;
          // the registration window is the learners' own.
          const [open] = await tx
            .select({ id: eventSessions.id })
            .from(eventSessions)
            .where(and(eq(eventSessions.eventId, event.id), gt(eventSessions.endsAt, now)))
            .limit(1);
          if (!event.status || !open) throw new ApiError(409, m.eventNotOpen);
          const { result, changes } = await placePeople(tx, event, userIds, {
            state: 'registered',
            addedBy: by,
            now,
          });
          if (result.full > 0 && result.registered + result.waitlisted + result.alreadyOn === 0)
            throw new ApiError(409, m.eventFull);
          return { value: result, changes };
        });
        return c.json({ message: m.added, results } satisfies ApiSuccess<AddAttendeesResult>, 201);
      },
    )
    .patch(
      paths.attendee(teamParam, `:attendeeId${UUID_PARAM}`),
      auth,
      vValidator('json', teamAttendeeUpdateSchema, validationHook),
      async (c) => {
        const teamId = await accessibleTeam(deps, c, 'edit');
        const attendeeId = pathId(c.req.param('attendeeId'));
        const found = await attendeeById(db, attendeeId);
        if (!found) throw new ApiError(404, m.attendeeNotFound);
        await requireMembers(teamId, [found.userId]);
        const { version } = c.req.valid('json');
        const by = c.get('auth').userId;
        const written = await seatTransaction(deps, found.eventId, m.attendeeNotFound, async (tx, event) => {
          const attendee = await attendeeById(tx, attendeeId);
          if (!attendee) throw new ApiError(404, m.attendeeNotFound);
          if (version !== undefined && attendee.version !== version) return { value: false, changes: [] };
          if (attendee.state === 'attended' || attendee.state === 'absent')
            throw new ApiError(409, m.cancelClosed);
          const changes = await changeState(tx, event, attendee, 'cancelled', { now: clock(), by });
          return { value: true, changes: changes === 'full' ? [] : changes };
        });
        const [results] = await teamEvents(db, teamId, clock(), found.eventId);
        if (!written) return c.json(staleAnswer(results), 409);
        return c.json({ message: m.updated, results } satisfies ApiSuccess<TeamEvent | undefined>);
      },
    )
    .put(
      paths.attendance(teamParam),
      auth,
      vValidator('json', sessionMarkSchema, validationHook),
      async (c) => {
        const teamId = await accessibleTeam(deps, c, 'edit');
        const input = c.req.valid('json');
        // The attendee is what the mark is about, as a path id would be: gone is 404.
        const found = await attendeeById(db, input.attendeeId);
        if (!found) throw new ApiError(404, m.attendeeNotFound);
        await requireMembers(teamId, [found.userId]);
        const [session] = await db
          .select({ eventId: eventSessions.eventId, startsAt: eventSessions.startsAt })
          .from(eventSessions)
          .where(eq(eventSessions.id, input.sessionId));
        if (!session) throw new ApiError(422, m.sessionNotFound, { sessionId: m.sessionNotFound });
        if (session.eventId !== found.eventId)
          throw new ApiError(422, m.attendanceSessionOther, { sessionId: m.attendanceSessionOther });
        const now = clock();
        if (new Date(session.startsAt) > now)
          throw new ApiError(422, m.attendanceTooEarly, { state: m.attendanceTooEarly });
        const by = c.get('auth').userId;
        // The same mark sent again (a replay from the outbox) writes the same row: one mark.
        const results = await seatTransaction(deps, found.eventId, m.attendeeNotFound, async (tx, event) => {
          const [attendee] = await tx
            .select({ state: eventAttendees.state })
            .from(eventAttendees)
            .where(eq(eventAttendees.id, input.attendeeId));
          if (!attendee || !isSeated(attendee.state))
            throw new ApiError(422, m.attendanceNotSeated, { attendeeId: m.attendanceNotSeated });
          const { marked, changes } = await markSession(tx, event, [input], { now, by });
          return { value: { marked }, changes };
        });
        return c.json({ message: m.attendanceMarked, results } satisfies ApiSuccess<MarkAttendanceResult>);
      },
    );
}
