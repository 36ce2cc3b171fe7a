import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AttemptSummary, QuizAttempt } from '../../../contract/learning/resource.ts';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  courseInScope,
  courseProgressRows,
  type LearnerCourse,
  learnerOutline,
  type ProgressRow,
  toLearnerCourse,
} from '../../db/learner-progress.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { preparedRows, withGenericPlans } from '../../db/prepared-rows.ts';
import { queryRows } from '../../db/rows.ts';
import { courses } from '../../db/schema/courses.ts';
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

/** A question as questionsJson reads it: its timestamps as JSON has them. */
type QuestionJson = Omit<QuestionRecord, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/**
 * The questions of the quiz `quizId` (a column or value of the statement) in order, as one JSON
 * column: a learner's start and submit read their quiz and its questions in one statement.
 */
const questionsJson = (quizId: SQL) => sql<QuestionJson[]>`coalesce((
  select json_agg(json_build_object(
      'id', q.id, 'quizId', q.quiz_id, 'position', q.position, 'kind', q.kind, 'text', q.text,
      'points', q.points, 'feedback', q.feedback, 'options', q.options,
      'acceptedAnswers', q.accepted_answers, 'createdAt', q.created_at, 'updatedAt', q.updated_at,
      'version', q.version)
    order by q.position, q.id)
  from quiz_questions q where q.quiz_id = ${quizId}), '[]'::json)`;

const toQuestionRecords = (questions: QuestionJson[]): QuestionRecord[] =>
  questions.map((question) => ({
    ...question,
    createdAt: new Date(question.createdAt),
    updatedAt: new Date(question.updatedAt),
  }));

const quizOfCourse = preparedPerDatabase((db) =>
  db
    .select({
      courseId: courses.id,
      inScope: sql<boolean>`${courseInScope(sql`${sql.placeholder('userId')}::uuid`, sql`${courses}`)}`,
      quiz: quizzes,
      questions: questionsJson(sql`${quizzes.id}`),
    })
    .from(courses)
    .leftJoin(
      quizzes,
      and(
        eq(quizzes.id, sql.placeholder('quizId')),
        sql`exists (select 1 from (${learnerOutline(sql`${courses.id}`)}) o where o.quiz_id = ${quizzes.id})`,
      ),
    )
    .where(eq(courses.id, sql.placeholder('courseId')))
    .prepare('quiz_for_learner'),
);

/**
 * The quiz a learner takes in a course they may take, in one statement: 404 when the course does
 * not exist, 403 when it is disabled or outside their scope (as courseForLearner), then 404 when
 * the quiz is not a published item of its outline (as quizInCourse). With the quiz's questions in order.
 */
export async function quizForLearner(
  db: Database,
  userId: string,
  courseId: string,
  quizId: string,
): Promise<{ courseId: string; quiz: QuizRecord; questions: QuestionRecord[] }> {
  const [row] = await quizOfCourse(db).execute({ userId, courseId, quizId });
  if (!row) throw new ApiError(404, m.courseNotFound);
  if (!row.inScope) throw new ApiError(403, m.courseOutOfScope);
  if (!row.quiz) throw new ApiError(404, m.quizNotInCourse);
  return { courseId: row.courseId, quiz: row.quiz, questions: toQuestionRecords(row.questions) };
}

const learnerAttempt = preparedPerDatabase((db) =>
  db
    .select({
      attempt: quizAttempts,
      quiz: quizzes,
      inScope: sql<boolean>`${courseInScope(sql`${sql.placeholder('userId')}::uuid`, sql`${courses}`)}`,
      questions: questionsJson(sql`${quizzes.id}`),
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .where(
      and(
        eq(quizAttempts.id, sql.placeholder('attemptId')),
        eq(quizAttempts.userId, sql.placeholder('userId')),
        eq(quizAttempts.quizId, sql.placeholder('quizId')),
      ),
    )
    .prepare('attempt_for_learner'),
);

/**
 * The learner's own attempt at the quiz with the quiz, when its course is still theirs to take, in
 * one statement: 404 when there is no such attempt, 403 when its course is disabled or outside
 * their scope (as courseForLearner). With the attempt's questions in its order (removed ones left out).
 */
export async function attemptForLearner(
  db: Database,
  userId: string,
  quizId: string,
  attemptId: string,
): Promise<{ attempt: AttemptRecord; quiz: QuizRecord; questions: QuestionRecord[] }> {
  const [row] = await learnerAttempt(db).execute({ userId, quizId, attemptId });
  if (!row) throw new ApiError(404, m.attemptNotFound);
  if (!row.inScope) throw new ApiError(403, m.courseOutOfScope);
  return {
    attempt: row.attempt,
    quiz: row.quiz,
    questions: inAttemptOrder(toQuestionRecords(row.questions), row.attempt.questionOrder),
  };
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
