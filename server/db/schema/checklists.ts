import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChecklistRecordAction, ChecklistRecorderRole } from '../../../contract/checklists/records.ts';
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

/** The observers named for a checklist: assessors, not the lead, who sign off its observerSignOff items and may rate. */
export const checklistObservers = pgTable(
  'checklist_observers',
  {
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.checklistId, t.userId] }),
    index('checklist_observers_user_idx').on(t.userId),
  ],
);

/**
 * What someone recorded on a learner's checklist item (record 026): a `done` (tick, answer, upload,
 * sign-off, rating competent), a `notYet` (not yet, not yet competent) or a `withdraw` of an earlier
 * record. The id is the device's `recordId`, so a replay counts once. Rows are history: a withdrawal
 * is a row of its own, and stamps the row it takes back with `withdrawn_at`. An item is done while a
 * `done` row of it stands (not withdrawn), dated after the course's round began.
 */
export const checklistRecords = pgTable(
  'checklist_records',
  {
    id: uuid('id').primaryKey(),
    /** The learner whose item it is. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => checklistActivities.id, { onDelete: 'cascade' }),
    action: text('action').$type<ChecklistRecordAction>().notNull(),
    /** Who wrote it; null once that account is deleted (`actor_name` keeps the name). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').$type<ChecklistRecorderRole>().notNull(),
    /** The note, the written answer or the withdrawal's reason. */
    note: text('note').notNull().default(''),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** For a withdrawal: the record it takes back. */
    withdrawsId: uuid('withdraws_id').references((): AnyPgColumn => checklistRecords.id, {
      onDelete: 'cascade',
    }),
    /** Set on a record when it is withdrawn (the withdrawal's own time). */
    withdrawnAt: timestampTz('withdrawn_at'),
    /** When it was done, as the device said, within the bounds of record 019. */
    doneAt: timestampTz('done_at').notNull(),
    /** When the server got it. */
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (t) => [
    check('checklist_records_action_check', sql`${t.action} in ('done', 'notYet', 'withdraw')`),
    check('checklist_records_role_check', sql`${t.actorRole} in ('learner', 'lead', 'observer')`),
    // An item's history, newest first.
    index('checklist_records_item_idx').on(t.userId, t.activityId, t.doneAt.desc()),
    // "Is this item done since the round began?": standing done rows only.
    index('checklist_records_done_idx')
      .on(t.userId, t.activityId, t.doneAt.desc())
      .where(sql`${t.action} = 'done' and ${t.withdrawnAt} is null`),
    index('checklist_records_user_checklist_idx').on(t.userId, t.checklistId),
    index('checklist_records_checklist_idx').on(t.checklistId),
    index('checklist_records_activity_idx').on(t.activityId),
    index('checklist_records_actor_idx').on(t.actorId),
    index('checklist_records_withdraws_idx').on(t.withdrawsId),
  ],
);
