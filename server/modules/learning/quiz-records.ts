import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AttemptSummary, QuizAttempt } from '../../../contract/learning/resource.ts';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  courseProgressRows,
  type LearnerCourse,
  learnerOutline,
  type ProgressRow,
  toLearnerCourse,
} from '../../db/learner-progress.ts';
import { preparedRows, withGenericPlans } from '../../db/prepared-rows.ts';
import { queryRows } from '../../db/rows.ts';
import { quizAttempts } from '../../db/schema/learning.ts';
import { quizQuestions, quizzes } from '../../db/schema/quizzes.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../http/errors.ts';
import { uuid } from './course-access.ts';
import { type QuestionRecord, shownResult, toLearnerQuestion } from './grading.ts';

type Executor = Pick<Database, 'select' | 'execute'>;
export type QuizRecord = typeof quizzes.$inferSelect;
export type AttemptRecord = typeof quizAttempts.$inferSelect;

/** The quiz, when the learner takes it as an item of the course's outline (published); 404 otherwise. */
export async function quizInCourse(db: Executor, courseId: string, quizId: string): Promise<QuizRecord> {
  const [found] = await queryRows<{ id: string }>(
    db as Database,
    sql`select o.quiz_id as id from (${learnerOutline(sql`${courseId}::uuid`)}) o where o.quiz_id = ${quizId}`,
  );
  const [quiz] = found ? await db.select().from(quizzes).where(eq(quizzes.id, quizId)) : [];
  if (!quiz) throw new ApiError(404, m.quizNotInCourse);
  return quiz;
}

/**
 * Holds the learner's row until the transaction ends, as lockLearner does, and reads the attempt
 * `attemptId` under that lock, in one statement: undefined when there is none.
 */
export async function lockLearnerReadAttempt(
  tx: Transaction,
  userId: string,
  attemptId: string,
): Promise<AttemptRecord | undefined> {
  // The transaction's prepared progress reads run on their generic plan from here on.
  return withGenericPlans(tx, async (generic) => {
    const [row] = await tx
      .select({ attempt: quizAttempts, generic })
      .from(users)
      .leftJoin(quizAttempts, eq(quizAttempts.id, attemptId))
      .where(eq(users.id, userId))
      .for('no key update', { of: users })
      // Named, so PostgreSQL parses and plans it once per connection rather than on every start.
      .prepare('lock_learner_read_attempt')
      .execute();
    return { result: row?.attempt ?? undefined, row: row !== undefined };
  });
}

/** Where the learner stands on a course, with their attempts at one of its quizzes in its current round. */
export type QuizStanding = {
  course: LearnerCourse;
  /** The attempts at the quiz started in the round (attemptsSince the round's start). */
  used: number;
  /** Whether one of those passed. */
  passedInRound: boolean;
  /**
   * Per course of `alsoCourses`, whether a pass of the quiz now could complete it: not standing
   * completed, and no more parts left to do than the items of its outline that are this quiz.
   */
  mayComplete: Map<string, boolean>;
};

/**
 * The learner's standing on the course (learnerCourse) and their attempts at the quiz in its
 * current round, in one statement; with `alsoCourses` (a query of one column of course ids), the
 * standing of those courses too, to tell whether a pass may complete one. Attempts count as
 * attemptsSince counts them: started after the round's start as the server reads it (milliseconds).
 */
export async function quizStanding(
  db: Database | Transaction,
  userId: string,
  courseId: string,
  quizId: string,
  now: Date,
  alsoCourses?: SQL,
): Promise<QuizStanding> {
  const ids = alsoCourses
    ? sql`select ${uuid(courseId)} union ${alsoCourses}`
    : sql`values (${uuid(courseId)})`;
  const inRound = sql`qa.user_id = ${uuid(userId)} and qa.quiz_id = ${uuid(quizId)}
    and (pr.round_start is null or qa.started_at > date_trunc('milliseconds', pr.round_start))`;
  const rows = await preparedRows<
    ProgressRow & { used: number; passed_in_round: boolean; quiz_items: number }
  >(
    db,
    sql`select pr.*,
          (select count(*)::int from quiz_attempts qa where ${inRound}) as used,
          coalesce((select bool_or(qa.passed) from quiz_attempts qa where ${inRound}), false) as passed_in_round,
          (select count(*)::int from course_outline_items qo
            where qo.course_id = pr.course_id and qo.quiz_id = ${uuid(quizId)}) as quiz_items
        from (${courseProgressRows(uuid(userId), ids, now)}) pr`,
  );
  const row = rows.find((candidate) => candidate.course_id.toLowerCase() === courseId.toLowerCase());
  if (!row) throw new Error(`No progress row for course ${courseId}`);
  const mayComplete = new Map<string, boolean>();
  for (const candidate of rows) {
    const state = toLearnerCourse(candidate);
    const left = state.progress.total - state.progress.done;
    mayComplete.set(
      candidate.course_id,
      !state.standing && state.progress.total > 0 && left <= candidate.quiz_items,
    );
  }
  return {
    course: toLearnerCourse(row),
    used: row.used,
    passedInRound: row.passed_in_round,
    mayComplete,
  };
}

/** The quiz's questions in order. */
export function questionsOf(db: Executor, quizId: string): Promise<QuestionRecord[]> {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
}

/** The learner's attempts at the quiz started after `since` (null: all), oldest first. */
export function attemptsSince(
  db: Executor,
  userId: string,
  quizId: string,
  since: Date | null,
): Promise<AttemptRecord[]> {
  const where: SQL | undefined = and(
    eq(quizAttempts.userId, userId),
    eq(quizAttempts.quizId, quizId),
    since ? gt(quizAttempts.startedAt, since) : undefined,
  );
  return db
    .select()
    .from(quizAttempts)
    .where(where)
    .orderBy(asc(quizAttempts.startedAt), asc(quizAttempts.number));
}

export const attemptsLeft = (quiz: QuizRecord, used: number) =>
  quiz.attemptsAllowed === null ? null : Math.max(0, quiz.attemptsAllowed - used);

export function toSummary(attempt: AttemptRecord): AttemptSummary {
  return {
    _id: attempt.id,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    score: attempt.score,
    passed: attempt.passed,
  };
}

/** The question order of a new attempt: the quiz's, or shuffled for this attempt (Fisher-Yates). */
export function questionOrder(quiz: QuizRecord, questions: QuestionRecord[]): string[] {
  const ids = questions.map((question) => question.id);
  if (!quiz.shuffleQuestions) return ids;
  for (let i = ids.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
  }
  return ids;
}

/** Of `questions` (a quiz's), those of `ids` in that order: an attempt's, removed ones left out. */
export function inAttemptOrder(questions: QuestionRecord[], ids: string[]): QuestionRecord[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An attempt as the learner gets it: its questions (of the quiz's `questions`) in its order, without answer keys. */
export function toQuizAttempt(
  attempt: Pick<
    AttemptRecord,
    'id' | 'quizId' | 'courseId' | 'number' | 'startedAt' | 'endsAt' | 'questionOrder' | 'result'
  >,
  questions: QuestionRecord[],
  left: number | null,
): QuizAttempt {
  return {
    _id: attempt.id,
    quizId: attempt.quizId,
    courseId: attempt.courseId,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt?.toISOString() ?? null,
    attemptsLeft: left,
    questions: inAttemptOrder(questions, attempt.questionOrder).map(toLearnerQuestion),
    result: attempt.result ? shownResult(attempt.result) : null,
  };
}
