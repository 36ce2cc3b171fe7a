import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from '../columns.ts';

/** Every mail the server sends; without SMTP it stays here (sent_at null) for development. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /**
     * An event's invitation or cancellation, sent as the mail's text/calendar part with its METHOD
     * (REQUEST or CANCEL), which Outlook and Google read as an entry to add, update or remove.
     */
    calendarMethod: text('calendar_method').$type<'REQUEST' | 'CANCEL'>(),
    calendar: text('calendar'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);
