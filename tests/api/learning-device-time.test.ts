import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { learningPaths as lp } from '../../contract/learning/resource.ts';
import { paths } from '../../contract/paths.ts';
import type { ActivityEntry } from '../../contract/team-dashboard.ts';
import { courseAssignmentLearners } from '../../server/db/schema/course-assignments.ts';
import { activityCompletions, handIns, quizAttempts } from '../../server/db/schema/learning.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import {
  assign,
  completionsOf,
  learnerCalls,
  newCourse,
  newLearner,
  newLesson,
  newQuiz,
  setOutline,
} from './learning-fixtures.ts';
import { teamIds } from './team-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterEach(() => t.setNow());
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY1 = new Date('2026-06-01T10:00:00.000Z');
const day = (n: number) => new Date(DAY1.getTime() + (n - 1) * DAY_MS);

/** A learner and an open course of one lesson holding `count` required activities. */
async function setUp(count = 1) {
  const learner = await newLearner(t);
  const { lessonId, activityIds } = await newLesson(
    t,
    Array.from({ length: count }, () => ({ type: 'pdfDocument' as const, required: true })),
  );
  const courseId = await newCourse(t);
  await setOutline(t, courseId, [{ lessonId }]);
  return {
    learner,
    courseId,
    activityId: activityIds[0] as string,
    activityIds,
    calls: learnerCalls(t, learner.token),
  };
}

/** The completion as the outbox sends it: with the time it was made on the device. */
const complete = (token: string, courseId: string, activityId: string, madeAt: string | undefined) =>
  t.call('POST', lp.activityComplete(courseId, activityId), {
    token,
    body: { completionId: randomUUID() },
    headers: madeAt === undefined ? {} : { 'Outbox-Created-At': madeAt },
  });

const stored = async (userId: string) =>
  t.db.select().from(activityCompletions).where(eq(activityCompletions.userId, userId));

describe('offline work dated when it was done', () => {
  it('dates a completion replayed four days later by the device’s day 1, on time for a day-2 deadline', async () => {
    const { learner, courseId, activityId, calls } = await setUp();
    await assign(t, learner.id, [courseId], { deadline: '2026-06-02' });
    const team = await teamIds(t.db);
    await t.db.insert(teamMembers).values({ teamId: team.growth, userId: learner.id });

    t.setNow(day(5));
    const before = await calls.course(courseId);
    expect(before.body.results.progress.state).toBe('overdue');
    const replayed = await complete(learner.token, courseId, activityId, DAY1.toISOString());
    expect(replayed.status, replayed.text).toBe(200);
    expect(replayed.body.results.courseCompleted).toBe(true);

    const [row] = await stored(learner.id);
    expect(row?.completedAt.toISOString()).toBe(DAY1.toISOString());
    expect(row?.receivedAt.toISOString()).toBe(day(5).toISOString());
    const [course] = await completionsOf(t, learner.id, courseId);
    expect(course?.completedAt.toISOString()).toBe(DAY1.toISOString());
    expect(course?.receivedAt.toISOString()).toBe(day(5).toISOString());

    const after = await calls.course(courseId);
    expect(after.body.results.progress).toMatchObject({
      state: 'completed',
      completedAt: DAY1.toISOString(),
    });
    // Done before the deadline day ended: on time.
    expect(Date.parse(after.body.results.progress.completedAt)).toBeLessThan(
      Date.parse('2026-06-03T00:00:00.000Z'),
    );

    const lead = await t.login(demo.lead.email, demo.lead.password);
    const feed = await t.call('GET', paths.memberActivity(team.growth, learner.id), { token: lead });
    expect(feed.status, feed.text).toBe(200);
    expect(
      (feed.body.results as ActivityEntry[]).filter((entry) => entry.kind === 'course-completed'),
    ).toEqual([expect.objectContaining({ at: DAY1.toISOString() })]);
  });

  it('brings a device time in the future back to the server’s now', async () => {
    const { learner, courseId, activityId } = await setUp();
    t.setNow(day(2));
    const sent = await complete(learner.token, courseId, activityId, day(9).toISOString());
    expect(sent.status, sent.text).toBe(200);
    const [row] = await stored(learner.id);
    expect(row?.completedAt.toISOString()).toBe(day(2).toISOString());
  });

  it('dates a completion without a device time, or with one that is not a time, when it arrived', async () => {
    const { learner, courseId, activityIds } = await setUp(2);
    t.setNow(day(3));
    expect((await complete(learner.token, courseId, activityIds[0] as string, undefined)).status).toBe(200);
    const garbled = await complete(learner.token, courseId, activityIds[1] as string, 'last Monday');
    expect(garbled.status, garbled.text).toBe(200);
    const rows = await stored(learner.id);
    expect(rows.map((row) => row.completedAt.toISOString())).toEqual([
      day(3).toISOString(),
      day(3).toISOString(),
    ]);
  });

  it('brings a device time from before the learner’s reassign to just after it, so it counts in the round', async () => {
    const { learner, courseId, activityId, calls } = await setUp();
    const assignmentId = await assign(t, learner.id, [courseId]);
    await t.db
      .insert(courseAssignmentLearners)
      .values({ assignmentId, userId: learner.id, startedAt: day(3) });
    t.setNow(day(5));
    const sent = await complete(learner.token, courseId, activityId, DAY1.toISOString());
    expect(sent.status, sent.text).toBe(200);
    const [row] = await stored(learner.id);
    expect(row?.completedAt.toISOString()).toBe(new Date(day(3).getTime() + 1).toISOString());
    expect((await calls.course(courseId)).body.results.progress).toMatchObject({
      state: 'completed',
      done: 1,
    });
  });

  it('brings a device time from before the course’s latest completion into the round after it', async () => {
    const { learner, courseId, activityId, calls } = await setUp();
    t.setNow(day(2));
    expect((await complete(learner.token, courseId, activityId, day(2).toISOString())).status).toBe(200);
    t.setNow(day(4));
    expect((await calls.restart(courseId)).status).toBe(200);
    t.setNow(day(5));
    const again = await complete(learner.token, courseId, activityId, DAY1.toISOString());
    expect(again.status, again.text).toBe(200);
    const completions = (await completionsOf(t, learner.id, courseId)).map((row) =>
      row.completedAt.getTime(),
    );
    expect(completions.sort()).toEqual([day(2).getTime(), day(4).getTime() + 1]);
  });

  it('dates a hand-in and its completion by the device', async () => {
    const learner = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'fileUpload', required: true }]);
    const courseId = await newCourse(t);
    await setOutline(t, courseId, [{ lessonId }]);
    const form = new FormData();
    form.append('completionId', randomUUID());
    form.append(
      'file',
      new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'], { type: 'application/pdf' }),
      'plan.pdf',
    );
    t.setNow(day(5));
    const sent = await t.call('POST', lp.handIn(courseId, activityIds[0] as string), {
      token: learner.token,
      form,
      headers: { 'Outbox-Created-At': DAY1.toISOString() },
    });
    expect(sent.status, sent.text).toBe(200);
    const [handIn] = await t.db.select().from(handIns).where(eq(handIns.userId, learner.id));
    expect(handIn?.handedInAt.toISOString()).toBe(DAY1.toISOString());
    const [row] = await stored(learner.id);
    expect(row?.completedAt.toISOString()).toBe(DAY1.toISOString());
  });
});

/** A learner and an open course of one quiz of one true/false question (true). */
async function quizSetUp(settings: { timeLimitMinutes?: number } = {}) {
  const learner = await newLearner(t);
  const { quizId, questionIds } = await newQuiz(t, settings, [{ kind: 'trueFalse', answer: true }]);
  const courseId = await newCourse(t);
  await setOutline(t, courseId, [{ quizId }]);
  const headers = (madeAt: Date) => ({ 'Outbox-Created-At': madeAt.toISOString() });
  const start = (attemptId: string, madeAt: Date) =>
    t.call('POST', lp.quizAttempt(quizId), {
      token: learner.token,
      body: { attemptId, courseId },
      headers: headers(madeAt),
    });
  const submit = (attemptId: string, madeAt: Date, value = true) =>
    t.call('POST', lp.quizSubmit(quizId, attemptId), {
      token: learner.token,
      body: { answers: [{ questionId: questionIds[0], value }] },
      headers: headers(madeAt),
    });
  const row = async (attemptId: string) =>
    (await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)))[0];
  return { learner, courseId, start, submit, row };
}

describe('quiz attempts dated when they were taken', () => {
  it('dates an untimed attempt replayed days later by the device, and its pass completes the course then', async () => {
    const { learner, courseId, start, submit, row } = await quizSetUp();
    const attemptId = randomUUID();
    t.setNow(day(5));
    expect((await start(attemptId, DAY1)).status).toBe(200);
    const graded = await submit(attemptId, new Date(DAY1.getTime() + 60_000));
    expect(graded.status, graded.text).toBe(200);
    expect(graded.body.results).toMatchObject({ passed: true, courseCompleted: true });
    expect(await row(attemptId)).toMatchObject({
      startedAt: DAY1,
      submittedAt: new Date(DAY1.getTime() + 60_000),
      receivedAt: day(5),
    });
    const [course] = await completionsOf(t, learner.id, courseId);
    expect(course?.completedAt.toISOString()).toBe(new Date(DAY1.getTime() + 60_000).toISOString());
  });

  it('brings a submit dated before its attempt began to just after the start', async () => {
    const { start, submit, row } = await quizSetUp();
    const attemptId = randomUUID();
    t.setNow(day(3));
    expect((await start(attemptId, day(2))).status).toBe(200);
    expect((await submit(attemptId, DAY1)).status).toBe(200);
    expect((await row(attemptId))?.submittedAt?.toISOString()).toBe(
      new Date(day(2).getTime() + 1).toISOString(),
    );
  });

  it('keeps the server’s time for a timed attempt and refuses it late as before', async () => {
    const { start, submit, row } = await quizSetUp({ timeLimitMinutes: 10 });
    const inTime = randomUUID();
    t.setNow(day(5));
    expect((await start(inTime, DAY1)).status).toBe(200);
    t.setNow(new Date(day(5).getTime() + 60_000));
    // Failed, so the course does not stand completed and another attempt may start.
    expect((await submit(inTime, DAY1, false)).status).toBe(200);
    expect(await row(inTime)).toMatchObject({
      startedAt: day(5),
      submittedAt: new Date(day(5).getTime() + 60_000),
    });
    const late = randomUUID();
    expect((await start(late, day(5))).status).toBe(200);
    t.setNow(new Date(day(5).getTime() + 60 * 60_000));
    expect((await submit(late, new Date(day(5).getTime() + 2 * 60_000))).status).toBe(409);
  });
});
