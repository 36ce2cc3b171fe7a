import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns and indexes the tables of server/db/schema/ share. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();
/** Bumped on every update so a later write carrying a stale version can be refused with 409. */
export const version = () => integer('version').notNull().default(1);
/** Trigram index so `ILIKE '%term%'` searches do not scan the whole table. */
export const trigram = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);
/** Values as a quoted SQL list, for a check constraint's `in (…)`: constants of the code only. */
export const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
