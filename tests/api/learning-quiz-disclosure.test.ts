import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizAttempts } from '../../server/db/schema/learning.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { expectNoKeys, quizSetUp } from './learner-quiz-fixtures.ts';
import type { QuestionSpec } from './learning-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const setUp = (settings: Parameters<typeof quizSetUp>[1] = {}, questions?: QuestionSpec[]) =>
  quizSetUp(t, settings, questions);

describe('a timed quiz', () => {
  it('keeps its questions back until an attempt starts, and the attempt answers them', async () => {
    const { quizId, courseId, calls, questionIds } = await setUp({ timeLimitMinutes: 10 });
    const before = await calls.quiz(quizId, courseId);
    expect(before.status, before.text).toBe(200);
    expect(before.body.results).toMatchObject({ _id: quizId, timeLimitMinutes: 10, questions: null });
    expect(before.text).not.toContain('Question 1');
    expect(before.text).not.toContain('Gloves');

    const attemptId = randomUUID();
    const begun = await calls.start(quizId, courseId, attemptId);
    expect(begun.status, begun.text).toBe(200);
    expect(begun.body.results.endsAt).not.toBeNull();
    expect(begun.body.results.questions.map((question: { _id: string }) => question._id)).toEqual(
      questionIds,
    );
    expectNoKeys(begun.body);
    const graded = await calls.submit(quizId, attemptId, [{ questionId: questionIds[0], choices: [1] }]);
    expect(graded.status, graded.text).toBe(200);
    expect(graded.body.results.points).toBe(1);
    // Between attempts, the questions are kept back again.
    expect((await calls.quiz(quizId, courseId)).body.results.questions).toBeNull();
  });
});

describe('full review', () => {
  const wrong = (questionIds: string[]) => [{ questionId: questionIds[0], choices: [0] }];
  const noKeys = (questionIds: string[]) => questionIds.map((questionId) => ({ questionId, correct: false }));

  it('shows which answers were right, not the right answers, after a failed attempt while attempts remain', async () => {
    const { quizId, courseId, calls, questionIds } = await setUp({ review: 'full', attemptsAllowed: 2 });
    const first = randomUUID();
    await calls.start(quizId, courseId, first);
    const failed = await calls.submit(quizId, first, wrong(questionIds));
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.results).toMatchObject({ passed: false, attemptsLeft: 1 });
    expect(failed.body.results.review).toEqual(noKeys(questionIds));
    expect(failed.text).not.toContain('Green means go.');
    expectNoKeys(failed.body);
    // Answered again, by a repeated submit or start, it still holds no keys.
    expect((await calls.submit(quizId, first, [])).body).toEqual(failed.body);
    const replayed = await calls.start(quizId, courseId, first);
    expect(replayed.body.results.result).toEqual(failed.body.results);
    expectNoKeys(replayed.body);

    // The last attempt failed: nothing is left to gain, so the right answers show.
    const last = randomUUID();
    await calls.start(quizId, courseId, last);
    const spent = await calls.submit(quizId, last, wrong(questionIds));
    expect(spent.body.results).toMatchObject({ passed: false, attemptsLeft: 0 });
    expect(spent.body.results.review[0]).toEqual({
      questionId: questionIds[0],
      correct: false,
      rightChoices: [1],
      feedback: 'Green means go.',
    });
  });

  it('keeps the right answers back from a failed attempt of a quiz without a limit on attempts, and shows them on a pass', async () => {
    const { quizId, courseId, calls, questionIds } = await setUp({ review: 'full', passMark: 5 });
    const failedId = randomUUID();
    await calls.start(quizId, courseId, failedId);
    const failed = await calls.submit(quizId, failedId, []);
    expect(failed.body.results).toMatchObject({ passed: false, attemptsLeft: null });
    expect(failed.body.results.review).toEqual(noKeys(questionIds));

    const passedId = randomUUID();
    await calls.start(quizId, courseId, passedId);
    const passed = await calls.submit(quizId, passedId, [{ questionId: questionIds[0], choices: [1] }]);
    expect(passed.body.results).toMatchObject({ passed: true, attemptsLeft: null });
    expect(passed.body.results.review[1]).toEqual({
      questionId: questionIds[1],
      correct: false,
      rightChoices: [0, 2],
      feedback: null,
    });
  });

  it('answers a grading stored with the right answers while attempts remained without them', async () => {
    const { quizId, courseId, calls, questionIds } = await setUp({ review: 'full', attemptsAllowed: 3 });
    const attemptId = randomUUID();
    await calls.start(quizId, courseId, attemptId);
    const graded = await calls.submit(quizId, attemptId, wrong(questionIds));
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    if (!row?.result) throw new Error('The attempt keeps its grading');
    const keyed = {
      ...row.result,
      review: (row.result.review ?? []).map((item) => ({
        ...item,
        rightChoices: [1],
        feedback: 'Green means go.',
      })),
    };
    await t.db.update(quizAttempts).set({ result: keyed }).where(eq(quizAttempts.id, attemptId));
    const resubmit = await calls.submit(quizId, attemptId, []);
    expect(resubmit.body).toEqual(graded.body);
    const replayed = await calls.start(quizId, courseId, attemptId);
    expect(replayed.body.results.result.review).toEqual(noKeys(questionIds));
  });
});
