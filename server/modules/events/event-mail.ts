import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { eventSessions, events } from '../../db/schema/events.ts';
import { locations } from '../../db/schema/lookups.ts';
import { users } from '../../db/schema/users.ts';
import type { Config } from '../../env.ts';
import type { Mail } from '../../mail/mailer.ts';
import { type CalendarAttendee, type CalendarEventInput, eventInvitation } from './calendar.ts';
import type { SeatChange } from './seats.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The mails that follow a change of place on an event (record 029), each with the event's `.ics`
 * as its calendar part where a calendar should act on it: a seat or an invitation adds the entries
 * (METHOD:REQUEST), a cancellation removes them (METHOD:CANCEL), a place on the waiting list is a
 * plain mail. Built inside the transaction that made the change, so they are recorded with it.
 */

export type Person = { id: string; email: string; firstName: string; lastName: string };

/** The sender's address from MAIL_FROM, which may carry a display name (`Training <a@b>`). */
function organizer(config: Pick<Config, 'mailFrom'>) {
  const email = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return { email: email.trim(), name: 'Training Admin' };
}

/** What the `.ics` of an event needs, read in the caller's transaction. */
export async function calendarInput(
  tx: Transaction,
  config: Pick<Config, 'mailFrom' | 'appUrl'>,
  eventId: string,
): Promise<CalendarEventInput | undefined> {
  const [event] = await tx
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      sequence: events.sequence,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return undefined;
  const sessions = await sessionsForMail(tx, eventId);
  return {
    event: { ...event, organizer: organizer(config) },
    sessions,
    appHost: new URL(config.appUrl).host,
  };
}

/** An event's sessions as its `.ics` writes them, in order. */
export async function sessionsForMail(
  tx: Transaction,
  eventId: string,
): Promise<CalendarEventInput['sessions']> {
  const sessions = await tx
    .select({
      id: eventSessions.id,
      startsAt: eventSessions.startsAt,
      endsAt: eventSessions.endsAt,
      timeZone: eventSessions.timeZone,
      locationTitle: locations.title,
      address: eventSessions.address,
      meetingUrl: eventSessions.meetingUrl,
    })
    .from(eventSessions)
    .leftJoin(locations, eq(locations.id, eventSessions.locationId))
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.position));
  return sessions.map((session) => ({
    id: session.id,
    startsAt: new Date(session.startsAt),
    endsAt: new Date(session.endsAt),
    timeZone: session.timeZone,
    place: session.locationTitle ?? session.address,
    meetingUrl: session.meetingUrl,
  }));
}

export async function people(tx: Transaction, ids: readonly string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A session's time as its attendees read it: "Tue 3 March 2026, 09:00–17:00 (Europe/London)". */
export function sessionWhen(session: { startsAt: Date; endsAt: Date; timeZone: string }): string {
  const start = dayjs(session.startsAt).tz(session.timeZone);
  const end = dayjs(session.endsAt).tz(session.timeZone);
  const endText = end.isSame(start, 'day') ? end.format('HH:mm') : end.format('ddd D MMMM YYYY, HH:mm');
  return `${start.format('ddd D MMMM YYYY, HH:mm')}–${endText} (${session.timeZone})`;
}

export function body(input: CalendarEventInput, person: Person, intro: string, appUrl: string): string {
  const lines = input.sessions.map((session) => {
    const where = [session.place, session.meetingUrl && `online: ${session.meetingUrl}`]
      .filter(Boolean)
      .join(', ');
    return `- ${sessionWhen(session)}${where ? `, ${where}` : ''}`;
  });
  return [
    `Hello ${person.firstName},`,
    '',
    intro,
    '',
    `Event: ${input.event.title}`,
    ...lines,
    '',
    `Your events: ${appUrl}/user-portal/user-dashboard`,
  ].join('\n');
}

type Kind = {
  subject: string;
  intro: string;
  method: 'REQUEST' | 'CANCEL' | null;
  partStat: CalendarAttendee['partStat'];
};

function kindOf(change: SeatChange, position: number | undefined): Kind | undefined {
  if (change.to === 'registered' && change.from === 'waitlisted')
    return {
      subject: 'You have a seat',
      intro: 'A seat came free on this event and it is yours: it is in your calendar.',
      method: 'REQUEST',
      partStat: 'ACCEPTED',
    };
  if (
    change.to === 'registered' &&
    (change.from === null || change.from === 'invited' || change.from === 'cancelled')
  )
    return {
      subject: 'Registered',
      intro: 'You are registered for this event.',
      method: 'REQUEST',
      partStat: 'ACCEPTED',
    };
  if (change.to === 'invited')
    return {
      subject: 'Invitation',
      intro: 'You are invited to this event.',
      method: 'REQUEST',
      partStat: 'NEEDS-ACTION',
    };
  if (change.to === 'waitlisted')
    return {
      subject: 'On the waiting list',
      intro: `This event is full: you are number ${position ?? 1} on its waiting list. You will get a mail if a seat comes free.`,
      method: null,
      partStat: 'NEEDS-ACTION',
    };
  if (change.to === 'cancelled' && change.from === 'waitlisted')
    return {
      subject: 'Off the waiting list',
      intro: 'You are no longer on the waiting list.',
      method: null,
      partStat: 'DECLINED',
    };
  if (change.to === 'cancelled')
    return {
      subject: 'Cancelled',
      intro: 'Your place on this event is cancelled.',
      method: 'CANCEL',
      partStat: 'DECLINED',
    };
  // Attendance outcomes (attended, absent) and their undoing are not news to mail.
  return undefined;
}

/**
 * One mail per change that people should hear of. `positions` gives the waiting list place of
 * those put on it.
 */
export async function seatMails(
  tx: Transaction,
  config: Pick<Config, 'mailFrom' | 'appUrl'>,
  eventId: string,
  changes: readonly SeatChange[],
  positions: ReadonlyMap<string, number> = new Map(),
): Promise<Mail[]> {
  const kinds = changes
    .map((change) => ({ change, kind: kindOf(change, positions.get(change.attendeeId)) }))
    .filter((entry): entry is { change: SeatChange; kind: Kind } => entry.kind !== undefined);
  if (kinds.length === 0) return [];
  const input = await calendarInput(tx, config, eventId);
  if (!input) return [];
  const persons = await people(
    tx,
    kinds.map(({ change }) => change.userId),
  );
  const mails: Mail[] = [];
  for (const { change, kind } of kinds) {
    const person = persons.get(change.userId);
    if (!person) continue;
    const attendee = {
      email: person.email,
      name: `${person.firstName} ${person.lastName}`,
      partStat: kind.partStat,
    };
    mails.push({
      to: person.email,
      subject: `${kind.subject}: ${input.event.title}`,
      text: body(input, person, kind.intro, config.appUrl),
      ...(kind.method
        ? {
            calendar: {
              method: kind.method,
              content: eventInvitation(input, { method: kind.method, attendee }),
            },
          }
        : {}),
    });
  }
  return mails;
}
