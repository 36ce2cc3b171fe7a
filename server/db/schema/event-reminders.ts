import { pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from '../columns.ts';
import { eventAttendees, eventSessions } from './events.ts';

/**
 * The day-before reminder of a session, sent to a person holding a seat: one row per attendee and
 * session, inserted in the transaction that records the mail, so however many sweeps run at once
 * on however many processes, the key lets one of them write it and the others skip it.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    attendeeId: uuid('attendee_id')
      .notNull()
      .references(() => eventAttendees.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    sentAt: timestampTz('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attendeeId, t.sessionId] })],
);
