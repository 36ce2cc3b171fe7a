import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AttendeeState, SEATED_STATES, type SessionAttendance } from '../../../contract/events/model.ts';
import type { Transaction } from '../../db/client.ts';
import { eventAttendance, eventAttendees, eventSessions } from '../../db/schema/events.ts';
import { eventPartsSettled } from '../learning/event-parts.ts';
import type { LockedEvent, SeatChange } from './seats.ts';

/**
 * Attendance of an event's sessions (record 029), run inside the caller's transaction on an event
 * it has locked (seats.ts), as every change of place is.
 */

/**
 * Marks one session for some attendees of its (locked) event and settles their state: `attended`
 * once every session is marked attended, `absent` once every session is marked and one is absent,
 * `registered` while a session is unmarked. Only people holding a seat have attendance; the rest
 * are left out and not counted. A mark written again is one mark (one row per person and session).
 */
export async function markSession(
  tx: Transaction,
  event: LockedEvent,
  marks: { attendeeId: string; sessionId: string; state: SessionAttendance | null }[],
  options: { now: Date; by: string | null },
): Promise<{ marked: number; changes: SeatChange[] }> {
  if (marks.length === 0) return { marked: 0, changes: [] };
  const seatedIds = new Set(
    (
      await tx
        .select({ id: eventAttendees.id })
        .from(eventAttendees)
        .where(
          and(
            eq(eventAttendees.eventId, event.id),
            inArray(eventAttendees.state, [...SEATED_STATES]),
            inArray(
              eventAttendees.id,
              marks.map((mark) => mark.attendeeId),
            ),
          ),
        )
    ).map((row) => row.id),
  );
  const kept = marks.filter((mark) => seatedIds.has(mark.attendeeId));
  const cleared = kept.filter((mark) => mark.state === null);
  const set = kept.filter((mark) => mark.state !== null);
  for (const mark of cleared)
    await tx
      .update(eventAttendance)
      .set({ state: null, markedBy: null, markedAt: null })
      .where(
        and(eq(eventAttendance.attendeeId, mark.attendeeId), eq(eventAttendance.sessionId, mark.sessionId)),
      );
  if (set.length > 0)
    await tx
      .insert(eventAttendance)
      .values(
        set.map((mark) => ({
          attendeeId: mark.attendeeId,
          sessionId: mark.sessionId,
          state: mark.state,
          markedBy: options.by,
          markedAt: options.now,
        })),
      )
      .onConflictDoUpdate({
        target: [eventAttendance.attendeeId, eventAttendance.sessionId],
        set: {
          state: sql`excluded.state`,
          markedBy: sql`excluded.marked_by`,
          markedAt: sql`excluded.marked_at`,
        },
      });
  const changes = await settleAttendance(
    tx,
    event,
    [...new Set(kept.map((mark) => mark.attendeeId))],
    options.now,
  );
  return { marked: kept.length, changes };
}

/** Works out the state of seated attendees from their marks; answers those whose state changed. */
export async function settleAttendance(
  tx: Transaction,
  event: LockedEvent,
  attendeeIds: readonly string[],
  now: Date,
): Promise<SeatChange[]> {
  if (attendeeIds.length === 0) return [];
  const outcome = sql<AttendeeState>`(
    select case
      when count(s.id) = count(m.state) and bool_and(m.state = 'attended') then 'attended'
      when count(s.id) = count(m.state) then 'absent'
      else 'registered' end
      from ${eventSessions} s
      left join ${eventAttendance} m on m.session_id = s.id and m.attendee_id = ${eventAttendees.id}
     where s.event_id = ${event.id})`;
  const before = new Map(
    (
      await tx
        .select({ id: eventAttendees.id, state: eventAttendees.state })
        .from(eventAttendees)
        .where(inArray(eventAttendees.id, [...attendeeIds]))
    ).map((row) => [row.id, row.state]),
  );
  const after = await tx
    .update(eventAttendees)
    .set({ state: outcome, updatedAt: now, version: sql`${eventAttendees.version} + 1` })
    .where(
      and(
        inArray(eventAttendees.id, [...attendeeIds]),
        inArray(eventAttendees.state, [...SEATED_STATES]),
        sql`${eventAttendees.state} is distinct from ${outcome}`,
      ),
    )
    .returning({ id: eventAttendees.id, userId: eventAttendees.userId, state: eventAttendees.state });
  await eventPartsSettled(tx, {
    eventId: event.id,
    userIds: after.filter((row) => row.state === 'attended').map((row) => row.userId),
    now,
  });
  return after.map((row) => ({
    attendeeId: row.id,
    userId: row.userId,
    from: before.get(row.id) ?? null,
    to: row.state,
  }));
}
