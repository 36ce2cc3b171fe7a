import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { users } from './users.ts';

/** Checklists: on-the-job tasks, held as ordered activities (record 025). */
export const checklists = pgTable(
  'checklists',
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
    index('checklists_title_idx').on(t.title),
    index('checklists_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigram('checklists_title_trgm_idx', t.title),
  ],
);

/**
 * An activity of a checklist, in `position` order: what to do (`title`, `instructions`), how it is
 * done (`type`, contract CHECKLIST_ACTIVITY_TYPES) and whether the checklist needs it (`required`).
 */
export const checklistActivities = pgTable(
  'checklist_activities',
  {
    id: id(),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    type: text('type').$type<ChecklistActivityType>().notNull(),
    required: boolean('required').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      'checklist_activities_type_check',
      sql`${t.type} in ('learnerTick', 'leadSignOff', 'observerSignOff', 'evidence', 'writtenAnswer', 'rating')`,
    ),
    index('checklist_activities_checklist_idx').on(t.checklistId, t.position),
  ],
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
