import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { TeamEvent } from '../../../contract/events/attendees.ts';
import type { SessionAttendance } from '../../../contract/events/model.ts';
import type { Database } from '../../db/client.ts';
import { isoTime } from '../../db/rows.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';
import { eventAttendance, eventAttendees, eventSessions, events } from '../../db/schema/events.ts';
import { teamMembers } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { sessionViews } from '../events/session-views.ts';
import { waitlistPosition } from '../events/waitlist.ts';

type Executor = Pick<Database, 'select'>;

/** The tab lists at most this many events: the soonest, which are the ones a lead acts on. */
export const TEAM_EVENTS_LIMIT = 100;

const firstStart = sql<Date>`(select min(s.starts_at) from ${eventSessions} s where s.event_id = ${events.id})`;
const seatedCount = sql<number>`(select count(*)::int from ${eventAttendees} a
  where a.event_id = ${events.id} and a.state in ('registered', 'attended', 'absent'))`;
const waitingCount = sql<number>`(select count(*)::int from ${eventAttendees} a
  where a.event_id = ${events.id} and a.state = 'waitlisted')`;

/** Published, with a session not yet ended (event_sessions_starts_idx narrows the sessions). */
export function upcoming(now: Date): SQL {
  return and(
    eq(events.status, true),
    sql`exists (select 1 from ${eventSessions} s where s.event_id = ${events.id} and s.ends_at > ${now.toISOString()})`,
  ) as SQL;
}

type Member = TeamEvent['members'][number];

/** The team's members on some events (cancelled places left out), with their marks, by event. */
async function membersOn(db: Executor, teamId: string, eventIds: string[]): Promise<Map<string, Member[]>> {
  const byEvent = new Map<string, Member[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({
      eventId: eventAttendees.eventId,
      attendeeId: eventAttendees.id,
      userId: eventAttendees.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      state: eventAttendees.state,
      waitlistPosition,
      version: eventAttendees.version,
    })
    .from(eventAttendees)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.userId, eventAttendees.userId), eq(teamMembers.teamId, teamId)),
    )
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(and(inArray(eventAttendees.eventId, eventIds), ne(eventAttendees.state, 'cancelled')))
    .orderBy(asc(teamMembers.sortLast), asc(teamMembers.sortFirst), asc(eventAttendees.userId));
  const marks =
    rows.length === 0
      ? []
      : await db
          .select({
            attendeeId: eventAttendance.attendeeId,
            sessionId: eventAttendance.sessionId,
            state: eventAttendance.state,
            joinedAt: eventAttendance.joinedAt,
          })
          .from(eventAttendance)
          .where(
            inArray(
              eventAttendance.attendeeId,
              rows.map((row) => row.attendeeId),
            ),
          );
  const attendance = new Map<string, Record<string, SessionAttendance>>();
  const joined = new Map<string, Record<string, string>>();
  for (const mark of marks) {
    if (mark.state !== null)
      attendance.set(mark.attendeeId, { ...attendance.get(mark.attendeeId), [mark.sessionId]: mark.state });
    if (mark.joinedAt !== null)
      joined.set(mark.attendeeId, {
        ...joined.get(mark.attendeeId),
        [mark.sessionId]: isoTime(mark.joinedAt),
      });
  }
  for (const { eventId, ...row } of rows) {
    const list = byEvent.get(eventId) ?? [];
    list.push({
      ...row,
      waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
      attendance: attendance.get(row.attendeeId) ?? {},
      joined: joined.get(row.attendeeId) ?? {},
    });
    byEvent.set(eventId, list);
  }
  return byEvent;
}

/**
 * GET /team/{teamId}/event: upcoming published events, soonest first, each with its seats left,
 * its waiting count, its sessions and the team's members on it. `eventId` reads one event whatever
 * its dates, to answer a change made on it.
 */
export async function teamEvents(
  db: Executor,
  teamId: string,
  now: Date,
  eventId?: string,
): Promise<TeamEvent[]> {
  const rows = await db
    .select({
      _id: events.id,
      title: events.title,
      categoryTitle: eventCategories.title,
      timeZone: events.timeZone,
      capacity: events.capacity,
      waitlist: events.waitlist,
      seated: seatedCount,
      waitingCount,
    })
    .from(events)
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(eventId ? eq(events.id, eventId) : upcoming(now))
    .orderBy(asc(firstStart), asc(events.id))
    .limit(TEAM_EVENTS_LIMIT);
  const ids = rows.map((row) => row._id);
  const sessions = await sessionViews(db, ids);
  const members = await membersOn(db, teamId, ids);
  return rows.map(({ seated, ...row }) => ({
    ...row,
    categoryTitle: row.categoryTitle ?? null,
    seatsLeft: row.capacity === null ? null : Math.max(0, row.capacity - Number(seated)),
    waitingCount: Number(row.waitingCount),
    sessions: sessions.get(row._id) ?? [],
    members: members.get(row._id) ?? [],
  }));
}

/** Which of these users are members of the team. */
export async function membersAmong(db: Executor, teamId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, [...new Set(userIds)])));
  return new Set(rows.map((row) => row.userId));
}

/** An attendee with their event and person, or undefined. */
export async function attendeeById(db: Executor, attendeeId: string) {
  const [row] = await db
    .select({
      id: eventAttendees.id,
      eventId: eventAttendees.eventId,
      userId: eventAttendees.userId,
      state: eventAttendees.state,
      version: eventAttendees.version,
    })
    .from(eventAttendees)
    .where(eq(eventAttendees.id, attendeeId));
  return row;
}
