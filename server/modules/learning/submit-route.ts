import { vValidator } from '@hono/valibot-validator';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type AttemptResult,
  learningMessages as m,
  learningPaths as paths,
  QUIZ_SUBMIT_GRACE_SECONDS,
} from '../../../contract/learning/resource.ts';
import { attemptSubmitSchema } from '../../../contract/learning/schemas.ts';
import type { Transaction } from '../../db/client.ts';
import { quizAttempts } from '../../db/schema/learning.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { completeDoneCourses, coursesHolding, progressTouch, withStatement } from './completion.ts';
import { deviceTime, doneAt } from './device-time.ts';
import { type Grading, grade, type QuestionRecord, reviewOf, shownResult } from './grading.ts';
import { attemptForLearner } from './quiz-reads.ts';
import {
  type AttemptRecord,
  attemptsLeft,
  lockLearnerReadAttempt,
  type QuizRecord,
  quizStanding,
} from './quiz-records.ts';

type Outcome = { kind: 'graded'; result: AttemptResult } | { kind: 'timed-out' };

const outcomeOf = (attempt: AttemptRecord): Outcome | undefined =>
  attempt.submittedAt === null
    ? undefined
    : attempt.timedOut || !attempt.result
      ? { kind: 'timed-out' }
      : { kind: 'graded', result: shownResult(attempt.result) };

/** What a submit's pre-read holds: the attempt as it stood, its quiz, and its grading or why it fails. */
type Prepared = {
  quiz: QuizRecord;
  questions: QuestionRecord[];
  /** The answers graded against the attempt's questions, or the 422 grading found. */
  grading: Grading | ApiError;
};

/**
 * Grades a submitted attempt on the server and keeps the grading with it. Past its time limit (and
 * the grace for network delay) the attempt is closed as failed with score 0 instead, and answered
 * 409; it counts as an attempt. A pass completes the quiz and each begun course it finishes.
 * An untimed attempt is dated when the device says it was submitted, after the attempt and its
 * round began and not after now (doneAt); a timed one by the server's clock, which judges its limit.
 * The grading itself is done before the transaction (an attempt's questions are fixed at its start);
 * its 422 is answered here, where an attempt graded or timed out meanwhile answers otherwise.
 */
async function submit(
  tx: Transaction,
  attempt: AttemptRecord,
  { quiz, questions, grading }: Prepared,
  now: Date,
  device: Date | undefined,
): Promise<Outcome> {
  const open = and(eq(quizAttempts.id, attempt.id), isNull(quizAttempts.submittedAt));
  if (attempt.endsAt && now.getTime() > attempt.endsAt.getTime() + QUIZ_SUBMIT_GRACE_SECONDS * 1000) {
    const maxPoints = questions.reduce((sum, question) => sum + question.points, 0);
    await tx
      .update(quizAttempts)
      .set({
        submittedAt: now,
        receivedAt: now,
        answers: [],
        points: 0,
        maxPoints,
        score: 0,
        passed: false,
        timedOut: true,
      })
      .where(open);
    return { kind: 'timed-out' };
  }
  if (grading instanceof ApiError) throw grading;
  const passed = grading.score >= quiz.passMark;
  // Attempts left in the round the attempt was made in, before a pass may end that round; with a
  // pass, the courses it may complete too.
  const holding = passed ? coursesHolding(attempt.userId, attempt.courseId, { quizId: quiz.id }) : undefined;
  const standing = await quizStanding(tx, attempt.userId, attempt.courseId, quiz.id, now, holding);
  const state = standing.course;
  const submittedAt = attempt.endsAt ? now : doneAt(device, now, [attempt.startedAt, state.roundStart]);
  const resultWith = (courseCompleted: boolean) =>
    shownResult({
      attemptId: attempt.id,
      score: grading.score,
      points: grading.points,
      maxPoints: grading.maxPoints,
      passed,
      passMark: quiz.passMark,
      attemptsLeft: attemptsLeft(quiz, standing.used),
      submittedAt: submittedAt.toISOString(),
      review: reviewOf(quiz.review, questions, grading.answers),
      courseCompleted,
    });
  let result = resultWith(false);
  const graded = tx
    .update(quizAttempts)
    .set({
      submittedAt,
      receivedAt: now,
      answers: grading.answers,
      points: grading.points,
      maxPoints: grading.maxPoints,
      score: grading.score,
      passed,
      result,
    })
    .where(open);
  if (!passed) {
    await graded;
    return { kind: 'graded', result };
  }
  await withStatement(tx, progressTouch(tx, attempt.userId, attempt.courseId, now), graded);
  // A pass completes no course that has more parts left than this quiz: only look when one may.
  if ([...standing.mayComplete.values()].some(Boolean)) {
    const completed = await completeDoneCourses(
      tx,
      attempt.userId,
      coursesHolding(attempt.userId, attempt.courseId, { quizId: quiz.id }),
      now,
      submittedAt,
    );
    if (completed.includes(attempt.courseId)) {
      result = resultWith(true);
      await tx.update(quizAttempts).set({ result }).where(eq(quizAttempts.id, attempt.id));
    }
  }
  return { kind: 'graded', result };
}

/** POST submit: the server grades the attempt; a repeated submit answers the first grading. */
export function submitRoutes({ db, clock }: AppDeps) {
  const path = paths.quizSubmit(`:quizId${UUID_PARAM}`, `:attemptId${UUID_PARAM}`);
  return new Hono<AppEnv>().post(
    path,
    allow(db, signedIn),
    vValidator('json', attemptSubmitSchema, validationHook),
    async (c) => {
      const userId = c.get('auth').userId;
      const quizId = pathId(c.req.param('quizId'));
      const attemptId = pathId(c.req.param('attemptId'));
      const { quiz, questions } = await attemptForLearner(db, userId, quizId, attemptId);
      const { answers } = c.req.valid('json');
      let grading: Grading | ApiError;
      try {
        grading = grade(questions, answers);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        grading = error;
      }
      const now = clock();
      const device = deviceTime(c);
      const outcome = await db.transaction(async (tx) => {
        // Read again under the lock: a submit racing this one may have graded it meanwhile.
        const attempt = await lockLearnerReadAttempt(tx, userId, attemptId);
        if (!attempt) throw new ApiError(404, m.attemptNotFound);
        return outcomeOf(attempt) ?? submit(tx, attempt, { quiz, questions, grading }, now, device);
      });
      if (outcome.kind === 'timed-out') throw new ApiError(409, m.attemptTimedOut);
      return c.json({
        message: m.attemptGraded,
        results: outcome.result,
      } satisfies ApiSuccess<AttemptResult>);
    },
  );
}
