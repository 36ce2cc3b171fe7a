import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { meetingProvider } from '../../../contract/events/meeting-provider.ts';
import { eventMessages as m } from '../../../contract/events/resource.ts';
import type { EventUpdateValues, EventValues } from '../../../contract/events/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import type { Transaction } from '../../db/client.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';
import { eventInstructors, eventSessions } from '../../db/schema/events.ts';
import { locations } from '../../db/schema/lookups.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../http/errors.ts';

type Values = EventValues | Omit<EventUpdateValues, 'version'>;
type SessionValues = Values['sessions'][number] & { id?: string };

const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/**
 * The category, every session's location and every instructor must exist: 422 naming each field
 * that points at nothing, all at once, before anything is written.
 */
export async function checkReferences(tx: Transaction, values: Values) {
  const errors: FieldErrors = {};
  const [category] = await tx
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(eq(eventCategories.id, values.categoryId))
    .limit(1);
  if (!category) errors.categoryId = m.categoryNotFound;

  const locationIds = unique(values.sessions.map((session) => session.locationId));
  const foundLocations =
    locationIds.length === 0
      ? []
      : await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds));
  const known = new Set(foundLocations.map((row) => row.id));
  values.sessions.forEach((session, index) => {
    if (session.locationId !== null && !known.has(session.locationId))
      errors[`sessions.${index}.locationId`] = m.locationNotFound;
  });

  const instructorIds = unique(values.instructorIds);
  if (instructorIds.length > 0) {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, instructorIds));
    if (found.length !== instructorIds.length) errors.instructorIds = m.instructorsNotFound;
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);
}

/** The columns of `events` the form writes. */
export function eventColumns(values: Values) {
  const instant = (value: string | null) => (value === null ? null : new Date(value));
  return {
    title: values.title,
    categoryId: values.categoryId,
    description: values.description,
    timeZone: values.timeZone,
    capacity: values.capacity,
    waitlist: values.waitlist,
    registrationOpensAt: instant(values.registrationOpensAt),
    registrationClosesAt: instant(values.registrationClosesAt),
  };
}

/** A session's columns; the link's provider is recognised here, never taken from the client. */
function sessionColumns(session: SessionValues, position: number) {
  return {
    position,
    startsAt: new Date(session.startsAt),
    endsAt: new Date(session.endsAt),
    timeZone: session.timeZone,
    locationId: session.locationId,
    address: session.address,
    meetingUrl: session.meetingUrl,
    meetingProvider: session.meetingUrl === null ? null : meetingProvider(session.meetingUrl),
  };
}

/** The event's instructors become `ids` (each once). */
export async function writeInstructors(tx: Transaction, eventId: string, ids: string[]) {
  await tx.delete(eventInstructors).where(eq(eventInstructors.eventId, eventId));
  const userIds = unique(ids);
  if (userIds.length > 0)
    await tx.insert(eventInstructors).values(userIds.map((userId) => ({ eventId, userId })));
}

/** A new event's sessions, numbered from 1 in the order sent. */
export async function insertSessions(tx: Transaction, eventId: string, sessions: SessionValues[]) {
  await tx
    .insert(eventSessions)
    .values(sessions.map((session, index) => ({ eventId, ...sessionColumns(session, index + 1) })));
}

/**
 * The event's sessions become the list sent, in its order. A session sent with its `id` is updated
 * in place, so its id (the calendar entry's UID) and its attendance stay; one left out is deleted
 * with its attendance; one without an id is added. An id that is not one of the event's sessions,
 * or one sent twice, is 422 under it. Runs inside the update's transaction, after the event's row
 * is locked by its update.
 */
export async function replaceSessions(tx: Transaction, eventId: string, sessions: SessionValues[]) {
  const current = await tx
    .select({ id: eventSessions.id })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId));
  const owned = new Set(current.map((row) => row.id));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  sessions.forEach((session, index) => {
    if (session.id === undefined) return;
    if (!owned.has(session.id)) errors[`sessions.${index}.id`] = m.sessionIdInvalid;
    else if (seen.has(session.id)) errors[`sessions.${index}.id`] = m.sessionIdRepeated;
    seen.add(session.id);
  });
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);

  const kept = [...seen];
  await tx
    .delete(eventSessions)
    .where(
      kept.length === 0
        ? eq(eventSessions.eventId, eventId)
        : and(eq(eventSessions.eventId, eventId), notInArray(eventSessions.id, kept)),
    );
  // Positions are unique per event: the kept sessions step aside to negative ones first, so
  // numbering them anew never meets a position still held.
  if (kept.length > 0)
    await tx
      .update(eventSessions)
      .set({ position: sql`-1 - ${eventSessions.position}` })
      .where(eq(eventSessions.eventId, eventId));
  const added: (typeof eventSessions.$inferInsert)[] = [];
  for (const [index, session] of sessions.entries()) {
    const columns = sessionColumns(session, index + 1);
    if (session.id === undefined) added.push({ eventId, ...columns });
    else await tx.update(eventSessions).set(columns).where(eq(eventSessions.id, session.id));
  }
  if (added.length > 0) await tx.insert(eventSessions).values(added);
}
