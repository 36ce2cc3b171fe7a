import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, trigram, updatedAt, version } from '../columns.ts';

/** Groups that order the profile fields on the user form (GET /user-profile-group). */
export const profileFieldGroups = pgTable('profile_field_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Extra fields an administrator defines for users. Published ones show on the user form; a
 * required one must be filled there. `options` holds the choices of select, radio and checkbox types.
 */
export const profileFields = pgTable(
  'profile_fields',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => profileFieldGroups.id, { onDelete: 'restrict' }),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    /** Published: shown on the user form. */
    status: boolean('status').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('profile_fields_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('profile_fields_group_idx').on(t.groupId),
    trigram('profile_fields_name_trgm_idx', t.name),
  ],
);
