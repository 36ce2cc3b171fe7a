import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningMessages as m, QUIZ_SUBMIT_GRACE_SECONDS } from '../../contract/learning/resource.ts';
import { quizPaths } from '../../contract/quizzes/resource.ts';
import { quizAttempts } from '../../server/db/schema/learning.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { expectNoKeys, quizSetUp } from './learner-quiz-fixtures.ts';
import { newCourse, newLearner, type QuestionSpec } from './learning-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const setUp = (settings: Parameters<typeof quizSetUp>[1] = {}, questions?: QuestionSpec[]) =>
  quizSetUp(t, settings, questions);

describe('quizzes for learners', () => {
  it('shows the questions without answer keys, in the course, and refuses a quiz not in it', async () => {
    const { quizId, courseId, calls, questionIds } = await setUp({ review: 'full' });
    const quiz = await calls.quiz(quizId, courseId);
    expect(quiz.status, quiz.text).toBe(200);
    expect(quiz.body.message).toBe(m.quizFetched);
    expect(quiz.body.results).toMatchObject({
      _id: quizId,
      passMark: 70,
      review: 'full',
      passed: false,
      attempts: [],
    });
    expect(quiz.body.results.questions).toEqual([
      {
        _id: questionIds[0],
        kind: 'singleChoice',
        text: 'Question 1',
        points: 1,
        options: ['Red', 'Green', 'Blue'],
      },
      {
        _id: questionIds[1],
        kind: 'multipleChoice',
        text: 'Question 2',
        points: 2,
        options: ['Gloves', 'Sandals', 'Goggles'],
      },
      { _id: questionIds[2], kind: 'trueFalse', text: 'Question 3', points: 3, options: [] },
      { _id: questionIds[3], kind: 'shortAnswer', text: 'Question 4', points: 4, options: [] },
      { _id: questionIds[4], kind: 'singleChoice', text: 'Question 5', points: 5, options: ['Yes', 'No'] },
    ]);
    expectNoKeys(quiz.body);
    const attempt = await calls.start(quizId, courseId);
    expectNoKeys(attempt.body);
    const player = await calls.course(courseId);
    expectNoKeys(player.body);

    const elsewhere = await newCourse(t);
    for (const response of [await calls.quiz(quizId, elsewhere), await calls.start(quizId, elsewhere)]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(m.quizNotInCourse);
    }
    const noCourse = await t.call('GET', `/user-portal/quiz/${quizId}`, {
      token: (await newLearner(t)).token,
    });
    expect(noCourse.status).toBe(422);
  });

  it('grades each kind on the server: exact choices, the whole set for multiple choice, short answers without regard to case or spacing', async () => {
    const { quizId, courseId, calls, questionIds, me } = await setUp({ passMark: 60 });
    const [single, multiple, truth, short] = questionIds as [string, string, string, string, string];
    const attemptId = randomUUID();
    expect((await calls.start(quizId, courseId, attemptId)).status).toBe(200);
    const graded = await calls.submit(quizId, attemptId, [
      { questionId: single, choices: [1] },
      // Part of the correct set scores nothing.
      { questionId: multiple, choices: [0] },
      { questionId: truth, value: false },
      { questionId: short, text: '  FIRE   exit ' },
      // Question 5 left out: no points.
    ]);
    expect(graded.status, graded.text).toBe(200);
    expect(graded.body.message).toBe(m.attemptGraded);
    expect(graded.body.results).toMatchObject({
      attemptId,
      points: 8,
      maxPoints: 15,
      score: 53,
      passed: false,
      passMark: 60,
      attemptsLeft: null,
      courseCompleted: false,
    });
    // Review 'answers' (the default): which were right, no keys.
    expect(graded.body.results.review).toEqual([
      { questionId: single, correct: true },
      { questionId: multiple, correct: false },
      { questionId: truth, correct: true },
      { questionId: short, correct: true },
      { questionId: questionIds[4], correct: false },
    ]);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(row).toMatchObject({
      userId: me.id,
      points: 8,
      maxPoints: 15,
      score: 53,
      passed: false,
      number: 1,
    });

    const second = randomUUID();
    await calls.start(quizId, courseId, second);
    const full = await calls.submit(quizId, second, [
      { questionId: single, choices: [1] },
      { questionId: multiple, choices: [2, 0] },
      { questionId: truth, value: true },
      { questionId: short, text: 'exits' },
      { questionId: questionIds[4], choices: [0] },
    ]);
    expect(full.body.results).toMatchObject({ points: 8, score: 53 });
    expect(full.body.results.review.map((item: { correct: boolean }) => item.correct)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });

  it('answers the review a quiz asks for: the score only, or the keys and feedback too', async () => {
    const scoreOnly = await setUp({ review: 'score' });
    const a = randomUUID();
    await scoreOnly.calls.start(scoreOnly.quizId, scoreOnly.courseId, a);
    const graded = await scoreOnly.calls.submit(scoreOnly.quizId, a, []);
    expect(graded.body.results).toMatchObject({ score: 0, review: null });

    // Its only attempt spent, the learner sees the right answers.
    const full = await setUp({ review: 'full', attemptsAllowed: 1 });
    const b = randomUUID();
    await full.calls.start(full.quizId, full.courseId, b);
    const keyed = await full.calls.submit(full.quizId, b, [
      { questionId: full.questionIds[0], choices: [0] },
    ]);
    expect(keyed.body.results.review.slice(0, 4)).toEqual([
      { questionId: full.questionIds[0], correct: false, rightChoices: [1], feedback: 'Green means go.' },
      { questionId: full.questionIds[1], correct: false, rightChoices: [0, 2], feedback: null },
      { questionId: full.questionIds[2], correct: false, rightValue: false, feedback: null },
      {
        questionId: full.questionIds[3],
        correct: false,
        acceptedAnswers: ['Fire  Exit', 'exit'],
        feedback: null,
      },
    ]);
  });

  it('refuses answers naming other questions, a question twice, or not fitting their question', async () => {
    const { quizId, courseId, calls, questionIds } = await setUp();
    const attemptId = randomUUID();
    await calls.start(quizId, courseId, attemptId);
    const cases: [unknown[], string][] = [
      [[{ questionId: randomUUID(), choices: [0] }], m.answersInvalid],
      [
        [
          { questionId: questionIds[0], choices: [1] },
          { questionId: questionIds[0], choices: [1] },
        ],
        m.answersInvalid,
      ],
      [[{ questionId: questionIds[0], choices: [3] }], m.answerInvalid],
      [[{ questionId: questionIds[0], choices: [0, 1] }], m.answerInvalid],
      [[{ questionId: questionIds[2], text: 'false' }], m.answerInvalid],
      [[{ questionId: questionIds[3], value: true }], m.answerInvalid],
    ];
    for (const [answers, message] of cases) {
      const response = await calls.submit(quizId, attemptId, answers);
      expect(response.status, JSON.stringify(answers)).toBe(422);
      expect(response.body.errors).toEqual({ answers: message });
    }
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(row?.submittedAt).toBeNull();
    const unknown = await calls.submit(quizId, randomUUID(), []);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(m.attemptNotFound);
  });

  it('counts a replayed start and a replayed submit once, answering the same', async () => {
    const { quizId, courseId, calls, questionIds, me } = await setUp({ attemptsAllowed: 2 });
    const attemptId = randomUUID();
    const first = await calls.start(quizId, courseId, attemptId);
    expect(first.body.results).toMatchObject({
      _id: attemptId,
      number: 1,
      attemptsLeft: 1,
      result: null,
      endsAt: null,
    });
    const again = await calls.start(quizId, courseId, attemptId);
    expect(again.body).toEqual(first.body);
    const answers = questionIds
      .map((questionId, index) =>
        index === 2
          ? { questionId, value: false }
          : { questionId, choices: index === 1 ? [0, 2] : [index === 0 ? 1 : 0] },
      )
      .filter((_answer, index) => index !== 3);
    const graded = await calls.submit(quizId, attemptId, answers);
    expect(graded.body.results).toMatchObject({
      points: 11,
      passed: true,
      courseCompleted: true,
      attemptsLeft: 1,
    });
    const resubmit = await calls.submit(quizId, attemptId, []);
    expect(resubmit.body).toEqual(graded.body);
    const restart = await calls.start(quizId, courseId, attemptId);
    expect(restart.body.results.result).toEqual(graded.body.results);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, me.id))).toHaveLength(1);
    const quiz = await calls.quiz(quizId, courseId);
    expect(quiz.body.results).toMatchObject({ passed: true, attemptsUsed: 1 });
  });

  it('refuses an attempt past the quiz’s allowed attempts', async () => {
    const { quizId, courseId, calls, me } = await setUp({ attemptsAllowed: 2 });
    for (let i = 0; i < 2; i++) {
      const id = randomUUID();
      expect((await calls.start(quizId, courseId, id)).body.results.number).toBe(i + 1);
      const graded = await calls.submit(quizId, id, []);
      expect(graded.body.results.attemptsLeft).toBe(1 - i);
    }
    const third = await calls.start(quizId, courseId);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(m.noAttemptsLeft);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, me.id))).toHaveLength(2);
    const player = await calls.course(courseId);
    expect(player.body.results.outline[0]).toMatchObject({
      attemptsUsed: 2,
      attemptsAllowed: 2,
      bestScore: 0,
      done: false,
    });
  });

  it('closes a timed attempt submitted after its time and grace as failed, and it counts', async () => {
    const { quizId, courseId, calls, questionIds } = await setUp({
      timeLimitMinutes: 10,
      attemptsAllowed: 3,
    });
    const start = new Date(Date.now() + 60_000);
    t.setNow(start);
    try {
      const inTime = randomUUID();
      const begun = await calls.start(quizId, courseId, inTime);
      expect(begun.body.results.endsAt).toBe(new Date(start.getTime() + 10 * 60_000).toISOString());
      // Within the grace after the deadline, a submit still counts.
      t.setNow(new Date(start.getTime() + 10 * 60_000 + (QUIZ_SUBMIT_GRACE_SECONDS - 1) * 1000));
      const graded = await calls.submit(quizId, inTime, [{ questionId: questionIds[0], choices: [1] }]);
      expect(graded.status).toBe(200);
      expect(graded.body.results.points).toBe(1);

      const late = randomUUID();
      await calls.start(quizId, courseId, late);
      t.setNow(new Date(start.getTime() + 21 * 60_000));
      const refused = await calls.submit(quizId, late, [{ questionId: questionIds[0], choices: [1] }]);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(m.attemptTimedOut);
      expect(await calls.submit(quizId, late, [])).toMatchObject({ status: 409 });
      const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, late));
      expect(row).toMatchObject({ score: 0, passed: false, timedOut: true, points: 0 });
      expect(row?.submittedAt).not.toBeNull();
      const quiz = await calls.quiz(quizId, courseId);
      expect(quiz.body.results.attemptsUsed).toBe(2);
    } finally {
      t.setNow();
    }
  });

  it('shuffles the questions per attempt when the quiz asks, keeping the order it showed', async () => {
    const many: QuestionSpec[] = Array.from({ length: 12 }, () => ({ kind: 'trueFalse', answer: true }));
    const { quizId, courseId, calls, questionIds } = await setUp({ shuffleQuestions: true }, many);
    const orders: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const attemptId = randomUUID();
      const attempt = await calls.start(quizId, courseId, attemptId);
      const shown = attempt.body.results.questions.map((question: { _id: string }) => question._id);
      const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
      expect(row?.questionOrder).toEqual(shown);
      expect([...shown].sort()).toEqual([...questionIds].sort());
      orders.push(shown);
    }
    // Three orders of twelve questions all equal to the quiz's by chance: about 1 in 10^26.
    expect(orders.some((order) => order.join() !== questionIds.join())).toBe(true);
  });

  it('grades an attempt in the order it showed, leaving out a question removed since it started', async () => {
    const six: QuestionSpec[] = Array.from({ length: 6 }, () => ({ kind: 'trueFalse', answer: true }));
    const { quizId, courseId, calls } = await setUp({ shuffleQuestions: true, review: 'full' }, six);
    const attemptId = randomUUID();
    const attempt = await calls.start(quizId, courseId, attemptId);
    const shown: string[] = attempt.body.results.questions.map((question: { _id: string }) => question._id);
    const admin = await t.login(demo.admin.email, demo.admin.password);
    const removed = shown[2] as string;
    expect((await t.call('DELETE', quizPaths.questionOne(removed), { token: admin })).status).toBe(200);

    const kept = shown.filter((id) => id !== removed);
    const graded = await calls.submit(
      quizId,
      attemptId,
      kept.map((questionId) => ({ questionId, value: true })),
    );
    expect(graded.status).toBe(200);
    expect(graded.body.results).toMatchObject({ score: 100, points: 5, maxPoints: 5, passed: true });
    expect(graded.body.results.review.map((entry: { questionId: string }) => entry.questionId)).toEqual(kept);
  });
});
