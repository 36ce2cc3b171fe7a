import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { courses } from './courses.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * A training a team lead assigned to a team: some courses, for every member of the team
 * (`all`, members who join later included) or for the members in training_members (`some`).
 */
export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** A calendar day, no time zone: the day the training is due. */
    deadline: date('deadline', { mode: 'string' }),
    assignTo: text('assign_to').$type<'all' | 'some'>().notNull().default('all'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('trainings_assign_to_check', sql`${t.assignTo} in ('all', 'some')`),
    // The team's list, newest first; also finds a team's `all` trainings for the progress numbers.
    index('trainings_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    trigram('trainings_title_trgm_idx', t.title),
  ],
);

export const trainingCourses = pgTable(
  'training_courses',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.courseId] }),
    index('training_courses_course_idx').on(t.courseId),
  ],
);

/** Members of a `some` training. */
export const trainingMembers = pgTable(
  'training_members',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: timestampTz('assigned_at').notNull().defaultNow(),
    lastEmailedAt: timestampTz('last_emailed_at'),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.userId] }), index('training_members_user_idx').on(t.userId)],
);
