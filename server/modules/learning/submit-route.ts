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
import { quizzes } from '../../db/schema/quizzes.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { completeDoneCourses, coursesHolding, lockLearner, touchProgress } from './completion.ts';
import { courseForLearner, learnerCourse } from './course-access.ts';
import { deviceTime, doneAt } from './device-time.ts';
import { grade, reviewOf, shownResult } from './grading.ts';
import { type AttemptRecord, attemptsLeft, attemptsSince, questionsOf } from './quiz-records.ts';

type Outcome = { kind: 'graded'; result: AttemptResult } | { kind: 'timed-out' };

const outcomeOf = (attempt: AttemptRecord): Outcome | undefined =>
  attempt.submittedAt === null
    ? undefined
    : attempt.timedOut || !attempt.result
      ? { kind: 'timed-out' }
      : { kind: 'graded', result: shownResult(attempt.result) };

/**
 * Grades a submitted attempt on the server and keeps the grading with it. Past its time limit (and
 * the grace for network delay) the attempt is closed as failed with score 0 instead, and answered
 * 409; it counts as an attempt. A pass completes the quiz and each begun course it finishes.
 * An untimed attempt is dated when the device says it was submitted, after the attempt and its
 * round began and not after now (doneAt); a timed one by the server's clock, which judges its limit.
 */
async function submit(
  tx: Transaction,
  attempt: AttemptRecord,
  answers: Parameters<typeof grade>[1],
  now: Date,
  device: Date | undefined,
): Promise<Outcome> {
  const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, attempt.quizId));
  if (!quiz) throw new ApiError(404, m.attemptNotFound);
  const questions = await questionsOf(tx, attempt.quizId, attempt.questionOrder);
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
  const grading = grade(questions, answers);
  const passed = grading.score >= quiz.passMark;
  // Attempts left in the round the attempt was made in, before a pass may end that round.
  const state = await learnerCourse(tx, attempt.userId, attempt.courseId, now);
  const used = (await attemptsSince(tx, attempt.userId, quiz.id, state.roundStart)).length;
  const submittedAt = attempt.endsAt ? now : doneAt(device, now, [attempt.startedAt, state.roundStart]);
  await tx
    .update(quizAttempts)
    .set({
      submittedAt,
      receivedAt: now,
      answers: grading.answers,
      points: grading.points,
      maxPoints: grading.maxPoints,
      score: grading.score,
      passed,
    })
    .where(open);
  let courseCompleted = false;
  if (passed) {
    await touchProgress(tx, attempt.userId, attempt.courseId, now);
    const completed = await completeDoneCourses(
      tx,
      attempt.userId,
      coursesHolding(attempt.userId, attempt.courseId, { quizId: quiz.id }),
      now,
      submittedAt,
    );
    courseCompleted = completed.includes(attempt.courseId);
  }
  const result = shownResult({
    attemptId: attempt.id,
    score: grading.score,
    points: grading.points,
    maxPoints: grading.maxPoints,
    passed,
    passMark: quiz.passMark,
    attemptsLeft: attemptsLeft(quiz, used),
    submittedAt: submittedAt.toISOString(),
    review: reviewOf(quiz.review, questions, grading.answers),
    courseCompleted,
  });
  await tx.update(quizAttempts).set({ result }).where(eq(quizAttempts.id, attempt.id));
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
      const [found] = await db
        .select({ courseId: quizAttempts.courseId })
        .from(quizAttempts)
        .where(
          and(
            eq(quizAttempts.id, attemptId),
            eq(quizAttempts.userId, userId),
            eq(quizAttempts.quizId, quizId),
          ),
        );
      if (!found) throw new ApiError(404, m.attemptNotFound);
      await courseForLearner(db, userId, found.courseId);
      const { answers } = c.req.valid('json');
      const now = clock();
      const device = deviceTime(c);
      const outcome = await db.transaction(async (tx) => {
        await lockLearner(tx, userId);
        // Read again under the lock: a submit racing this one may have graded it meanwhile.
        const [attempt] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
        if (!attempt) throw new ApiError(404, m.attemptNotFound);
        return outcomeOf(attempt) ?? submit(tx, attempt, answers, now, device);
      });
      if (outcome.kind === 'timed-out') throw new ApiError(409, m.attemptTimedOut);
      return c.json({
        message: m.attemptGraded,
        results: outcome.result,
      } satisfies ApiSuccess<AttemptResult>);
    },
  );
}
