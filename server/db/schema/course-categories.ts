import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, trigram, updatedAt, version } from '../columns.ts';

/**
 * Course categories: a tree, each category under at most one parent. A parent cannot be deleted
 * while it has subcategories (the foreign key's default NO ACTION is checked at the statement's
 * end, so one delete may take a parent with all its subcategories).
 */
export const courseCategories = pgTable(
  'course_categories',
  {
    id: id(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => courseCategories.id),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('course_categories_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('course_categories_parent_idx').on(t.parentId),
    trigram('course_categories_name_trgm_idx', t.name),
    // One title per parent, whatever its case; top-level categories share the nil parent.
    uniqueIndex('course_categories_sibling_name_idx').on(
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);
