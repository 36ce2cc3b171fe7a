import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from '../columns.ts';
import { courseCompletions, courses } from './courses.ts';
import { users } from './users.ts';

/**
 * A certificate of completion: one per course completion, made the first time it is asked for and
 * the same on every download after. It keeps what it shows (the names, the dates) as they were when
 * it was made, so the PDF and the public check agree whatever changes later
 * (docs/decisions/021-certificates.md).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    /** Random, not derived from anything: the public check looks a certificate up by it. */
    code: text('code').notNull().unique(),
    completionId: uuid('completion_id')
      .notNull()
      .unique()
      .references(() => courseCompletions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    courseName: text('course_name').notNull(),
    completedAt: timestampTz('completed_at').notNull(),
    /** When the completion stops counting, as its assignments said when the certificate was made; null: never. */
    expiresAt: timestampTz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [index('certificates_user_course_idx').on(t.userId, t.courseId)],
);
