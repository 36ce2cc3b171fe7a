import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, updatedAt, version } from '../columns.ts';
import { users } from './users.ts';

export const checklists = pgTable(
  'checklists',
  {
    id: id(),
    title: text('title').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('checklists_title_idx').on(t.title)],
);

/** A checklist given to a user; `completed_at` is set when the user completes it. */
export const checklistAssignments = pgTable(
  'checklist_assignments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    assignedAt: timestampTz('assigned_at').notNull().defaultNow(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.checklistId] }),
    index('checklist_assignments_checklist_idx').on(t.checklistId),
  ],
);
