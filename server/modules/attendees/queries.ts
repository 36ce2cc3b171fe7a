import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type {
  AttendeeDetail,
  AttendeeListQuery,
  AttendeeRow,
  VirtualMeetingListQuery,
  VirtualMeetingRow,
} from '../../../contract/events/attendees.ts';
import { SEATED_STATES } from '../../../contract/events/model.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { eventAttendance, eventAttendees, eventSessions, events } from '../../db/schema/events.ts';
import { users } from '../../db/schema/users.ts';
import { waitlistPosition } from '../events/waitlist.ts';

type Executor = Pick<Database, 'select' | '$count'>;

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

const attendedSessions = sql<number>`(select count(*)::int from ${eventAttendance} m
  where m.attendee_id = ${eventAttendees.id} and m.state = 'attended')`;
const sessionCount = sql<number>`(select count(*)::int from ${eventSessions} s where s.event_id = ${eventAttendees.eventId})`;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: eventAttendees.id,
      eventId: eventAttendees.eventId,
      eventTitle: events.title,
      userId: eventAttendees.userId,
      name: fullName,
      email: users.email,
      state: eventAttendees.state,
      waitlistPosition,
      attendedSessions,
      sessionCount,
      createdAt: eventAttendees.createdAt,
      version: eventAttendees.version,
    })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(where)
    // event_attendees_created_idx, or event_attendees_event_created_idx for one event
    .orderBy(desc(eventAttendees.createdAt), desc(eventAttendees.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(
    (row): AttendeeRow => ({
      ...row,
      waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
      attendedSessions: Number(row.attendedSessions),
      sessionCount: Number(row.sessionCount),
      createdAt: isoTime(row.createdAt),
    }),
  );
}

/** GET /event/attendee: by event and state, searched by name or email, newest first. */
export function attendeeList(db: Database, query: AttendeeListQuery): Promise<Paged<AttendeeRow>> {
  const search = searchWhere(query.search, fullName, users.email);
  const where = and(
    query.event ? eq(eventAttendees.eventId, query.event) : undefined,
    query.state ? eq(eventAttendees.state, query.state) : undefined,
    search,
  );
  // Without a search the count needs no join: every attendee has a user (a foreign key).
  const count = search
    ? async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(eventAttendees)
          .innerJoin(users, eq(users.id, eventAttendees.userId))
          .where(where);
        return Number(row?.n ?? 0);
      }
    : () => db.$count(eventAttendees, where);
  return pagedList(query, count, (window) => rowsWhere(db, where, window));
}

export async function attendeeRow(db: Executor, id: string): Promise<AttendeeRow | undefined> {
  const [row] = await rowsWhere(db, eq(eventAttendees.id, id), { limit: 1, offset: 0 });
  return row;
}

/** GET /event/attendee/{id}: the row with the event's sessions and this person's marks. */
export async function attendeeDetail(db: Executor, id: string): Promise<AttendeeDetail | undefined> {
  const row = await attendeeRow(db, id);
  if (!row) return undefined;
  const [event] = await db
    .select({ timeZone: events.timeZone, capacity: events.capacity, waitlist: events.waitlist })
    .from(events)
    .where(eq(events.id, row.eventId));
  if (!event) return undefined;
  const sessions = await db
    .select({
      id: eventSessions.id,
      startsAt: eventSessions.startsAt,
      endsAt: eventSessions.endsAt,
      timeZone: eventSessions.timeZone,
      meetingUrl: eventSessions.meetingUrl,
      attendance: eventAttendance.state,
      markedAt: eventAttendance.markedAt,
      joinedAt: eventAttendance.joinedAt,
    })
    .from(eventSessions)
    .leftJoin(
      eventAttendance,
      and(eq(eventAttendance.sessionId, eventSessions.id), eq(eventAttendance.attendeeId, id)),
    )
    .where(eq(eventSessions.eventId, row.eventId))
    .orderBy(asc(eventSessions.position));
  return {
    ...row,
    eventTimeZone: event.timeZone,
    capacity: event.capacity,
    waitlist: event.waitlist,
    sessions: sessions.map((session) => ({
      ...session,
      startsAt: isoTime(session.startsAt),
      endsAt: isoTime(session.endsAt),
      markedAt: session.markedAt === null ? null : isoTime(session.markedAt),
      joinedAt: session.joinedAt === null ? null : isoTime(session.joinedAt),
    })),
  };
}

const seatedOnEvent = sql<number>`(select count(*)::int from ${eventAttendees} a
  where a.event_id = ${eventSessions.eventId} and a.state in (${sql.join(
    SEATED_STATES.map((state) => sql`${state}`),
    sql`, `,
  )}))`;
const joinedSession = sql<number>`(select count(*)::int from ${eventAttendance} m
  where m.session_id = ${eventSessions.id} and m.joined_at is not null)`;

/**
 * GET /event/virtual-meeting: sessions with a meeting link (event_sessions_virtual_idx), upcoming
 * (not ended yet) soonest first, or past latest first, searched by the event's title.
 */
export function virtualMeetingList(
  db: Database,
  query: VirtualMeetingListQuery,
  now: Date,
): Promise<Paged<VirtualMeetingRow>> {
  const upcoming = query.when === 'upcoming';
  const where = and(
    sql`${eventSessions.meetingUrl} is not null`,
    upcoming ? sql`${eventSessions.endsAt} >= ${now}` : sql`${eventSessions.endsAt} < ${now}`,
    query.status === 'all' ? undefined : eq(events.status, query.status === 'true'),
    searchWhere(query.search, events.title),
  );
  return pagedList(
    query,
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventSessions)
        .innerJoin(events, eq(events.id, eventSessions.eventId))
        .where(where);
      return Number(row?.n ?? 0);
    },
    async ({ limit, offset }) => {
      const rows = await db
        .select({
          sessionId: eventSessions.id,
          eventId: events.id,
          title: events.title,
          startsAt: eventSessions.startsAt,
          endsAt: eventSessions.endsAt,
          timeZone: eventSessions.timeZone,
          meetingUrl: eventSessions.meetingUrl,
          meetingProvider: eventSessions.meetingProvider,
          seated: seatedOnEvent,
          joined: joinedSession,
        })
        .from(eventSessions)
        .innerJoin(events, eq(events.id, eventSessions.eventId))
        .where(where)
        .orderBy(
          upcoming ? asc(eventSessions.startsAt) : desc(eventSessions.startsAt),
          upcoming ? asc(eventSessions.id) : desc(eventSessions.id),
        )
        .limit(limit)
        .offset(offset);
      return rows.map(
        (row): VirtualMeetingRow => ({
          ...row,
          meetingUrl: row.meetingUrl ?? '',
          meetingProvider: row.meetingProvider ?? 'other',
          startsAt: isoTime(row.startsAt),
          endsAt: isoTime(row.endsAt),
          seated: Number(row.seated),
          joined: Number(row.joined),
        }),
      );
    },
  );
}
