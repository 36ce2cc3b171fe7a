import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComplianceResult, compliancePaths } from '../../contract/course-assignments/compliance.ts';
import { courseMessages as m, coursePaths as p } from '../../contract/courses/resource.ts';
import { attendeePaths as ap } from '../../contract/events/attendees.ts';
import type { PlayerCourse, PlayerEvent } from '../../contract/learning/resource.ts';
import { courseOutlineItems } from '../../server/db/schema/courses.ts';
import { events } from '../../server/db/schema/events.ts';
import { eventFixtures } from './event-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import {
  assign,
  completionsOf,
  learnerCalls,
  newCourse,
  newLearner,
  newLesson,
} from './learning-fixtures.ts';

// A blended course (record 030): an event is a part of a course's outline, done for a learner once
// they are `attended` on it, and the course completes, and counts, as it does for its other parts.

let t: TestContext;
let admin: string;
let f: Awaited<ReturnType<typeof eventFixtures>>;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  f = await eventFixtures(t, admin);
});
afterAll(() => t.close());

const DAY_ONE = { startsAt: '2030-06-03T08:00:00Z', endsAt: '2030-06-03T12:00:00Z' };
const DAY_TWO = { startsAt: '2030-06-04T08:00:00Z', endsAt: '2030-06-04T12:00:00Z' };
const AFTER_BOTH = new Date('2030-06-04T13:00:00Z');

/** A course of one lesson (one activity) and a two-session event, a learner registered on the event. */
async function blended() {
  const event = await f.create(
    f.body({
      title: `Practical day ${run}`,
      sessions: [f.session(DAY_ONE), f.session({ ...DAY_TWO, timeZone: 'America/New_York' })],
    }),
  );
  const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }]);
  const courseId = await newCourse(t);
  await t.db.insert(courseOutlineItems).values([
    { courseId, position: 1, lessonId },
    { courseId, position: 2, eventId: event._id },
  ]);
  const learner = await newLearner(t);
  const added = await t.call('POST', ap.list, {
    token: admin,
    body: { eventId: event._id, userIds: [learner.id] },
  });
  expect(added.status, added.text).toBe(201);
  const calls = learnerCalls(t, learner.token);
  const player = async () => {
    const response = await calls.course(courseId);
    expect(response.status, response.text).toBe(200);
    const course = response.body.results as PlayerCourse;
    return { course, event: course.outline.find((item): item is PlayerEvent => item.kind === 'event') };
  };
  const mark = async (sessionId: string, state: 'attended' | 'absent') => {
    const response = await t.call('PUT', ap.attendance, { token: admin, body: { sessionId, state } });
    expect(response.status, response.text).toBe(200);
  };
  const doLesson = async () => {
    const response = await calls.complete(courseId, activityIds[0] as string);
    expect(response.status, response.text).toBe(200);
  };
  return { event, courseId, learner, player, mark, doLesson };
}

describe('an event in a course outline', () => {
  it('is added, listed, ordered and removed through the outline API; an unknown one changes nothing', async () => {
    const event = await f.create(f.body({ title: `Outline event ${run}` }));
    const courseId = await newCourse(t);
    const { lessonId } = await newLesson(t, []);
    const added = await t.call('POST', p.outline(courseId), {
      token: admin,
      body: { lessonIds: [lessonId], eventIds: [event._id, event._id] },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.results).toEqual([
      expect.objectContaining({ kind: 'lesson', id: lessonId }),
      { kind: 'event', id: event._id, name: `Outline event ${run}`, status: true },
    ]);
    const unknown = await t.call('POST', p.outline(courseId), {
      token: admin,
      body: { eventIds: [randomUUID()] },
    });
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body.errors).toEqual({ eventIds: m.eventsNotFound });
    const ordered = await t.call('POST', p.outlineOrder(courseId), {
      token: admin,
      body: { itemIds: [event._id, lessonId] },
    });
    expect(ordered.status, ordered.text).toBe(200);
    expect(ordered.body.results.map((item: { kind: string }) => item.kind)).toEqual(['event', 'lesson']);
    const removed = await t.call('DELETE', p.outlineItem(courseId, event._id), { token: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.results.map((item: { kind: string }) => item.kind)).toEqual(['lesson']);
  });

  it('shows the learner the event, its sessions and their place on it', async () => {
    const { event, player } = await blended();
    const { course, event: part } = await player();
    expect(course.progress).toMatchObject({ done: 0, total: 2 });
    expect(part).toEqual({
      kind: 'event',
      _id: event._id,
      name: `Practical day ${run}`,
      description: 'Half a day on the yard.',
      done: false,
      state: 'registered',
      registrationOpen: true,
      sessions: [
        {
          _id: event.sessions[0]?.id,
          ...DAY_ONE,
          startsAt: '2030-06-03T08:00:00.000Z',
          endsAt: '2030-06-03T12:00:00.000Z',
          timeZone: 'Europe/London',
          place: f.location.title,
          online: false,
        },
        {
          _id: event.sessions[1]?.id,
          startsAt: '2030-06-04T08:00:00.000Z',
          endsAt: '2030-06-04T12:00:00.000Z',
          timeZone: 'America/New_York',
          place: f.location.title,
          online: false,
        },
      ],
    });
    // Someone not on the event sees it to register for.
    const other = await newLearner(t);
    const response = await learnerCalls(t, other.token).course(course._id);
    const theirs = (response.body.results as PlayerCourse).outline.find((item) => item.kind === 'event');
    expect(theirs).toMatchObject({ state: 'not-registered', done: false, registrationOpen: true });
  });

  it('completes the course only once the lesson is done and the learner attended every session', async () => {
    const { event, courseId, learner, player, mark, doLesson } = await blended();
    await doLesson();
    expect(await completionsOf(t, learner.id, courseId)).toHaveLength(0);
    expect((await player()).course.progress).toMatchObject({ done: 1, total: 2 });
    t.setNow(AFTER_BOTH);
    try {
      await mark(event.sessions[0]?.id as string, 'attended');
      // One session of two: still registered, the part not done.
      expect((await player()).event).toMatchObject({ state: 'registered', done: false });
      expect(await completionsOf(t, learner.id, courseId)).toHaveLength(0);
      await mark(event.sessions[1]?.id as string, 'attended');
      const completions = await completionsOf(t, learner.id, courseId);
      expect(completions).toHaveLength(1);
      expect(completions[0]?.completedAt).toEqual(AFTER_BOTH);
      const { course, event: part } = await player();
      expect(part).toMatchObject({ state: 'attended', done: true, registrationOpen: false });
      expect(course.progress).toMatchObject({ state: 'completed', done: 2, total: 2, percent: 100 });
    } finally {
      t.setNow();
    }
  });

  it('completes the course when the lesson is the last part done, after the event', async () => {
    const { event, courseId, learner, mark, doLesson } = await blended();
    t.setNow(AFTER_BOTH);
    try {
      await mark(event.sessions[0]?.id as string, 'attended');
      await mark(event.sessions[1]?.id as string, 'attended');
      expect(await completionsOf(t, learner.id, courseId)).toHaveLength(0);
      await doLesson();
      expect(await completionsOf(t, learner.id, courseId)).toHaveLength(1);
    } finally {
      t.setNow();
    }
  });

  it('leaves the course incomplete when the learner was absent', async () => {
    const { event, courseId, learner, player, mark, doLesson } = await blended();
    await doLesson();
    t.setNow(AFTER_BOTH);
    try {
      await mark(event.sessions[0]?.id as string, 'attended');
      await mark(event.sessions[1]?.id as string, 'absent');
      expect(await completionsOf(t, learner.id, courseId)).toHaveLength(0);
      const { course, event: part } = await player();
      expect(part).toMatchObject({ state: 'absent', done: false });
      expect(course.progress).toMatchObject({ done: 1, total: 2 });
      expect(course.progress.state).not.toBe('completed');
    } finally {
      t.setNow();
    }
  });

  it('counts in the compliance figures as the course completes', async () => {
    const { event, courseId, learner, mark, doLesson } = await blended();
    await assign(t, learner.id, [courseId], { kind: 'assigned' });
    const compliance = async () => {
      const response = await t.call('GET', compliancePaths.figures, { token: admin });
      expect(response.status, response.text).toBe(200);
      return (response.body.results as ComplianceResult).courses.find((row) => row._id === courseId);
    };
    await doLesson();
    expect(await compliance()).toMatchObject({ assigned: 1, completed: 0 });
    t.setNow(AFTER_BOTH);
    try {
      await mark(event.sessions[0]?.id as string, 'attended');
      expect(await compliance()).toMatchObject({ assigned: 1, completed: 0 });
      await mark(event.sessions[1]?.id as string, 'attended');
      expect(await compliance()).toMatchObject({ assigned: 1, completed: 1 });
    } finally {
      t.setNow();
    }
  });

  it('is left out of what learners take while the event is unpublished', async () => {
    const { event, courseId, player } = await blended();
    await t.db.update(events).set({ status: false }).where(eq(events.id, event._id));
    const { course, event: part } = await player();
    expect(course._id).toBe(courseId);
    expect(part).toBeUndefined();
    expect(course.progress.total).toBe(1);
  });
});
