import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerChecklist, PlayerCourse } from '../../contract/learning/resource.ts';
import { newChecklist, writeRecord } from './checklist-record-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  completionsOf,
  learnerCalls,
  newCourse,
  newLearner,
  newLesson,
  setOutline,
} from './learning-fixtures.ts';

// A checklist in a course's outline (record 026): the player lists it with the items done in the
// round, and the course completes once its required items stand done.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A course open to everyone: a lesson of one activity, then a checklist of two required items and an optional one. */
async function courseWithChecklist() {
  const lesson = await newLesson(t, [{ type: 'pdfDocument' }]);
  const checklist = await newChecklist(t, [{ required: true }, { required: true, type: 'leadSignOff' }, {}]);
  const courseId = await newCourse(t, { permission: 'none' });
  await setOutline(t, courseId, [{ lessonId: lesson.lessonId }, { checklistId: checklist.checklistId }]);
  return { courseId, lesson, checklist };
}

async function player(token: string, courseId: string) {
  const response = await learnerCalls(t, token).course(courseId);
  expect(response.status, response.text).toBe(200);
  return response.body.results as PlayerCourse;
}
const checklistOf = (course: PlayerCourse) =>
  course.outline.find((item): item is PlayerChecklist => item.kind === 'checklist');

describe('a checklist in the player', () => {
  it('lists the checklist with its figures and completes the course only once its required items are done', async () => {
    const { courseId, lesson, checklist } = await courseWithChecklist();
    const [first, second, optional] = checklist.itemIds as [string, string, string];
    const me = await newLearner(t);
    const record = (activityId: string, fields: Partial<Parameters<typeof writeRecord>[1]> = {}) =>
      writeRecord(t, { userId: me.id, checklistId: checklist.checklistId, activityId, ...fields });

    const opened = await player(me.token, courseId);
    expect(opened.outline.map((item) => item.kind)).toEqual(['lesson', 'checklist']);
    expect(checklistOf(opened)).toEqual({
      kind: 'checklist',
      _id: checklist.checklistId,
      name: checklist.title,
      description: '',
      done: false,
      itemsDone: 0,
      itemsTotal: 2,
    });
    expect(opened.progress).toMatchObject({ done: 0, total: 2 });

    // The lesson done, the checklist not: no completion.
    const done = await learnerCalls(t, me.token).complete(courseId, lesson.activityIds[0] as string);
    expect(done.status, done.text).toBe(200);
    expect(await completionsOf(t, me.id, courseId)).toHaveLength(0);

    // The optional item, a 'not yet' and a withdrawn sign-off count for nothing.
    await record(optional);
    await record(second, { action: 'notYet', actor: { id: null, name: 'A lead', role: 'lead' } });
    await record(second, { withdrawnAt: new Date(), actor: { id: null, name: 'A lead', role: 'lead' } });
    await record(first);
    const half = await player(me.token, courseId);
    expect(checklistOf(half)).toMatchObject({ done: false, itemsDone: 1, itemsTotal: 2 });
    expect(half.progress).toMatchObject({ state: 'in-progress', done: 1, total: 2 });
    expect(await completionsOf(t, me.id, courseId)).toHaveLength(0);

    // The lead signs off the second required item: the course completes when it is next opened.
    await record(second, { actor: { id: null, name: 'A lead', role: 'lead' } });
    const finished = await player(me.token, courseId);
    expect(checklistOf(finished)).toMatchObject({ done: true, itemsDone: 2, itemsTotal: 2 });
    expect(finished.progress).toMatchObject({ state: 'completed', done: 2, total: 2, percent: 100 });
    expect(await completionsOf(t, me.id, courseId)).toHaveLength(1);
  });

  it('counts only records of the current round, and every item of a checklist without required ones', async () => {
    const checklist = await newChecklist(t, [{}, {}]);
    const courseId = await newCourse(t, { permission: 'none' });
    await setOutline(t, courseId, [{ checklistId: checklist.checklistId }]);
    const me = await newLearner(t);
    const [a, b] = checklist.itemIds as [string, string];
    const before = new Date(Date.now() - 60_000);
    await writeRecord(t, {
      userId: me.id,
      checklistId: checklist.checklistId,
      activityId: a,
      doneAt: before,
    });
    const course = await player(me.token, courseId);
    expect(checklistOf(course)).toMatchObject({ done: false, itemsDone: 1, itemsTotal: 2 });

    await writeRecord(t, { userId: me.id, checklistId: checklist.checklistId, activityId: b });
    const completed = await player(me.token, courseId);
    expect(completed.progress.state).toBe('completed');
    expect(await completionsOf(t, me.id, courseId)).toHaveLength(1);

    // A restart begins a round: the records before it count for nothing in the new one.
    const restarted = await learnerCalls(t, me.token).restart(courseId);
    expect(restarted.status, restarted.text).toBe(200);
    const again = await player(me.token, courseId);
    expect(checklistOf(again)).toMatchObject({ done: false, itemsDone: 0, itemsTotal: 2 });
    expect(again.progress).toMatchObject({ done: 0, total: 1 });
  });

  it('leaves an unpublished checklist out of the player and the progress', async () => {
    const lesson = await newLesson(t, [{ type: 'pdfDocument' }]);
    const hidden = await newChecklist(t, [{ required: true }], false);
    const courseId = await newCourse(t, { permission: 'none' });
    await setOutline(t, courseId, [{ lessonId: lesson.lessonId }, { checklistId: hidden.checklistId }]);
    const me = await newLearner(t);
    const course = await player(me.token, courseId);
    expect(course.outline.map((item) => item._id)).toEqual([lesson.lessonId]);
    expect(course.progress).toMatchObject({ done: 0, total: 1 });
  });
});
