import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, trigram, updatedAt, version } from '../columns.ts';

/**
 * Event categories: what events are filed under (the events table will reference them by id).
 * Titles are unique whatever their case, so a picker never offers two alike.
 */
export const eventCategories = pgTable(
  'event_categories',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('event_categories_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigram('event_categories_title_trgm_idx', t.title),
    uniqueIndex('event_categories_title_idx').on(sql`lower(${t.title})`),
  ],
);
