import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueCourse, PlayerCourse } from '../../contract/learning/resource.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { lessons } from '../../server/db/schema/lessons.ts';
import { quizzes } from '../../server/db/schema/quizzes.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  completionsOf,
  learnerCalls,
  newCourse,
  newLearner,
  newLesson,
  newQuiz,
  setOutline,
} from './learning-fixtures.ts';

// What a learner takes of a course's outline (docs/decisions/016-what-a-learner-takes.md): its
// enabled lessons and published quizzes only.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const setLesson = (lessonId: string, status: boolean) =>
  t.db.update(lessons).set({ status }).where(eq(lessons.id, lessonId));
const setQuiz = (quizId: string, status: boolean) =>
  t.db.update(quizzes).set({ status }).where(eq(quizzes.id, quizId));

/** A course open to everyone: an enabled lesson, a disabled one and an unpublished quiz. */
async function courseWithHiddenParts() {
  const shown = await newLesson(t, [{ type: 'pdfDocument' }]);
  const disabled = await newLesson(t, [{ type: 'pdfDocument' }]);
  await setLesson(disabled.lessonId, false);
  const unpublished = await newQuiz(t, { status: false }, [{ kind: 'trueFalse', answer: true }]);
  const courseId = await newCourse(t, { permission: 'none' });
  await setOutline(t, courseId, [
    { lessonId: shown.lessonId },
    { lessonId: disabled.lessonId },
    { quizId: unpublished.quizId },
  ]);
  return { courseId, shown, disabled, unpublished };
}

async function catalogueEntry(token: string, courseId: string) {
  const calls = learnerCalls(t, token);
  const [course] = await t.db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
  const response = await calls.catalogue(`?search=${encodeURIComponent(course?.name ?? '')}`);
  expect(response.status, response.text).toBe(200);
  return (response.body.results.data as CatalogueCourse[]).find((course) => course._id === courseId);
}

describe('the outline a learner takes', () => {
  it('leaves a disabled lesson and an unpublished quiz out of the player and the progress', async () => {
    const { courseId, shown } = await courseWithHiddenParts();
    const me = await newLearner(t);
    const player = await learnerCalls(t, me.token).course(courseId);
    expect(player.status, player.text).toBe(200);
    const course = player.body.results as PlayerCourse;
    expect(course.outline.map((item) => item._id)).toEqual([shown.lessonId]);
    expect(course.progress).toMatchObject({ done: 0, total: 1, percent: 0 });
    expect((await catalogueEntry(me.token, courseId))?.progress).toMatchObject({ done: 0, total: 1 });
  });

  it('completes the course when the parts a learner takes are done, without the hidden ones', async () => {
    const { courseId, shown } = await courseWithHiddenParts();
    const me = await newLearner(t);
    const calls = learnerCalls(t, me.token);
    const done = await calls.complete(courseId, shown.activityIds[0] as string);
    expect(done.status, done.text).toBe(200);
    expect(await completionsOf(t, me.id, courseId)).toHaveLength(1);
    const course = (await calls.course(courseId)).body.results as PlayerCourse;
    expect(course.progress).toMatchObject({ state: 'completed', done: 1, total: 1, percent: 100 });
  });

  it('keeps a completion earned before a part was disabled, and counts the part again once enabled', async () => {
    const shown = await newLesson(t, [{ type: 'pdfDocument' }]);
    const later = await newLesson(t, [{ type: 'pdfDocument' }]);
    const courseId = await newCourse(t, { permission: 'none' });
    await setOutline(t, courseId, [{ lessonId: shown.lessonId }, { lessonId: later.lessonId }]);
    const me = await newLearner(t);
    const other = await newLearner(t);
    const calls = learnerCalls(t, me.token);
    const others = learnerCalls(t, other.token);
    for (const lesson of [shown, later])
      expect((await calls.complete(courseId, lesson.activityIds[0] as string)).status).toBe(200);
    expect((await others.complete(courseId, shown.activityIds[0] as string)).status).toBe(200);
    expect(await completionsOf(t, other.id, courseId)).toHaveLength(0);

    // Disabled: the learner who completed keeps their completion; the other one's last undone
    // part left the outline, so opening the course completes it.
    await setLesson(later.lessonId, false);
    const mine = (await calls.course(courseId)).body.results as PlayerCourse;
    expect(mine.progress).toMatchObject({ state: 'completed', total: 1, percent: 100 });
    expect(await completionsOf(t, me.id, courseId)).toHaveLength(1);
    const theirs = (await others.course(courseId)).body.results as PlayerCourse;
    expect(theirs.progress).toMatchObject({ state: 'completed', done: 1, total: 1 });
    expect(await completionsOf(t, other.id, courseId)).toHaveLength(1);

    // Enabled again: it is back in the outline; the completions stand.
    await setLesson(later.lessonId, true);
    const back = (await calls.course(courseId)).body.results as PlayerCourse;
    expect(back.outline.map((item) => item._id)).toEqual([shown.lessonId, later.lessonId]);
    expect(back.progress).toMatchObject({ state: 'completed', total: 2, percent: 100 });
  });

  it('does not complete a course whose every part is hidden', async () => {
    const disabled = await newLesson(t, []);
    await setLesson(disabled.lessonId, false);
    const { quizId } = await newQuiz(t, { status: false }, [{ kind: 'trueFalse', answer: true }]);
    const courseId = await newCourse(t, { permission: 'none' });
    await setOutline(t, courseId, [{ lessonId: disabled.lessonId }, { quizId }]);
    const me = await newLearner(t);
    const course = (await learnerCalls(t, me.token).course(courseId)).body.results as PlayerCourse;
    expect(course.outline).toEqual([]);
    expect(course.progress).toMatchObject({ state: 'in-progress', done: 0, total: 0 });
    expect(await completionsOf(t, me.id, courseId)).toHaveLength(0);
    await setQuiz(quizId, true);
    const published = (await learnerCalls(t, me.token).course(courseId)).body.results as PlayerCourse;
    expect(published.outline.map((item) => item._id)).toEqual([quizId]);
  });
});
