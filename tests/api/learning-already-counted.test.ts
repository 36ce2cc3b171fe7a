import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_COUNTED } from '../../contract/already-counted.ts';
import { learningMessages as m } from '../../contract/learning/resource.ts';
import { quizAttempts } from '../../server/db/schema/learning.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { quizSetUp } from './learner-quiz-fixtures.ts';
import {
  learnerCalls,
  newCourse,
  newLearner,
  newLesson,
  newQuiz,
  type QuestionSpec,
  setOutline,
} from './learning-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ONE_QUESTION: QuestionSpec[] = [{ kind: 'trueFalse', answer: true }];

type Calls = ReturnType<typeof learnerCalls>;

/** One attempt at the one-question quiz, answered right or wrong. */
async function attempt(calls: Calls, quizId: string, courseId: string, questionId: string, right: boolean) {
  const attemptId = randomUUID();
  const started = await calls.start(quizId, courseId, attemptId);
  expect(started.status, started.text).toBe(200);
  const graded = await calls.submit(quizId, attemptId, [{ questionId, value: right }]);
  expect(graded.status, graded.text).toBe(200);
  return graded.body.results as { passed: boolean; courseCompleted: boolean };
}

const attemptsOf = (userId: string) =>
  t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId));

describe('a new attempt refused because the work is counted already', () => {
  it('says so with its code while the course stands completed, and writes nothing', async () => {
    const { quizId, courseId, calls, questionIds, me } = await quizSetUp(t, {}, ONE_QUESTION);
    const graded = await attempt(calls, quizId, courseId, questionIds[0] as string, true);
    expect(graded).toMatchObject({ passed: true, courseCompleted: true });

    const replayed = await calls.start(quizId, courseId);
    expect(replayed.status).toBe(409);
    expect(replayed.body).toEqual({ message: m.courseStandsCompleted, code: ALREADY_COUNTED });
    expect(await attemptsOf(me.id)).toHaveLength(1);
  });

  it('says so when the quiz was passed in the round and has no attempts left', async () => {
    const me = await newLearner(t);
    const calls = learnerCalls(t, me.token);
    const { quizId, questionIds } = await newQuiz(t, { attemptsAllowed: 1 }, ONE_QUESTION);
    const lesson = await newLesson(t, [{ type: 'pdfDocument' }]);
    const courseId = await newCourse(t);
    await setOutline(t, courseId, [{ lessonId: lesson.lessonId }, { quizId }]);
    const graded = await attempt(calls, quizId, courseId, questionIds[0] as string, true);
    // The lesson is not done, so the course goes on.
    expect(graded).toMatchObject({ passed: true, courseCompleted: false });

    const replayed = await calls.start(quizId, courseId);
    expect(replayed.status).toBe(409);
    expect(replayed.body).toEqual({ message: m.noAttemptsLeft, code: ALREADY_COUNTED });
    expect(await attemptsOf(me.id)).toHaveLength(1);
  });

  it('stays a plain refusal when the attempts ran out without a pass', async () => {
    const { quizId, courseId, calls, questionIds, me } = await quizSetUp(
      t,
      { attemptsAllowed: 1 },
      ONE_QUESTION,
    );
    const graded = await attempt(calls, quizId, courseId, questionIds[0] as string, false);
    expect(graded.passed).toBe(false);

    const refused = await calls.start(quizId, courseId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: m.noAttemptsLeft });
    expect(await attemptsOf(me.id)).toHaveLength(1);
  });
});
