import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { learningMessages as m } from '../../contract/learning/resource.ts';
import { lessonPaths } from '../../contract/lessons/resource.ts';
import { messages } from '../../contract/messages.ts';
import { activityCompletions } from '../../server/db/schema/learning.ts';
import { lessonActivities } from '../../server/db/schema/lessons.ts';
import { tinyWav } from '../e2e/support/lesson-files.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { learnerCalls, newCourse, newLearner, newLesson, setOutline } from './learning-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterEach(() => t.setNow());
afterAll(() => t.close());

const T0 = new Date('2026-06-01T09:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** A learner and an open course of one lesson holding an audio of `mediaDuration` seconds (null: unknown). */
async function setUp(mediaDuration: number | null = 60) {
  const learner = await newLearner(t);
  const { lessonId, activityIds } = await newLesson(t, [
    { type: 'audioPlayer', required: true, mediaDuration },
  ]);
  const courseId = await newCourse(t);
  await setOutline(t, courseId, [{ lessonId }]);
  const calls = learnerCalls(t, learner.token);
  const completions = () =>
    t.db.select().from(activityCompletions).where(eq(activityCompletions.userId, learner.id));
  return { learner, courseId, audio: activityIds[0] as string, calls, completions };
}

/** The learner opens the player at `time`: the server answers them the activity's media. */
async function openPlayer(calls: ReturnType<typeof learnerCalls>, courseId: string, time: Date) {
  t.setNow(time);
  expect((await calls.course(courseId)).status).toBe(200);
}

describe('media completion time', () => {
  it('reads an uploaded audio’s duration into its activity', async () => {
    const admin = await t.login(demo.admin.email, demo.admin.password);
    const lesson = await t.call('POST', lessonPaths.list, {
      token: admin,
      body: { name: 'Tones', description: '' },
    });
    expect(lesson.status, lesson.text).toBe(201);
    const form = new FormData();
    form.append('lessonId', lesson.body.results._id);
    form.append('title', 'A minute of tone');
    form.append('activityType', 'audioPlayer');
    form.append('contentFile', new Blob([new Uint8Array(tinyWav(60))]), 'tone.wav');
    const added = await t.call('POST', lessonPaths.activity, { token: admin, form });
    expect(added.status, added.text).toBe(201);
    const [row] = await t.db
      .select()
      .from(lessonActivities)
      .where(eq(lessonActivities.id, added.body.results._id));
    expect(row?.mediaDuration).toBeCloseTo(60, 1);
  });

  it('refuses finishing media before 90% of its duration has passed since it was opened, writing nothing', async () => {
    const { courseId, audio, calls, completions } = await setUp(60);
    await openPlayer(calls, courseId, T0);
    t.setNow(at(5));
    const early = await calls.complete(courseId, audio, { watched: 1, openedAt: T0.toISOString() });
    expect(early.status, early.text).toBe(422);
    expect(early.body.message).toBe(m.mediaTooSoon);
    // An open time ahead of the server's clock counts from now.
    t.setNow(at(120));
    const ahead = await calls.complete(courseId, audio, { watched: 1, openedAt: at(3600).toISOString() });
    expect(ahead.status).toBe(422);
    expect(ahead.body.message).toBe(m.mediaTooSoon);
    expect(await completions()).toEqual([]);

    t.setNow(at(54));
    const done = await calls.complete(courseId, audio, { watched: 1, openedAt: T0.toISOString() });
    expect(done.status, done.text).toBe(200);
    expect(done.body.results).toMatchObject({ activityId: audio, lessonDone: true, courseCompleted: true });
    expect(await completions()).toHaveLength(1);
  });

  it('judges a completion replayed from the outbox on the open time it carries', async () => {
    const { courseId, audio, calls, completions } = await setUp(60);
    await openPlayer(calls, courseId, T0);
    // Opened offline an hour later, played through, and sent once the network came back.
    t.setNow(at(3 * 3600));
    const replayed = await calls.complete(courseId, audio, { watched: 1, openedAt: at(3600).toISOString() });
    expect(replayed.status, replayed.text).toBe(200);
    expect(await completions()).toHaveLength(1);
  });

  it('counts an open time from before the server first served the activity from that first serve', async () => {
    const { courseId, audio, calls, completions } = await setUp(60);
    // Never served: no open time is believed.
    t.setNow(at(-600));
    const unserved = await calls.complete(courseId, audio, { watched: 1, openedAt: at(-7200).toISOString() });
    expect(unserved.status).toBe(422);
    expect(unserved.body.message).toBe(m.mediaTooSoon);

    await openPlayer(calls, courseId, T0);
    t.setNow(at(10));
    const forged = await calls.complete(courseId, audio, { watched: 1, openedAt: at(-3600).toISOString() });
    expect(forged.status).toBe(422);
    expect(forged.body.message).toBe(m.mediaTooSoon);
    // Opening the player again later does not move the first serve.
    await openPlayer(calls, courseId, at(30));
    t.setNow(at(55));
    const later = await calls.complete(courseId, audio, { watched: 1, openedAt: at(-3600).toISOString() });
    expect(later.status, later.text).toBe(200);
    expect(await completions()).toHaveLength(1);
  });

  it('refuses an open time that is not a time, and keeps the watched rule alone for media of unknown duration', async () => {
    const timed = await setUp(60);
    await openPlayer(timed.calls, timed.courseId, T0);
    t.setNow(at(100));
    const bad = await timed.calls.complete(timed.courseId, timed.audio, {
      watched: 1,
      openedAt: 'yesterday',
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      message: messages.validationFailed,
      errors: { openedAt: m.openedAtInvalid },
    });
    expect(await timed.completions()).toEqual([]);

    const untimed = await setUp(null);
    await openPlayer(untimed.calls, untimed.courseId, T0);
    const unwatched = await untimed.calls.complete(untimed.courseId, untimed.audio, { watched: 0.5 });
    expect(unwatched.body.errors).toEqual({ watched: m.mediaNotWatched });
    const watched = await untimed.calls.complete(untimed.courseId, untimed.audio, { watched: 1 });
    expect(watched.status, watched.text).toBe(200);
  });
});
