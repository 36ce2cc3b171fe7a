import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AddAttendeesResult } from '../../../contract/events/attendees.ts';
import { type AttendeeState, SEATED_STATES } from '../../../contract/events/model.ts';
import type { Transaction } from '../../db/client.ts';
import { eventAttendees, events } from '../../db/schema/events.ts';

/**
 * Seats and the waiting list (record 029; attendance is in attendance.ts). Every function here
 * runs inside the caller's transaction and starts by locking the event's row (`for update`), so two registrations
 * at the same moment queue on the lock and read each other's seats: an event is never overbooked,
 * and the waiting list is served in order.
 */

/** The event as the seat rules read it, locked until the transaction ends. */
export type LockedEvent = {
  id: string;
  title: string;
  capacity: number | null;
  waitlist: boolean;
  status: boolean;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
};

/** One person whose place changed: the mails and the course completions follow these. */
export type SeatChange = {
  attendeeId: string;
  userId: string;
  from: AttendeeState | null;
  to: AttendeeState;
};

const seated: readonly AttendeeState[] = SEATED_STATES;

export async function lockEvent(tx: Transaction, eventId: string): Promise<LockedEvent | undefined> {
  const [event] = await tx
    .select({
      id: events.id,
      title: events.title,
      capacity: events.capacity,
      waitlist: events.waitlist,
      status: events.status,
      registrationOpensAt: events.registrationOpensAt,
      registrationClosesAt: events.registrationClosesAt,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  return event;
}

/** Seats left on a locked event: null for no limit. */
async function seatsLeft(tx: Transaction, event: LockedEvent): Promise<number | null> {
  if (event.capacity === null) return null;
  const taken = await tx.$count(
    eventAttendees,
    and(eq(eventAttendees.eventId, event.id), inArray(eventAttendees.state, [...SEATED_STATES])),
  );
  return Math.max(0, event.capacity - taken);
}

type PlaceOptions = {
  /** `registered`: a seat, else the waiting list, else `full`; `invited`: asked, no seat yet. */
  state: 'registered' | 'invited';
  addedBy: string | null;
  now: Date;
};

/**
 * Puts people on a locked event, in the order given. Someone seated or waiting already keeps their
 * place (`alreadyOn`); someone invited or cancelled before is placed again. Those past the seats
 * wait in line when the event has a waiting list, each a millisecond after the one before, so the
 * line keeps the order they were named in; without one they are not added (`full`).
 */
export async function placePeople(
  tx: Transaction,
  event: LockedEvent,
  userIds: readonly string[],
  options: PlaceOptions,
): Promise<{ result: AddAttendeesResult; changes: SeatChange[] }> {
  const result: AddAttendeesResult = { registered: 0, waitlisted: 0, invited: 0, alreadyOn: 0, full: 0 };
  const people = [...new Set(userIds)];
  if (people.length === 0) return { result, changes: [] };

  const existing = new Map(
    (
      await tx
        .select({ id: eventAttendees.id, userId: eventAttendees.userId, state: eventAttendees.state })
        .from(eventAttendees)
        .where(and(eq(eventAttendees.eventId, event.id), inArray(eventAttendees.userId, people)))
    ).map((row) => [row.userId, row]),
  );
  let left = options.state === 'registered' ? await seatsLeft(tx, event) : null;
  let waiting = 0;
  const rows: {
    userId: string;
    state: AttendeeState;
    waitlistedAt: Date | null;
    from: AttendeeState | null;
  }[] = [];

  for (const userId of people) {
    const from = existing.get(userId)?.state ?? null;
    const placed = from !== null && (seated.includes(from) || from === 'waitlisted');
    if (placed || (from === 'invited' && options.state === 'invited')) {
      result.alreadyOn += 1;
      continue;
    }
    if (options.state === 'invited') {
      result.invited += 1;
      rows.push({ userId, state: 'invited', waitlistedAt: null, from });
    } else if (left === null || left > 0) {
      if (left !== null) left -= 1;
      result.registered += 1;
      rows.push({ userId, state: 'registered', waitlistedAt: null, from });
    } else if (event.waitlist) {
      result.waitlisted += 1;
      rows.push({
        userId,
        state: 'waitlisted',
        waitlistedAt: new Date(options.now.getTime() + waiting),
        from,
      });
      waiting += 1;
    } else {
      result.full += 1;
    }
  }
  if (rows.length === 0) return { result, changes: [] };

  const written = await tx
    .insert(eventAttendees)
    .values(
      rows.map((row) => ({
        eventId: event.id,
        userId: row.userId,
        state: row.state,
        waitlistedAt: row.waitlistedAt,
        addedBy: options.addedBy,
      })),
    )
    .onConflictDoUpdate({
      target: [eventAttendees.eventId, eventAttendees.userId],
      set: {
        state: sql`excluded.state`,
        waitlistedAt: sql`excluded.waitlisted_at`,
        addedBy: sql`excluded.added_by`,
        updatedAt: options.now,
        version: sql`${eventAttendees.version} + 1`,
      },
    })
    .returning({ id: eventAttendees.id, userId: eventAttendees.userId, state: eventAttendees.state });
  const before = new Map(rows.map((row) => [row.userId, row.from]));
  return {
    result,
    changes: written.map((row) => ({
      attendeeId: row.id,
      userId: row.userId,
      from: before.get(row.userId) ?? null,
      to: row.state,
    })),
  };
}

/**
 * Gives seats left on a locked event to the waiting list, first come first served (waitlisted_at,
 * then id). Called after a seat is given up and after the capacity rises.
 */
export async function promoteWaiting(tx: Transaction, event: LockedEvent, now: Date): Promise<SeatChange[]> {
  const left = await seatsLeft(tx, event);
  if (left === 0) return [];
  const next = tx
    .select({ id: eventAttendees.id })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.state, 'waitlisted')))
    .orderBy(asc(eventAttendees.waitlistedAt), asc(eventAttendees.id));
  const chosen = await (left === null ? next : next.limit(left));
  if (chosen.length === 0) return [];
  const promoted = await tx
    .update(eventAttendees)
    .set({
      state: 'registered',
      waitlistedAt: null,
      updatedAt: now,
      version: sql`${eventAttendees.version} + 1`,
    })
    .where(
      inArray(
        eventAttendees.id,
        chosen.map((row) => row.id),
      ),
    )
    .returning({ id: eventAttendees.id, userId: eventAttendees.userId });
  return promoted.map((row) => ({
    attendeeId: row.id,
    userId: row.userId,
    from: 'waitlisted',
    to: 'registered',
  }));
}

/**
 * Moves one attendee of a locked event to `invited`, `registered` or `cancelled`. Registering takes a
 * seat, else a place at the end of the waiting list, else fails with `full`; cancelling a seat gives
 * it to the first waiting. Answers every change, the promoted included, or `full`.
 */
export async function changeState(
  tx: Transaction,
  event: LockedEvent,
  attendee: { id: string; userId: string; state: AttendeeState },
  to: 'invited' | 'registered' | 'cancelled',
  options: { now: Date; by: string | null },
): Promise<SeatChange[] | 'full'> {
  const from = attendee.state;
  if (from === to || (to === 'registered' && (seated.includes(from) || from === 'waitlisted'))) return [];
  if (to === 'registered') {
    const { result, changes } = await placePeople(tx, event, [attendee.userId], {
      state: 'registered',
      addedBy: options.by,
      now: options.now,
    });
    return result.full > 0 ? 'full' : changes;
  }
  await tx
    .update(eventAttendees)
    .set({
      state: to,
      waitlistedAt: null,
      updatedAt: options.now,
      version: sql`${eventAttendees.version} + 1`,
    })
    .where(eq(eventAttendees.id, attendee.id));
  const own: SeatChange = { attendeeId: attendee.id, userId: attendee.userId, from, to };
  if (!seated.includes(from)) return [own];
  return [own, ...(await promoteWaiting(tx, event, options.now))];
}
