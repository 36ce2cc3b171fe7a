import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { checklists } from './checklists.ts';
import { courseCategories } from './course-categories.ts';
import { elearningPackages } from './elearning.ts';
import { events } from './events.ts';
import { lessons } from './lessons.ts';
import { membershipLevels } from './lookups.ts';
import { quizzes } from './quizzes.ts';
import { userGroups } from './user-groups.ts';
import { users } from './users.ts';

/** Who may see and take a course: every signed-in user, or only the chosen users, groups or levels. */
export const COURSE_PERMISSIONS = ['none', 'user', 'group', 'membership'] as const;
export type CoursePermission = (typeof COURSE_PERMISSIONS)[number];

/** Courses: the spec's fields, a category, a permission scope and an outline. */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Required by the form; a category holding courses is not deleted (the module refuses it). */
    categoryId: uuid('category_id').references(() => courseCategories.id, { onDelete: 'set null' }),
    externalLink: text('external_link'),
    externalTitle: text('external_title'),
    additionalExternalLink: text('additional_external_link'),
    additionalExternalLinkTitle: text('additional_external_link_title'),
    permission: text('permission').$type<CoursePermission>().notNull().default('none'),
    /** Estimated minutes a learner takes over it; null when not given. */
    durationMinutes: integer('duration_minutes'),
    /** The course's picture in the file store (`course-images/…`); null when it has none. */
    imageKey: text('image_key'),
    /** Whether completing the course gives a certificate of completion. */
    givesCertificate: boolean('gives_certificate').notNull().default(false),
    /** Enabled courses can be assigned. */
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('courses_permission_check', sql`${t.permission} in ('none', 'user', 'group', 'membership')`),
    check('courses_duration_check', sql`${t.durationMinutes} between 1 and 10000`),
    index('courses_name_idx').on(t.name, t.id),
    index('courses_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('courses_category_idx').on(t.categoryId),
    trigram('courses_name_trgm_idx', t.name),
  ],
);

/**
 * The users, user groups or membership levels a course with permission `user`, `group` or
 * `membership` is open to: one of the three per row, the one the course's permission names.
 */
export const coursePermissionSubjects = pgTable(
  'course_permission_subjects',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userGroupId: uuid('user_group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    membershipLevelId: uuid('membership_level_id').references(() => membershipLevels.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    check(
      'course_permission_subjects_one_check',
      sql`num_nonnulls(${t.userId}, ${t.userGroupId}, ${t.membershipLevelId}) = 1`,
    ),
    uniqueIndex('course_permission_subjects_unique_idx').on(
      t.courseId,
      sql`coalesce(${t.userId}, ${t.userGroupId}, ${t.membershipLevelId})`,
    ),
    index('course_permission_subjects_user_idx').on(t.userId),
    index('course_permission_subjects_group_idx').on(t.userGroupId),
    index('course_permission_subjects_level_idx').on(t.membershipLevelId),
  ],
);

/**
 * A course's outline: its lessons, quizzes, checklists, e-learning packages and events in order,
 * each at most once. An event makes the course blended: the part is done once the learner is
 * `attended` on it (record 030).
 */
export const courseOutlineItems = pgTable(
  'course_outline_items',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    checklistId: uuid('checklist_id').references(() => checklists.id, { onDelete: 'cascade' }),
    elearningPackageId: uuid('elearning_package_id').references(() => elearningPackages.id, {
      onDelete: 'cascade',
    }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check(
      'course_outline_items_one_check',
      sql`num_nonnulls(${t.lessonId}, ${t.quizId}, ${t.checklistId}, ${t.elearningPackageId}, ${t.eventId}) = 1`,
    ),
    index('course_outline_items_course_idx').on(t.courseId, t.position),
    uniqueIndex('course_outline_items_lesson_idx').on(t.courseId, t.lessonId),
    uniqueIndex('course_outline_items_quiz_idx').on(t.courseId, t.quizId),
    index('course_outline_items_lesson_ref_idx').on(t.lessonId),
    index('course_outline_items_quiz_ref_idx').on(t.quizId),
    uniqueIndex('course_outline_items_checklist_idx').on(t.courseId, t.checklistId),
    index('course_outline_items_checklist_ref_idx').on(t.checklistId),
    uniqueIndex('course_outline_items_package_idx').on(t.courseId, t.elearningPackageId),
    index('course_outline_items_package_ref_idx').on(t.elearningPackageId),
    uniqueIndex('course_outline_items_event_idx').on(t.courseId, t.eventId),
    index('course_outline_items_event_ref_idx').on(t.eventId),
  ],
);

/**
 * A user finished a course. Completions keep their history: taking a course again adds a row and
 * overwrites nothing; how long one counts is the expiry of the assignment that asks for the course.
 */
export const courseCompletions = pgTable(
  'course_completions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** When the part that completed it was done, as the learner's device saw it, within bounds (record 019). */
    completedAt: timestampTz('completed_at').notNull().defaultNow(),
    /** When the server got that part. */
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (t) => [
    // A learner's latest completion of a course is the first entry of this index.
    index('course_completions_user_course_idx').on(t.userId, t.courseId, t.completedAt.desc()),
    index('course_completions_course_idx').on(t.courseId),
    index('course_completions_user_completed_idx').on(t.userId, t.completedAt),
  ],
);

/**
 * A user has begun a course (opened its player, finished a part of it): with no completion since,
 * the course is in progress for them.
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    lastActivityAt: timestampTz('last_activity_at').notNull().defaultNow(),
    /** When the learner started the course again after completing it: parts done before count no more. */
    restartedAt: timestampTz('restarted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_progress_course_idx').on(t.courseId),
  ],
);
