import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, trigram } from '../columns.ts';

export const membershipLevels = pgTable('membership_levels', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const membershipRoles = pgTable('membership_roles', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const locations = pgTable(
  'locations',
  { id: id(), title: text('title').notNull(), createdAt: createdAt() },
  (t) => [index('locations_title_idx').on(t.title), trigram('locations_title_trgm_idx', t.title)],
);

export const departments = pgTable(
  'departments',
  { id: id(), title: text('title').notNull(), createdAt: createdAt() },
  (t) => [index('departments_title_idx').on(t.title), trigram('departments_title_trgm_idx', t.title)],
);
