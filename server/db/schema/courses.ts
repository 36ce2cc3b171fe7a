import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { users } from './users.ts';

/** Courses; the course administration builds on these (category, links, lessons come with it). */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    name: text('name').notNull(),
    /** Enabled courses can be assigned. */
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('courses_name_idx').on(t.name, t.id), trigram('courses_name_trgm_idx', t.name)],
);

/** A user finished a course (once; taking it again keeps the first completion). */
export const courseCompletions = pgTable(
  'course_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestampTz('completed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_completions_course_idx').on(t.courseId),
    index('course_completions_user_completed_idx').on(t.userId, t.completedAt),
  ],
);
