import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AttemptSummary, QuizAttempt } from '../../../contract/learning/resource.ts';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import type { Database } from '../../db/client.ts';
import { learnerOutline } from '../../db/learner-progress.ts';
import { queryRows } from '../../db/rows.ts';
import { quizAttempts } from '../../db/schema/learning.ts';
import { quizQuestions, quizzes } from '../../db/schema/quizzes.ts';
import { ApiError } from '../../http/errors.ts';
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

/** The quiz's questions in order, or those of `ids` in that order (an attempt's order; removed ones left out). */
export async function questionsOf(db: Executor, quizId: string, ids?: string[]): Promise<QuestionRecord[]> {
  const rows = await db
    .select()
    .from(quizQuestions)
    .where(
      and(
        eq(quizQuestions.quizId, quizId),
        ids ? inArray(quizQuestions.id, ids.length > 0 ? ids : [quizId]) : undefined,
      ),
    )
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  if (!ids) return rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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

/** An attempt as the learner gets it: its questions in its order, without answer keys. */
export async function toQuizAttempt(
  db: Executor,
  attempt: AttemptRecord,
  left: number | null,
): Promise<QuizAttempt> {
  const questions = await questionsOf(db, attempt.quizId, attempt.questionOrder);
  return {
    _id: attempt.id,
    quizId: attempt.quizId,
    courseId: attempt.courseId,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt?.toISOString() ?? null,
    attemptsLeft: left,
    questions: questions.map(toLearnerQuestion),
    result: attempt.result ? shownResult(attempt.result) : null,
  };
}
