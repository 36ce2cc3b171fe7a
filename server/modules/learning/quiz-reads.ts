import { and, eq, type SQL, sql } from 'drizzle-orm';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import type { Database } from '../../db/client.ts';
import { courseInScope, learnerOutline } from '../../db/learner-progress.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { courses } from '../../db/schema/courses.ts';
import { quizAttempts } from '../../db/schema/learning.ts';
import { quizzes } from '../../db/schema/quizzes.ts';
import { ApiError } from '../../http/errors.ts';
import type { QuestionRecord } from './grading.ts';
import { type AttemptRecord, inAttemptOrder, type QuizRecord } from './quiz-records.ts';

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

/** Whether the learner (placeholder `userId`) may take the statement's course (courseInScope). */
const callerMayTake = sql<boolean>`${courseInScope(sql`${sql.placeholder('userId')}::uuid`, sql`${courses}`)}`;

const quizOfCourse = preparedPerDatabase((db) =>
  db
    .select({
      courseId: courses.id,
      inScope: callerMayTake,
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
      inScope: callerMayTake,
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
