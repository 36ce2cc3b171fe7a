import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { QuizReview } from '../../../contract/learning/resource.ts';
import { createdAt, id, trigram, updatedAt, version } from '../columns.ts';

export const QUESTION_KINDS = ['singleChoice', 'multipleChoice', 'trueFalse', 'shortAnswer'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** A choice of a choice or true/false question; `correct` never leaves the administration. */
export type QuestionOption = { text: string; correct: boolean };

/** Quizzes: questions graded on the server against a pass mark. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Published quizzes can be put in a course's outline. */
    status: boolean('status').notNull().default(true),
    /** The percentage of the points a learner needs to pass. */
    passMark: integer('pass_mark').notNull().default(70),
    /** Attempts a learner may make; null for no limit. */
    attemptsAllowed: integer('attempts_allowed'),
    /** Minutes an attempt may last; null for no limit. */
    timeLimitMinutes: integer('time_limit_minutes'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    /** What a learner sees after an attempt (QUIZ_REVIEWS): the score, which answers were right, or the keys too. */
    review: text('review').$type<QuizReview>().notNull().default('answers'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('quizzes_pass_mark_check', sql`${t.passMark} between 0 and 100`),
    check('quizzes_review_check', sql`${t.review} in ('score', 'answers', 'full')`),
    index('quizzes_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigram('quizzes_name_trgm_idx', t.name),
  ],
);

/**
 * A question of a quiz: choices with the correct ones marked (single, multiple, true/false), or
 * the accepted answers of a short-answer question, compared without regard to case or spacing.
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    text: text('text').notNull(),
    points: integer('points').notNull().default(1),
    feedback: text('feedback'),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      'quiz_questions_kind_check',
      sql`${t.kind} in ('singleChoice', 'multipleChoice', 'trueFalse', 'shortAnswer')`,
    ),
    check('quiz_questions_points_check', sql`${t.points} > 0`),
    index('quiz_questions_quiz_idx').on(t.quizId, t.position),
  ],
);
