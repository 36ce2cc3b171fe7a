import { and, asc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { MyEvent, OpenEvent, OpenEventListQuery } from '../../../contract/events/attendees.ts';
import { SEATED_STATES } from '../../../contract/events/model.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';
import { eventAttendees, eventSessions, events } from '../../db/schema/events.ts';
import { sessionViews } from '../events/session-views.ts';
import { waitlistPosition } from '../events/waitlist.ts';

type Executor = Pick<Database, 'select' | '$count'>;

/** The states in which a person is on an event: everything but cancelled. */
export const ON_EVENT_STATES = ['invited', 'registered', 'waitlisted', 'attended', 'absent'] as const;

const firstStart = sql<Date>`(select min(s.starts_at) from ${eventSessions} s where s.event_id = ${events.id})`;
const lastEnd = sql<Date>`(select max(s.ends_at) from ${eventSessions} s where s.event_id = ${events.id})`;
const seatedCount = sql<number>`(select count(*)::int from ${eventAttendees} a
  where a.event_id = ${events.id} and a.state in ('registered', 'attended', 'absent'))`;

/** My Dashboard: the user's events not yet over, on them in any state but cancelled, soonest first. */
export async function myEvents(db: Executor, userId: string, now: Date): Promise<MyEvent[]> {
  const rows = await db
    .select({
      _id: events.id,
      title: events.title,
      categoryTitle: eventCategories.title,
      timeZone: events.timeZone,
      state: eventAttendees.state,
      waitlistPosition,
      firstStart,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(
      and(
        eq(eventAttendees.userId, userId),
        inArray(eventAttendees.state, [...ON_EVENT_STATES]),
        sql`${lastEnd} > ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(firstStart), asc(events.id))
    .limit(200);
  const sessions = await sessionViews(
    db,
    rows.map((row) => row._id),
  );
  return rows.map(({ firstStart: _first, ...row }) => ({
    ...row,
    categoryTitle: row.categoryTitle ?? null,
    waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
    sessions: sessions.get(row._id) ?? [],
  }));
}

/**
 * Whether people may register for an event now: published, its registration window open, its first
 * session not started. The same rule the register route applies to the locked event.
 */
export function openForRegistration(now: Date): SQL {
  const at = now.toISOString();
  return and(
    eq(events.status, true),
    or(isNull(events.registrationOpensAt), lte(events.registrationOpensAt, now)),
    or(isNull(events.registrationClosesAt), gt(events.registrationClosesAt, now)),
    sql`${firstStart} > ${at}`,
  ) as SQL;
}

/** Training Resources: events open for registration, soonest first, with the caller's place on each. */
export function openEvents(
  db: Executor,
  userId: string,
  query: OpenEventListQuery,
  now: Date,
): Promise<Paged<OpenEvent>> {
  const where = and(openForRegistration(now), searchWhere(query.search, events.title));
  const mine = db
    .select({
      eventId: eventAttendees.eventId,
      id: eventAttendees.id,
      state: eventAttendees.state,
      waitlistedAt: eventAttendees.waitlistedAt,
    })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.userId, userId), ne(eventAttendees.state, 'cancelled')))
    .as('mine');
  return pagedList(
    query,
    () => db.$count(events, where),
    async (window) => {
      const rows = await db
        .select({
          _id: events.id,
          title: events.title,
          categoryTitle: eventCategories.title,
          description: events.description,
          timeZone: events.timeZone,
          capacity: events.capacity,
          seated: seatedCount,
          waitlist: events.waitlist,
          registrationClosesAt: events.registrationClosesAt,
          myState: mine.state,
          waitlistPosition: sql<number | null>`case when ${mine.state} = 'waitlisted' then (
            select count(*)::int from ${eventAttendees} w
             where w.event_id = ${events.id} and w.state = 'waitlisted'
               and (w.waitlisted_at, w.id) <= (${mine.waitlistedAt}, ${mine.id})) end`,
        })
        .from(events)
        .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
        .leftJoin(mine, eq(mine.eventId, events.id))
        .where(where)
        .orderBy(asc(firstStart), asc(events.id))
        .limit(window.limit)
        .offset(window.offset);
      const sessions = await sessionViews(
        db,
        rows.map((row) => row._id),
      );
      return rows.map(
        ({ capacity, seated, ...row }): OpenEvent => ({
          ...row,
          categoryTitle: row.categoryTitle ?? null,
          seatsLeft: capacity === null ? null : Math.max(0, capacity - Number(seated)),
          registrationClosesAt: row.registrationClosesAt ? isoTime(row.registrationClosesAt) : null,
          myState: row.myState ?? null,
          waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
          sessions: sessions.get(row._id) ?? [],
        }),
      );
    },
  );
}

/** The user's place on an event, with their place in line, or undefined when not on it at all. */
export async function myPlace(db: Executor, eventId: string, userId: string) {
  const [row] = await db
    .select({
      id: eventAttendees.id,
      userId: eventAttendees.userId,
      state: eventAttendees.state,
      waitlistPosition,
    })
    .from(eventAttendees)
    // The join makes every column name its table, which waitlistPosition's subquery needs.
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  if (!row) return undefined;
  return { ...row, waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition) };
}

/** Whether this state holds a seat. */
export const isSeated = (state: string) => (SEATED_STATES as readonly string[]).includes(state);

/** The ids of the events the user is on (not cancelled) with a session ending after `since`. */
export async function feedEventIds(db: Executor, userId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ id: events.id })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(
      and(
        eq(eventAttendees.userId, userId),
        inArray(eventAttendees.state, [...ON_EVENT_STATES]),
        sql`${lastEnd} > ${since.toISOString()}`,
      ),
    )
    .orderBy(asc(firstStart), asc(events.id))
    .limit(500);
  return rows.map((row) => row.id);
}
