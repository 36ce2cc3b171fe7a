import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/**
 * Secrets every server process on one database must share, made once at random by the first
 * process that needs one (the key that signs file URLs, say) and never sent to a client.
 */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
