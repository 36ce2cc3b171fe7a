import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { users } from './users.ts';

export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    name: text('name').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('user_groups_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigram('user_groups_name_trgm_idx', t.name),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the user joined the group: a training "due within N days" counts from here for a later joiner. */
    joinedAt: timestampTz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);
