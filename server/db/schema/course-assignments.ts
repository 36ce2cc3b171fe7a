import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { courses } from './courses.ts';
import { teams } from './teams.ts';
import { userGroups } from './user-groups.ts';
import { users } from './users.ts';

/**
 * A course assignment: some courses for users, user groups or teams, made in the administration
 * or by a team lead on the team dashboard (`team_id`: the team it was made for). Who is assigned
 * is read from current membership at query time (server/db/assignments.ts), so a later joiner of a
 * group or team is assigned too.
 */
export const courseAssignments = pgTable(
  'course_assignments',
  {
    id: id(),
    title: text('title').notNull(),
    kind: text('kind').$type<'assigned' | 'suggested'>().notNull().default('assigned'),
    assigneeKind: text('assignee_kind').$type<'users' | 'groups' | 'teams'>().notNull(),
    /** The team whose lead made it on the team dashboard; null for the administration's. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** A calendar day (UTC) every learner is due by; or null. */
    deadline: date('deadline', { mode: 'string' }),
    /** Or: due within this many days of the learner being assigned (a later joiner's own deadline). */
    dueWithinDays: integer('due_within_days'),
    expiryType: text('expiry_type').$type<'none' | 'fixed' | 'dynamic'>().notNull().default('none'),
    /** `fixed`: completions made before this day (UTC) expire on it. */
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** `dynamic`: a completion expires this long after it was made. */
    expiryValue: integer('expiry_value'),
    expiryUnit: text('expiry_unit').$type<'days' | 'weeks' | 'months' | 'years'>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('course_assignments_kind_check', sql`${t.kind} in ('assigned', 'suggested')`),
    check('course_assignments_assignee_kind_check', sql`${t.assigneeKind} in ('users', 'groups', 'teams')`),
    check(
      'course_assignments_deadline_check',
      sql`${t.dueWithinDays} is null or (${t.deadline} is null and ${t.dueWithinDays} > 0)`,
    ),
    check(
      'course_assignments_expiry_check',
      sql`(${t.expiryType} = 'none' and ${t.expiryDate} is null and ${t.expiryValue} is null and ${t.expiryUnit} is null)
       or (${t.expiryType} = 'fixed' and ${t.expiryDate} is not null and ${t.expiryValue} is null and ${t.expiryUnit} is null)
       or (${t.expiryType} = 'dynamic' and ${t.expiryDate} is null and ${t.expiryValue} > 0
           and ${t.expiryUnit} in ('days', 'weeks', 'months', 'years'))`,
    ),
    index('course_assignments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('course_assignments_team_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    trigram('course_assignments_title_trgm_idx', t.title),
  ],
);

export const courseAssignmentCourses = pgTable(
  'course_assignment_courses',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => courseAssignments.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.courseId] }),
    index('course_assignment_courses_course_idx').on(t.courseId),
  ],
);

/** One assignee of an assignment: a user, a user group or a team (as its assignee kind says). */
export const courseAssignmentAssignees = pgTable(
  'course_assignment_assignees',
  {
    id: id(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => courseAssignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** When this assignee was added: an edit that adds a group later does not backdate its members. */
    addedAt: timestampTz('added_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'course_assignment_assignees_one_check',
      sql`num_nonnulls(${t.userId}, ${t.groupId}, ${t.teamId}) = 1`,
    ),
    uniqueIndex('course_assignment_assignees_user_idx').on(t.assignmentId, t.userId),
    uniqueIndex('course_assignment_assignees_group_idx').on(t.assignmentId, t.groupId),
    uniqueIndex('course_assignment_assignees_team_idx').on(t.assignmentId, t.teamId),
    index('course_assignment_assignees_user_ref_idx').on(t.userId),
    index('course_assignment_assignees_group_ref_idx').on(t.groupId),
    index('course_assignment_assignees_team_ref_idx').on(t.teamId),
  ],
);

/**
 * A learner's own round of an assignment, written when they are reassigned: completions before
 * `started_at` no longer count for it, and `deadline` (when set) replaces the assignment's.
 * `last_emailed_at` is when they were last mailed about it.
 */
export const courseAssignmentLearners = pgTable(
  'course_assignment_learners',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => courseAssignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestampTz('started_at'),
    deadline: date('deadline', { mode: 'string' }),
    lastEmailedAt: timestampTz('last_emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('course_assignment_learners_user_idx').on(t.userId),
  ],
);

/**
 * A mail owed to a learner about an assignment: `assigned`, `due-7` and `due-1` (days before their
 * deadline), `overdue`, `expiring` (30 days before a completion of `course_id` expires), and those
 * a user's click sends, `reassigned` and `reminder`. One row per occurrence (`due_key`: the
 * deadline, the assigning, the course and expiry, or the day of the click), so each is owed once,
 * and at most one of a kind is written per learner, assignment and day; a sweep claims unsent rows with FOR UPDATE SKIP LOCKED and writes their mails in the
 * same transaction that marks them sent.
 */
export const assignmentReminders = pgTable(
  'assignment_reminders',
  {
    id: id(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => courseAssignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<'assigned' | 'reassigned' | 'reminder' | 'due-7' | 'due-1' | 'overdue' | 'expiring'>()
      .notNull(),
    dueKey: text('due_key').notNull(),
    /** The learner's deadline when the reminder fell due, for its text. */
    deadline: date('deadline', { mode: 'string' }),
    expiresAt: timestampTz('expires_at'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [
    check(
      'assignment_reminders_kind_check',
      sql`${t.kind} in ('assigned', 'reassigned', 'reminder', 'due-7', 'due-1', 'overdue', 'expiring')`,
    ),
    uniqueIndex('assignment_reminders_once_idx').on(t.assignmentId, t.userId, t.kind, t.dueKey),
    // The sweep's queue: unsent rows, oldest first.
    index('assignment_reminders_unsent_idx').on(t.createdAt, t.id).where(sql`${t.sentAt} is null`),
    index('assignment_reminders_user_idx').on(t.userId),
  ],
);
