import { asc, eq, inArray } from 'drizzle-orm';
import { type EventSessionView, JOIN_OPENS_MINUTES } from '../../../contract/events/attendees.ts';
import type { Database } from '../../db/client.ts';
import { isoTime } from '../../db/rows.ts';
import { eventSessions } from '../../db/schema/events.ts';
import { locations } from '../../db/schema/lookups.ts';

type Executor = Pick<Database, 'select'>;

/** The sessions of some events as the people on them see them, in order, by event. */
export async function sessionViews(
  db: Executor,
  eventIds: readonly string[],
): Promise<Map<string, EventSessionView[]>> {
  const byEvent = new Map<string, EventSessionView[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({
      eventId: eventSessions.eventId,
      id: eventSessions.id,
      startsAt: eventSessions.startsAt,
      endsAt: eventSessions.endsAt,
      timeZone: eventSessions.timeZone,
      locationTitle: locations.title,
      address: eventSessions.address,
      meetingUrl: eventSessions.meetingUrl,
      meetingProvider: eventSessions.meetingProvider,
    })
    .from(eventSessions)
    .leftJoin(locations, eq(locations.id, eventSessions.locationId))
    .where(inArray(eventSessions.eventId, [...new Set(eventIds)]))
    .orderBy(asc(eventSessions.eventId), asc(eventSessions.position));
  for (const row of rows) {
    const start = new Date(row.startsAt);
    const list = byEvent.get(row.eventId) ?? [];
    list.push({
      id: row.id,
      startsAt: isoTime(start),
      endsAt: isoTime(row.endsAt),
      timeZone: row.timeZone,
      place: row.locationTitle ?? row.address ?? null,
      meetingUrl: row.meetingUrl,
      meetingProvider: row.meetingProvider,
      joinOpensAt: isoTime(new Date(start.getTime() - JOIN_OPENS_MINUTES * 60_000)),
    });
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}
