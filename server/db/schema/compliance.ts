import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from '../columns.ts';

/**
 * What the compliance figures need, kept up to date instead of worked out from every learner's
 * every course on each read (server/db/compliance.ts). No foreign keys: rows leave through the
 * refresh, which takes their counts out with them, never through a cascade.
 *
 * One row per enabled learner, course and assignment of assigned training, with what does not
 * change as time passes: the deadline, the counting completion and when it expires. The state at
 * a given moment follows from these and the clock.
 */
export const complianceFacts = pgTable(
  'compliance_facts',
  {
    userId: uuid('user_id').notNull(),
    assignmentId: uuid('assignment_id').notNull(),
    courseId: uuid('course_id').notNull(),
    roundStart: timestampTz('round_start'),
    deadline: date('deadline'),
    completedAt: timestampTz('completed_at'),
    expiresAt: timestampTz('expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.assignmentId, t.courseId] }),
    index('compliance_facts_assignment_idx').on(t.assignmentId),
    // A course's report when its rows are few (compliancePage).
    index('compliance_facts_course_idx').on(t.courseId),
    // The moments a figure changes by itself: a completion expiring (and 30 days before, when it
    // starts to count as expiring), a deadline passing.
    index('compliance_facts_expires_idx').on(t.expiresAt).where(sql`${t.completedAt} is not null`),
    index('compliance_facts_deadline_idx').on(t.deadline).where(sql`${t.completedAt} is null`),
  ],
);

/** The team memberships the counts were made with: enabled learners' teams, as of the last refresh. */
export const complianceMembers = pgTable(
  'compliance_members',
  {
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('compliance_members_user_idx').on(t.userId)],
);

/**
 * The figures at the checkpoint's moment, per team (or the organization: the nil id) and per course
 * (or every course: the nil id).
 */
export const complianceCounts = pgTable(
  'compliance_counts',
  {
    teamKey: uuid('team_key').notNull(),
    courseKey: uuid('course_key').notNull(),
    assigned: integer('assigned').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    overdue: integer('overdue').notNull().default(0),
    expiring: integer('expiring').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamKey, t.courseKey] })],
);

/** The moment compliance_counts hold the figures of: one row. */
export const complianceCheckpoint = pgTable('compliance_checkpoint', {
  id: integer('id').primaryKey(),
  at: timestampTz('at').notNull(),
});

/**
 * Learners and assignments whose facts are out of date, written by triggers on the tables the
 * model reads (migration 0029) in the same transaction as the change, and cleared by the refresh.
 */
export const complianceDirty = pgTable('compliance_dirty', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id'),
  assignmentId: uuid('assignment_id'),
});
