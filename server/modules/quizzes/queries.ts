import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { QuizListQuery } from '../../../contract/quizzes/list-query.ts';
import type { QuizDetail, QuizQuestion, QuizRow } from '../../../contract/quizzes/resource.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { quizQuestions, quizzes } from '../../db/schema/quizzes.ts';

type Executor = Pick<Database, 'select'>;

/** Counted per row of the page only (quiz_questions_quiz_idx), never for the whole table. */
const questionCount = sql<number>`(select count(*)::int from quiz_questions q where q.quiz_id = "quizzes"."id")`;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: quizzes.id,
      name: quizzes.name,
      status: quizzes.status,
      version: quizzes.version,
      questionCount,
      createdAt: quizzes.createdAt,
    })
    .from(quizzes)
    .where(where)
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(
    ({ createdAt, ...row }): QuizRow => ({
      ...row,
      questionCount: Number(row.questionCount),
      createdAt: isoTime(createdAt),
    }),
  );
}

/** GET /quiz: searched by name, filtered by status, newest first, each with its question count. */
export function quizzesList(db: Database, query: QuizListQuery): Promise<Paged<QuizRow>> {
  const where = and(statusWhere(quizzes.status, query.status), searchWhere(query.search, quizzes.name));
  return pagedList(
    query,
    () => db.$count(quizzes, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One quiz as the list shows it, or undefined. */
export async function quizzesRow(db: Executor, id: string): Promise<QuizRow | undefined> {
  const [row] = await rowsWhere(db, eq(quizzes.id, id), { limit: 1, offset: 0 });
  return row;
}

type QuestionRecord = typeof quizQuestions.$inferSelect;

/** A stored question as the administration edits it: true/false gets its answer back from its options. */
export function toQuestion(row: QuestionRecord): QuizQuestion {
  return {
    _id: row.id,
    quizId: row.quizId,
    position: row.position,
    kind: row.kind,
    text: row.text,
    points: row.points,
    feedback: row.feedback,
    options: row.options,
    answer: row.kind === 'trueFalse' ? (row.options.find((o) => o.text === 'True')?.correct ?? false) : null,
    acceptedAnswers: row.acceptedAnswers,
    version: row.version,
  };
}

/** The questions of a quiz, first to last. */
export async function questionsOf(db: Executor, quizId: string): Promise<QuizQuestion[]> {
  const rows = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  return rows.map(toQuestion);
}

/** One question, or undefined. */
export async function questionById(db: Executor, id: string): Promise<QuizQuestion | undefined> {
  const [row] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, id)).limit(1);
  return row ? toQuestion(row) : undefined;
}

/** GET /quiz/{id}: the settings and the questions with their answer keys (administration only). */
export async function quizDetail(db: Executor, id: string): Promise<QuizDetail | undefined> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, id)).limit(1);
  if (!quiz) return undefined;
  const questions = await questionsOf(db, id);
  return {
    _id: quiz.id,
    name: quiz.name,
    status: quiz.status,
    version: quiz.version,
    questionCount: questions.length,
    createdAt: isoTime(quiz.createdAt),
    description: quiz.description,
    passMark: quiz.passMark,
    attemptsAllowed: quiz.attemptsAllowed,
    timeLimitMinutes: quiz.timeLimitMinutes,
    shuffleQuestions: quiz.shuffleQuestions,
    review: quiz.review,
    questions,
  };
}
