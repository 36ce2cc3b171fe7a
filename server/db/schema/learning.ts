import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AttemptResult } from '../../../contract/learning/resource.ts';
import { timestampTz } from '../columns.ts';
import { courses } from './courses.ts';
import { lessonActivities, lessons } from './lessons.ts';
import { quizzes } from './quizzes.ts';
import { users } from './users.ts';

/**
 * A learner finished an activity. The id is the client's `completionId`, so a replayed request
 * finds its row and counts once. Rows keep their history: which of them count for a course is
 * decided by the course's current round (docs/decisions/013-learner-records.md).
 */
export const activityCompletions = pgTable(
  'activity_completions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => lessonActivities.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /**
     * When the learner finished it, as their device saw it, within what the server can defend: never
     * after it arrived, always after the round began (docs/decisions/019-when-offline-work-happened.md).
     */
    completedAt: timestampTz('completed_at').notNull(),
    /** When the server got it (a change kept in the outbox arrives later than it was made). */
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
    /** Share of a video or audio played without seeking ahead (0 to 1); null for other types. */
    watched: real('watched'),
  },
  (t) => [
    // "Is this activity done since the round began?": the latest completion is the first entry.
    index('activity_completions_user_activity_idx').on(t.userId, t.activityId, t.completedAt.desc()),
    index('activity_completions_activity_idx').on(t.activityId),
    index('activity_completions_lesson_idx').on(t.lessonId),
  ],
);

/**
 * When the server first answered a learner an activity's media (the course player's outline, with
 * the file's link): the earliest a completion of it may say the learner opened it.
 */
export const activityServes = pgTable(
  'activity_serves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => lessonActivities.id, { onDelete: 'cascade' }),
    firstServedAt: timestampTz('first_served_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.activityId] }),
    index('activity_serves_activity_idx').on(t.activityId),
  ],
);

/** A file a learner handed in for a fileUpload activity; its id is the completion's id. */
export const handIns = pgTable(
  'hand_ins',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => lessonActivities.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    handedInAt: timestampTz('handed_in_at').notNull(),
  },
  (t) => [
    index('hand_ins_user_activity_idx').on(t.userId, t.activityId, t.handedInAt.desc()),
    index('hand_ins_activity_idx').on(t.activityId),
  ],
);

/** One question's answer as graded, kept with the attempt. */
export type GradedAnswer = {
  questionId: string;
  choices?: number[];
  value?: boolean;
  text?: string;
  correct: boolean;
  points: number;
};

/**
 * An attempt at a quiz, taken in a course. The id is the client's `attemptId`. `questionOrder`
 * holds the question ids in the order this attempt shows them; `result` the grading as first
 * answered, so a repeated submit answers it again unchanged.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startedAt: timestampTz('started_at').notNull(),
    /** When a timed attempt ends; null for no limit. */
    endsAt: timestampTz('ends_at'),
    questionOrder: jsonb('question_order').$type<string[]>().notNull(),
    submittedAt: timestampTz('submitted_at'),
    /** When the server got the submit. */
    receivedAt: timestampTz('received_at'),
    answers: jsonb('answers').$type<GradedAnswer[]>(),
    points: integer('points'),
    maxPoints: integer('max_points'),
    /** Percent of the points, 0 to 100. */
    score: integer('score'),
    passed: boolean('passed'),
    /** Closed as failed because it was submitted after its time limit. */
    timedOut: boolean('timed_out').notNull().default(false),
    result: jsonb('result').$type<AttemptResult>(),
  },
  (t) => [
    check('quiz_attempts_score_check', sql`${t.score} between 0 and 100`),
    // Attempts of a learner at a quiz in the current round, and whether one passed.
    index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId, t.startedAt),
    index('quiz_attempts_quiz_idx').on(t.quizId),
    index('quiz_attempts_course_idx').on(t.courseId),
  ],
);
