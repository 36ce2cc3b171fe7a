import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, updatedAt, version } from '../columns.ts';
import { users } from './users.ts';

/** Events and virtual meetings; the events administration builds on these. */
export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    kind: text('kind').$type<'event' | 'virtual-meeting'>().notNull().default('event'),
    startsAt: timestampTz('starts_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('events_kind_check', sql`${t.kind} in ('event', 'virtual-meeting')`),
    index('events_starts_at_idx').on(t.startsAt),
  ],
);

/** Who was invited to an event, and whether they attended. */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attended: boolean('attended').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user_idx').on(t.userId)],
);
