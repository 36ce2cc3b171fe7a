import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { eventAttendees } from '../../db/schema/events.ts';

type Executor = Pick<Database, 'select'>;

/**
 * A waiting person's place in line: those before them on the same event, through
 * event_attendees_state_idx (event_id, state, waitlisted_at, id). Null for anyone not waiting.
 */
export const waitlistPosition = sql<number | null>`case when ${eventAttendees.state} = 'waitlisted' then (
  select count(*)::int from ${eventAttendees} w
   where w.event_id = ${eventAttendees.eventId} and w.state = 'waitlisted'
     and (w.waitlisted_at, w.id) <= (${eventAttendees.waitlistedAt}, ${eventAttendees.id})) end`;

/** Places on the waiting list of the given attendees (those waiting), for the mails that tell them. */
export async function waitlistPositions(db: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: eventAttendees.id, position: waitlistPosition })
    .from(eventAttendees)
    .where(and(inArray(eventAttendees.id, [...ids]), eq(eventAttendees.state, 'waitlisted')));
  return new Map(rows.map((row) => [row.id, Number(row.position)]));
}
