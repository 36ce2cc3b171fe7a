import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { learningPaths as lp, learningMessages as m } from '../../contract/learning/resource.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  assign,
  completionsOf,
  learnerCalls,
  newCourse,
  newLearner,
  newLesson,
  setOutline,
} from './learning-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterEach(() => t.setNow());
afterAll(() => t.close());

const LINK = { externalLink: 'https://learn.example.org/time-management', externalTitle: 'Time management' };

const markDone = (
  token: string,
  courseId: string,
  completionId: string = randomUUID(),
  headers: Record<string, string> = {},
) => t.call('POST', lp.markDone(courseId), { token, body: { completionId }, headers });

describe('a course taken at its external link is marked done by the learner', () => {
  it('completes an assigned link-only course once, however often the same mark is replayed', async () => {
    const learner = await newLearner(t);
    const courseId = await newCourse(t, LINK);
    await assign(t, learner.id, [courseId]);
    const calls = learnerCalls(t, learner.token);
    // Opening the player begins the course; the learner then opens its link and marks it done.
    expect((await calls.course(courseId)).body.results.progress.state).toBe('in-progress');

    const completionId = randomUUID();
    const first = await markDone(learner.token, courseId, completionId);
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe(m.markedDone);
    expect(first.body.results.courseCompleted).toBe(true);
    expect(first.body.results.progress.state).toBe('completed');

    const replay = await markDone(learner.token, courseId, completionId);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.results.courseCompleted).toBe(false);
    expect(replay.body.results.progress.state).toBe('completed');
    // A second mark with a new id while the course stands completed is done already, not a row more.
    const again = await markDone(learner.token, courseId);
    expect(again.status, again.text).toBe(200);
    expect(again.body.results.courseCompleted).toBe(false);
    expect(await completionsOf(t, learner.id, courseId)).toHaveLength(1);
    expect((await calls.course(courseId)).body.results.progress.completedAt).not.toBeNull();
  });

  it('dates a mark replayed days later by the device’s time, never after the server got it', async () => {
    const learner = await newLearner(t);
    const courseId = await newCourse(t, LINK);
    await assign(t, learner.id, [courseId], { deadline: '2026-06-02' });
    t.setNow(new Date('2026-06-05T09:00:00.000Z'));
    const marked = await markDone(learner.token, courseId, randomUUID(), {
      'Outbox-Created-At': '2026-06-01T10:00:00.000Z',
    });
    expect(marked.status, marked.text).toBe(200);
    const [row] = await completionsOf(t, learner.id, courseId);
    expect(row?.completedAt.toISOString()).toBe('2026-06-01T10:00:00.000Z');
    expect(row?.receivedAt.toISOString()).toBe('2026-06-05T09:00:00.000Z');

    const other = await newLearner(t);
    const later = await newCourse(t, LINK);
    await assign(t, other.id, [later]);
    await markDone(other.token, later, randomUUID(), { 'Outbox-Created-At': '2026-07-01T10:00:00.000Z' });
    const [future] = await completionsOf(t, other.id, later);
    expect(future?.completedAt.toISOString()).toBe('2026-06-05T09:00:00.000Z');
  });

  it('refuses a course with an outline (409) and one with neither outline nor link (409), recording nothing', async () => {
    const learner = await newLearner(t);
    const { lessonId } = await newLesson(t, [{ type: 'pdfDocument', required: true }]);
    const withOutline = await newCourse(t, LINK);
    await setOutline(t, withOutline, [{ lessonId }]);
    const hollow = await newCourse(t);
    await assign(t, learner.id, [withOutline, hollow]);

    const taken = await markDone(learner.token, withOutline);
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.message).toBe(m.notMarkable);
    const empty = await markDone(learner.token, hollow);
    expect(empty.status, empty.text).toBe(409);
    expect(empty.body.message).toBe(m.nothingToMark);
    expect(await completionsOf(t, learner.id, withOutline)).toHaveLength(0);
    expect(await completionsOf(t, learner.id, hollow)).toHaveLength(0);
  });

  it('refuses a bad id (422), a course out of scope (403), an id of another learner’s mark (422) and no sign-in (401)', async () => {
    const learner = await newLearner(t);
    const courseId = await newCourse(t, LINK);
    await assign(t, learner.id, [courseId]);
    const bad = await t.call('POST', lp.markDone(courseId), {
      token: learner.token,
      body: { completionId: 'not-an-id' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.completionId).toBe(m.completionIdInvalid);

    const outsider = await newLearner(t);
    const closed = await newCourse(t, { ...LINK, permission: 'user' });
    const refused = await markDone(outsider.token, closed);
    expect(refused.status, refused.text).toBe(403);

    const completionId = randomUUID();
    expect((await markDone(learner.token, courseId, completionId)).status).toBe(200);
    await assign(t, outsider.id, [courseId]);
    const stolen = await markDone(outsider.token, courseId, completionId);
    expect(stolen.status, stolen.text).toBe(422);
    expect(await completionsOf(t, outsider.id, courseId)).toHaveLength(0);

    const anonymous = await t.call('POST', lp.markDone(courseId), { body: { completionId: randomUUID() } });
    expect(anonymous.status).toBe(401);
  });
});
