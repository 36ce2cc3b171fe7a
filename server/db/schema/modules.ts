import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from '../columns.ts';

export const modules = pgTable('modules', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const submodules = pgTable(
  'submodules',
  {
    id: id(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Client route of the screen, e.g. /app/user-management/users. */
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('submodules_module_slug_idx').on(t.moduleId, t.slug)],
);
