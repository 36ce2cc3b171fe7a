import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { ALREADY_COUNTED, type AlreadyCountedBody } from '../../../contract/already-counted.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type LearnerQuiz,
  learningMessages as m,
  learningPaths as paths,
  type QuizAttempt,
} from '../../../contract/learning/resource.ts';
import { attemptStartSchema, learnerQuizQuery } from '../../../contract/learning/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { quizAttempts } from '../../db/schema/learning.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { progressTouch, withStatement } from './completion.ts';
import { courseForLearner, learnerCourse } from './course-access.ts';
import { deviceTime, doneAt } from './device-time.ts';
import { toLearnerQuestion } from './grading.ts';
import { quizForLearner } from './quiz-reads.ts';
import {
  attemptsLeft,
  attemptsSince,
  lockLearnerReadAttempt,
  questionOrder,
  questionsOf,
  quizInCourse,
  quizStanding,
  toQuizAttempt,
  toSummary,
} from './quiz-records.ts';

const MINUTE_MS = 60_000;

/** A start's outcome: the attempt, or a refusal of work counted already (its message). */
type Started =
  | { attempt: StartedAttempt; left: number | null | undefined; counted?: never }
  | { counted: string; attempt?: never; left?: never };

/** The attempt a start answers; `left` undefined for a replay, whose attempts left are read after. */
type StartedAttempt = Parameters<typeof toQuizAttempt>[0];

/** A quiz as a learner sees it before an attempt, and starting an attempt. */
export function quizRoutes({ db, clock }: AppDeps) {
  const quizParam = `:quizId${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(
      paths.quiz(quizParam),
      allow(db, signedIn),
      vValidator('query', learnerQuizQuery, validationHook),
      async (c) => {
        const userId = c.get('auth').userId;
        const course = await courseForLearner(db, userId, c.req.valid('query').course);
        const quiz = await quizInCourse(db, course.id, pathId(c.req.param('quizId')));
        const state = await learnerCourse(db, userId, course.id, clock());
        // While the course stands completed, its attempts are shown from the whole history.
        const attempts = await attemptsSince(db, userId, quiz.id, state.standing ? null : state.roundStart);
        const passedSince = state.roundStart?.getTime() ?? Number.NEGATIVE_INFINITY;
        const passed =
          state.standing ||
          attempts.some((attempt) => attempt.passed && (attempt.submittedAt?.getTime() ?? 0) > passedSince);
        // A timed quiz's questions come with an attempt only, so they are never read off the clock.
        const questions = quiz.timeLimitMinutes === null ? await questionsOf(db, quiz.id) : null;
        return c.json({
          message: m.quizFetched,
          results: {
            _id: quiz.id,
            name: quiz.name,
            description: quiz.description,
            passMark: quiz.passMark,
            attemptsAllowed: quiz.attemptsAllowed,
            attemptsUsed: attempts.length,
            timeLimitMinutes: quiz.timeLimitMinutes,
            shuffleQuestions: quiz.shuffleQuestions,
            review: quiz.review,
            passed,
            attempts: attempts.map(toSummary),
            questions: questions?.map(toLearnerQuestion) ?? null,
          },
        } satisfies ApiSuccess<LearnerQuiz>);
      },
    )
    .post(
      paths.quizAttempt(quizParam),
      allow(db, signedIn),
      vValidator('json', attemptStartSchema, validationHook),
      async (c) => {
        const userId = c.get('auth').userId;
        const { attemptId, courseId: namedCourse } = c.req.valid('json');
        // The questions are read before the learner's lock: the attempt's order is drawn from them.
        const { courseId, quiz, questions } = await quizForLearner(
          db,
          userId,
          namedCourse,
          pathId(c.req.param('quizId')),
        );
        const now = clock();
        const device = deviceTime(c);
        const outcome = await db.transaction(async (tx): Promise<Started> => {
          // Looked up under the lock, so a replay racing its first request finds the attempt.
          const earlier = await lockLearnerReadAttempt(tx, userId, attemptId);
          if (earlier) {
            if (earlier.userId !== userId || earlier.quizId !== quiz.id)
              throw new ApiError(422, messages.validationFailed, { attemptId: m.attemptIdInvalid });
            return { attempt: earlier, left: undefined };
          }
          const {
            course: state,
            used,
            passedInRound,
          } = await quizStanding(tx, userId, courseId, quiz.id, now);
          // Refusals of work counted already say so, for the outbox to settle a replay as sent.
          if (state.standing) return { counted: m.courseStandsCompleted };
          if (attemptsLeft(quiz, used) === 0) {
            if (passedInRound) return { counted: m.noAttemptsLeft };
            throw new ApiError(409, m.noAttemptsLeft);
          }
          // A timed quiz needs the network, and its limit runs on the server's clock from now.
          const startedAt = quiz.timeLimitMinutes === null ? doneAt(device, now, [state.roundStart]) : now;
          const attempt = {
            id: attemptId,
            userId,
            quizId: quiz.id,
            courseId,
            number: used + 1,
            startedAt,
            endsAt:
              quiz.timeLimitMinutes === null
                ? null
                : new Date(now.getTime() + quiz.timeLimitMinutes * MINUTE_MS),
            questionOrder: questionOrder(quiz, questions),
          };
          await withStatement(
            tx,
            progressTouch(tx, userId, courseId, now),
            tx.insert(quizAttempts).values(attempt),
          );
          // The new attempt counts in the round when started after its start (as attemptsSince reads).
          const counted = state.roundStart === null || startedAt.getTime() > state.roundStart.getTime();
          return {
            attempt: { ...attempt, result: null },
            left: attemptsLeft(quiz, used + (counted ? 1 : 0)),
          };
        });
        if (outcome.counted !== undefined)
          return c.json(
            { message: outcome.counted, code: ALREADY_COUNTED } satisfies AlreadyCountedBody,
            409,
          );
        // A replay answers the attempts left as they stand now.
        const left =
          outcome.left !== undefined
            ? outcome.left
            : attemptsLeft(quiz, (await quizStanding(db, userId, courseId, quiz.id, now)).used);
        return c.json({
          message: m.attemptStarted,
          results: toQuizAttempt(outcome.attempt, questions, left),
        } satisfies ApiSuccess<QuizAttempt>);
      },
    );
}
