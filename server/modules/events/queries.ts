import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { EventListQuery } from '../../../contract/events/list-query.ts';
import { type AttendeeState, SEATED_STATES } from '../../../contract/events/model.ts';
import type { EventDetail, EventRow } from '../../../contract/events/resource.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';
import { eventAttendees, eventInstructors, eventSessions, events } from '../../db/schema/events.ts';
import { locations } from '../../db/schema/lookups.ts';
import { users } from '../../db/schema/users.ts';

type Executor = Pick<Database, 'select'>;

const isoOrNull = (value: Date | string | null) => (value === null ? null : isoTime(value));

// Per row: its sessions through event_sessions_position_idx (event_id first) and its people
// through event_attendees_state_idx (event_id, state), so a page costs its own rows only.
const firstSessionStartsAt = sql<
  Date | string | null
>`(select min(${eventSessions.startsAt}) from ${eventSessions} where ${eventSessions.eventId} = ${events.id})`;
const sessionCount = sql<number>`(select count(*)::int from ${eventSessions} where ${eventSessions.eventId} = ${events.id})`;
const attendeesIn = (states: readonly AttendeeState[]) =>
  sql<number>`(select count(*)::int from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id} and ${inArray(eventAttendees.state, [...states])})`;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: events.id,
      title: events.title,
      categoryId: events.categoryId,
      categoryTitle: eventCategories.title,
      timeZone: events.timeZone,
      firstSessionStartsAt,
      sessionCount,
      capacity: events.capacity,
      seatsTaken: attendeesIn(SEATED_STATES),
      waitingCount: attendeesIn(['waitlisted']),
      status: events.status,
      version: events.version,
      createdAt: events.createdAt,
    })
    .from(events)
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(where)
    // events_created_idx
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(
    (row): EventRow => ({
      ...row,
      firstSessionStartsAt: isoOrNull(row.firstSessionStartsAt),
      sessionCount: Number(row.sessionCount),
      seatsTaken: Number(row.seatsTaken),
      waitingCount: Number(row.waitingCount),
      createdAt: isoTime(row.createdAt),
    }),
  );
}

/** GET /event: searched by title (events_title_trgm_idx), filtered by status and category, newest first. */
export function eventList(db: Database, query: EventListQuery): Promise<Paged<EventRow>> {
  const where = and(
    statusWhere(events.status, query.status),
    searchWhere(query.search, events.title),
    query.category ? eq(events.categoryId, query.category) : undefined,
  );
  return pagedList(
    query,
    () => db.$count(events, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One event as the list shows it, or undefined. */
export async function eventRow(db: Executor, id: string): Promise<EventRow | undefined> {
  const [row] = await rowsWhere(db, eq(events.id, id), { limit: 1, offset: 0 });
  return row;
}

/** GET /event/{id}: the row, the form's fields, its sessions in order and its instructors by name. */
export async function eventDetail(db: Executor, id: string): Promise<EventDetail | undefined> {
  const row = await eventRow(db, id);
  if (!row) return undefined;
  const [fields] = await db
    .select({
      description: events.description,
      waitlist: events.waitlist,
      registrationOpensAt: events.registrationOpensAt,
      registrationClosesAt: events.registrationClosesAt,
      sequence: events.sequence,
    })
    .from(events)
    .where(eq(events.id, id));
  if (!fields) return undefined;
  const sessions = await db
    .select({
      id: eventSessions.id,
      startsAt: eventSessions.startsAt,
      endsAt: eventSessions.endsAt,
      timeZone: eventSessions.timeZone,
      locationId: eventSessions.locationId,
      locationTitle: locations.title,
      address: eventSessions.address,
      meetingUrl: eventSessions.meetingUrl,
      meetingProvider: eventSessions.meetingProvider,
    })
    .from(eventSessions)
    .leftJoin(locations, eq(locations.id, eventSessions.locationId))
    .where(eq(eventSessions.eventId, id))
    .orderBy(asc(eventSessions.position));
  const instructors = await db
    .select({ _id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(eventInstructors)
    .innerJoin(users, eq(users.id, eventInstructors.userId))
    .where(eq(eventInstructors.eventId, id))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return {
    ...row,
    ...fields,
    registrationOpensAt: isoOrNull(fields.registrationOpensAt),
    registrationClosesAt: isoOrNull(fields.registrationClosesAt),
    instructors,
    sessions: sessions.map((session) => ({
      ...session,
      startsAt: isoTime(session.startsAt),
      endsAt: isoTime(session.endsAt),
    })),
  };
}
