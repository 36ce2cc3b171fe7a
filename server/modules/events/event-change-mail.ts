import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { eventAttendees } from '../../db/schema/events.ts';
import type { Config } from '../../env.ts';
import type { Mail } from '../../mail/mailer.ts';
import { type CalendarEventInput, eventInvitation } from './calendar.ts';
import { body, calendarInput, people } from './event-mail.ts';
import type { SeatChange } from './seats.ts';

/** The mails of a change to the event itself: an update, sessions taken off, the event deleted. */

/**
 * Who hears of an event's change: those holding a seat (not yet marked attended or absent) or an
 * invitation, apart from those just given a seat, whose own mail carries the new entries.
 */
export async function peopleToTell(
  tx: Transaction,
  eventId: string,
  promoted: readonly SeatChange[],
): Promise<{ userId: string; state: 'invited' | 'registered' }[]> {
  const skip = new Set(promoted.map((change) => change.userId));
  const rows = await tx
    .select({ userId: eventAttendees.userId, state: eventAttendees.state })
    .from(eventAttendees)
    .where(
      and(eq(eventAttendees.eventId, eventId), inArray(eventAttendees.state, ['invited', 'registered'])),
    );
  return rows
    .filter((row) => !skip.has(row.userId))
    .map((row) => ({ userId: row.userId, state: row.state === 'invited' ? 'invited' : 'registered' }));
}

/**
 * After an event's change: its people with a seat or an invitation get the updated entries
 * (METHOD:REQUEST, the raised SEQUENCE, the same UIDs), and the entries of sessions taken off the
 * event are cancelled (METHOD:CANCEL naming only those).
 */
export async function eventChangeMails(
  tx: Transaction,
  config: Pick<Config, 'mailFrom' | 'appUrl'>,
  eventId: string,
  recipients: readonly { userId: string; state: 'invited' | 'registered' }[],
  removedSessions: CalendarEventInput['sessions'],
): Promise<Mail[]> {
  if (recipients.length === 0) return [];
  const input = await calendarInput(tx, config, eventId);
  if (!input) return [];
  const persons = await people(
    tx,
    recipients.map((recipient) => recipient.userId),
  );
  const mails: Mail[] = [];
  for (const recipient of recipients) {
    const person = persons.get(recipient.userId);
    if (!person) continue;
    const name = `${person.firstName} ${person.lastName}`;
    const partStat = recipient.state === 'invited' ? 'NEEDS-ACTION' : 'ACCEPTED';
    mails.push({
      to: person.email,
      subject: `Updated: ${input.event.title}`,
      text: body(input, person, 'This event has changed. Your calendar entry is updated.', config.appUrl),
      calendar: {
        method: 'REQUEST',
        content: eventInvitation(input, {
          method: 'REQUEST',
          attendee: { email: person.email, name, partStat },
        }),
      },
    });
    if (removedSessions.length > 0)
      mails.push({
        to: person.email,
        subject: `Session cancelled: ${input.event.title}`,
        text: body(
          { ...input, sessions: removedSessions },
          person,
          'These sessions were taken off the event.',
          config.appUrl,
        ),
        calendar: {
          method: 'CANCEL',
          content: eventInvitation(
            { ...input, sessions: removedSessions },
            { method: 'CANCEL', attendee: { email: person.email, name, partStat: 'DECLINED' } },
          ),
        },
      });
  }
  return mails;
}

/**
 * When an event is deleted: everyone on it hears, and those with a seat or an invitation get the
 * cancellation of its entries (METHOD:CANCEL, SEQUENCE one past the last sent). Read before the
 * rows go.
 */
export async function eventDeletedMails(
  tx: Transaction,
  config: Pick<Config, 'mailFrom' | 'appUrl'>,
  eventId: string,
): Promise<Mail[]> {
  const input = await calendarInput(tx, config, eventId);
  if (!input) return [];
  const cancelled = { ...input, event: { ...input.event, sequence: input.event.sequence + 1 } };
  const rows = await tx
    .select({ userId: eventAttendees.userId, state: eventAttendees.state })
    .from(eventAttendees)
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        inArray(eventAttendees.state, ['invited', 'registered', 'waitlisted']),
      ),
    );
  const persons = await people(
    tx,
    rows.map((row) => row.userId),
  );
  const mails: Mail[] = [];
  for (const row of rows) {
    const person = persons.get(row.userId);
    if (!person) continue;
    const attendee = {
      email: person.email,
      name: `${person.firstName} ${person.lastName}`,
      partStat: 'DECLINED' as const,
    };
    mails.push({
      to: person.email,
      subject: `Event cancelled: ${input.event.title}`,
      text: body(input, person, 'This event is cancelled.', config.appUrl),
      ...(row.state === 'waitlisted'
        ? {}
        : {
            calendar: {
              method: 'CANCEL' as const,
              content: eventInvitation(cancelled, { method: 'CANCEL', attendee }),
            },
          }),
    });
  }
  return mails;
}
