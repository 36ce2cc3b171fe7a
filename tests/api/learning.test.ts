import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAssignmentPaths } from '../../contract/course-assignments/resource.ts';
import {
  learningPaths as lp,
  learningMessages as m,
  type PlayerLesson,
} from '../../contract/learning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { courseAssignmentLearners } from '../../server/db/schema/course-assignments.ts';
import { courseProgress } from '../../server/db/schema/courses.ts';
import { activityCompletions } from '../../server/db/schema/learning.ts';
import { membershipLevels } from '../../server/db/schema/lookups.ts';
import { userGroupMembers, userGroups } from '../../server/db/schema/user-groups.ts';
import { createTestContext, type TestContext } from './helpers.ts';
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

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe('scope', () => {
  it('lets a learner take open courses and those opened to them by name, group or level, refusing the rest', async () => {
    const me = await newLearner(t);
    const other = await newLearner(t);
    const [group] = await t.db
      .insert(userGroups)
      .values({ name: `Scope group ${randomUUID()}` })
      .returning();
    await t.db.insert(userGroupMembers).values({ groupId: group?.id as string, userId: me.id });
    const [level] = await t.db
      .insert(membershipLevels)
      .values({ name: `Level ${randomUUID()}` })
      .returning();
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }]);
    const { quizId } = await newQuiz(t, {}, [{ kind: 'trueFalse', answer: true }]);
    const make = async (fields: Parameters<typeof newCourse>[1]) => {
      const id = await newCourse(t, fields);
      await setOutline(t, id, [{ lessonId }, { quizId }]);
      return id;
    };
    const open = await make({ permission: 'none' });
    const byName = await make({ permission: 'user', subjects: [{ userId: me.id }] });
    const byGroup = await make({ permission: 'group', subjects: [{ userGroupId: group?.id }] });
    const byLevel = await make({ permission: 'membership', subjects: [{ membershipLevelId: level?.id }] });
    const otherName = await make({ permission: 'user', subjects: [{ userId: other.id }] });
    const otherGroup = await make({ permission: 'group', subjects: [] });
    const disabled = await make({ permission: 'none', status: false });
    const assigned = await make({ permission: 'user', subjects: [{ userId: other.id }] });
    await assign(t, me.id, [assigned], { kind: 'suggested' });

    const calls = learnerCalls(t, me.token);
    // Before the level is given: refused; after: let in.
    expect((await calls.course(byLevel)).status).toBe(403);
    await t.db
      .update((await import('../../server/db/schema/users.ts')).users)
      .set({ membershipLevelId: level?.id })
      .where(eq((await import('../../server/db/schema/users.ts')).users.id, me.id));
    for (const id of [open, byName, byGroup, byLevel, assigned]) {
      const response = await calls.course(id);
      expect(response.status, response.text).toBe(200);
      expect(response.body.message).toBe(m.courseFetched);
    }
    for (const id of [otherName, otherGroup, disabled]) {
      const refusals = [
        await calls.course(id),
        await calls.complete(id, activityIds[0] as string),
        await calls.quiz(quizId, id),
        await calls.start(quizId, id),
        await t.call('POST', lp.handIn(id, activityIds[0] as string), {
          token: me.token,
          form: new FormData(),
        }),
      ];
      for (const response of refusals) {
        expect(response.status, response.text).toBe(403);
        expect(response.body.message).toBe(m.courseOutOfScope);
      }
    }
    expect((await calls.course(randomUUID())).body).toEqual({ message: m.courseNotFound });
    expect((await calls.course(randomUUID())).status).toBe(404);
    // Nothing was recorded for the refused courses.
    expect(await t.db.select().from(courseProgress).where(eq(courseProgress.courseId, otherName))).toEqual(
      [],
    );

    const anonymous = await t.call('GET', lp.course(open));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(messages.unauthenticated);
    const anonymousComplete = await t.call('POST', lp.activityComplete(open, activityIds[0] as string), {
      body: { completionId: randomUUID() },
    });
    expect(anonymousComplete.status).toBe(401);
  });

  it('refuses an attempt of a course that left the learner’s scope since it was started', async () => {
    const me = await newLearner(t);
    const { quizId } = await newQuiz(t, {}, [{ kind: 'trueFalse', answer: true }]);
    const course = await newCourse(t, { permission: 'user', subjects: [{ userId: me.id }] });
    await setOutline(t, course, [{ quizId }]);
    const calls = learnerCalls(t, me.token);
    const attemptId = randomUUID();
    expect((await calls.start(quizId, course, attemptId)).status).toBe(200);
    await t.db
      .update((await import('../../server/db/schema/courses.ts')).courses)
      .set({ permission: 'group' })
      .where(eq((await import('../../server/db/schema/courses.ts')).courses.id, course));
    const submit = await calls.submit(quizId, attemptId, []);
    expect(submit.status).toBe(403);
    expect(submit.body.message).toBe(m.courseOutOfScope);
  });
});

describe('catalogue', () => {
  it('pages, searches by name and filters by a category with its subcategories, each course with the learner’s progress', async () => {
    const me = await newLearner(t);
    const admin = await t.login('admin@example.com', 'admin123');
    const top = (
      await t.call('POST', '/course-category', {
        token: admin,
        body: { name: `Top ${randomUUID()}`, parentId: null },
      })
    ).body.results._id;
    const sub = (
      await t.call('POST', '/course-category', {
        token: admin,
        body: { name: `Sub ${randomUUID()}`, parentId: top },
      })
    ).body.results._id;
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (const [index, categoryId] of [top, sub, sub, null].entries()) {
      ids.push(await newCourse(t, { name: `Catalogue ${tag} ${index}`, categoryId, permission: 'none' }));
    }
    await newCourse(t, { name: `Catalogue ${tag} hidden`, permission: 'user', subjects: [] });
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }, { type: 'pdfDocument' }]);
    await setOutline(t, ids[1] as string, [
      { lessonId },
      { lessonId: (await newLesson(t, [{ type: 'pdfDocument' }])).lessonId },
    ]);
    await assign(t, me.id, [ids[2] as string]);
    const calls = learnerCalls(t, me.token);
    expect((await calls.complete(ids[1] as string, activityIds[0] as string)).status).toBe(200);
    expect((await calls.complete(ids[1] as string, activityIds[1] as string)).status).toBe(200);

    const searched = await calls.catalogue(
      `?search=${encodeURIComponent(`catalogue ${tag}`)}&limit=2&page=2`,
    );
    expect(searched.status, searched.text).toBe(200);
    expect(searched.body.results).toMatchObject({ page: 2, limit: 2, total: 4, totalPages: 2 });
    expect(searched.body.results.data.map((row: { name: string }) => row.name)).toEqual([
      `Catalogue ${tag} 2`,
      `Catalogue ${tag} 3`,
    ]);
    const second = searched.body.results.data[0];
    expect(second).toMatchObject({ _id: ids[2], assigned: true, category: { _id: sub } });
    expect(second.progress).toMatchObject({ state: 'not-started', done: 0, total: 0, percent: 0 });

    const inTop = await calls.catalogue(`?category=${top}&search=${tag}`);
    expect(inTop.body.results.total).toBe(3);
    const first = inTop.body.results.data.find((row: { _id: string }) => row._id === ids[1]);
    expect(first.progress).toMatchObject({ state: 'in-progress', done: 1, total: 2, percent: 50 });
    const inSub = await calls.catalogue(`?category=${sub}&search=${tag}`);
    expect(inSub.body.results.data.map((row: { _id: string }) => row._id).sort()).toEqual(
      [ids[1], ids[2]].sort(),
    );
    const past = await calls.catalogue(`?search=${tag}&page=9`);
    expect(past.body.results).toMatchObject({ data: [], total: 4, page: 9 });
  });
});

describe('activities and completion', () => {
  it('finishes media only when watched, fileUpload only by a hand-in, others by the call; refuses activities of other courses', async () => {
    const me = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [
      { type: 'videoPlayer', videoType: 'mp4' },
      { type: 'audioPlayer' },
      { type: 'fileUpload' },
      { type: 'videoPlayer', videoType: 'youtube', url: 'https://www.youtube.com/watch?v=abc' },
    ]);
    const [mp4, audio, upload, youtube] = activityIds as [string, string, string, string];
    const course = await newCourse(t);
    await setOutline(t, course, [{ lessonId }]);
    const calls = learnerCalls(t, me.token);

    const unwatched = await calls.complete(course, mp4, { watched: 0.5 });
    expect(unwatched.status).toBe(422);
    expect(unwatched.body.errors).toEqual({ watched: m.mediaNotWatched });
    expect((await calls.complete(course, audio)).body.errors).toEqual({ watched: m.mediaNotWatched });
    const handIn = await calls.complete(course, upload);
    expect(handIn.status).toBe(422);
    expect(handIn.body.message).toBe(m.handInOnly);
    const badId = await calls.complete(course, mp4, { completionId: 'not-an-id', watched: 1 });
    expect(badId.status).toBe(422);
    expect(badId.body.errors).toEqual({ completionId: m.completionIdInvalid });

    const watched = await calls.complete(course, mp4, { watched: 0.95 });
    expect(watched.status, watched.text).toBe(200);
    expect(watched.body.message).toBe(m.activityCompleted);
    expect(watched.body.results).toMatchObject({
      activityId: mp4,
      lessonDone: false,
      courseCompleted: false,
    });
    expect(watched.body.results.progress).toMatchObject({ state: 'in-progress', done: 0, total: 1 });
    expect((await calls.complete(course, youtube)).status).toBe(200);

    const elsewhere = await newLesson(t, [{ type: 'pdfDocument' }]);
    const notInCourse = await calls.complete(course, elsewhere.activityIds[0] as string);
    expect(notInCourse.status).toBe(404);
    expect(notInCourse.body.message).toBe(m.activityNotInCourse);
    const rows = await t.db.select().from(activityCompletions).where(eq(activityCompletions.userId, me.id));
    expect(rows.map((row) => row.activityId).sort()).toEqual([mp4, youtube].sort());
  });

  it('counts a replayed completion once and answers it the same', async () => {
    const me = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }, { type: 'powerpoint' }]);
    const course = await newCourse(t);
    await setOutline(t, course, [{ lessonId }]);
    const calls = learnerCalls(t, me.token);
    const completionId = randomUUID();
    const first = await calls.complete(course, activityIds[0] as string, { completionId });
    const again = await calls.complete(course, activityIds[0] as string, { completionId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      await t.db.select().from(activityCompletions).where(eq(activityCompletions.id, completionId)),
    ).toHaveLength(1);
    // The same id for another activity is refused, not taken as a replay.
    const reused = await calls.complete(course, activityIds[1] as string, { completionId });
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toEqual({ completionId: m.completionIdInvalid });
  });

  it('completes the course once when every outline item is done, required activities deciding a lesson', async () => {
    const me = await newLearner(t);
    const withRequired = await newLesson(t, [
      { type: 'pdfDocument', required: true },
      { type: 'pdfDocument' },
    ]);
    const empty = await newLesson(t, []);
    const { quizId } = await newQuiz(t, { passMark: 100 }, [{ kind: 'trueFalse', answer: true }]);
    const course = await newCourse(t);
    await setOutline(t, course, [
      { lessonId: withRequired.lessonId },
      { lessonId: empty.lessonId },
      { quizId },
    ]);
    const calls = learnerCalls(t, me.token);

    const opened = await calls.course(course);
    expect(opened.body.results.progress).toMatchObject({
      state: 'in-progress',
      done: 1,
      total: 3,
      percent: 33,
    });
    const lesson = opened.body.results.outline[0] as PlayerLesson;
    expect(lesson).toMatchObject({ kind: 'lesson', done: false });
    expect(lesson.activities.map((activity) => activity.done)).toEqual([false, false]);
    expect(opened.body.results.outline[1]).toMatchObject({ kind: 'lesson', done: true, activities: [] });
    expect(opened.body.results.outline[2]).toMatchObject({
      kind: 'quiz',
      _id: quizId,
      done: false,
      passMark: 100,
      attemptsUsed: 0,
      questionCount: 1,
      bestScore: null,
    });

    const required = await calls.complete(course, withRequired.activityIds[0] as string);
    expect(required.body.results).toMatchObject({ lessonDone: true, courseCompleted: false });
    expect(required.body.results.progress).toMatchObject({ done: 2, total: 3, percent: 67 });

    const attemptId = randomUUID();
    await calls.start(quizId, course, attemptId);
    const graded = await calls.submit(quizId, attemptId, [
      { questionId: (await calls.quiz(quizId, course)).body.results.questions[0]._id, value: true },
    ]);
    expect(graded.body.results).toMatchObject({ passed: true, courseCompleted: true });
    expect(await completionsOf(t, me.id, course)).toHaveLength(1);

    const after = await calls.course(course);
    expect(after.body.results.progress).toMatchObject({
      state: 'completed',
      done: 3,
      total: 3,
      percent: 100,
    });
    expect(after.body.results.outline.every((item: { done: boolean }) => item.done)).toBe(true);
    // While it stands completed, nothing new is recorded.
    const more = await calls.complete(course, withRequired.activityIds[1] as string);
    expect(more.status).toBe(200);
    expect(more.body.results).toMatchObject({ lessonDone: true, courseCompleted: false });
    expect(
      await t.db
        .select()
        .from(activityCompletions)
        .where(eq(activityCompletions.activityId, withRequired.activityIds[1] as string)),
    ).toEqual([]);
    const practice = await calls.start(quizId, course);
    expect(practice.status).toBe(409);
    expect(practice.body.message).toBe(m.courseStandsCompleted);
    expect(await completionsOf(t, me.id, course)).toHaveLength(1);
  });

  it('completes every begun course holding the finished lesson', async () => {
    const me = await newLearner(t);
    const shared = await newLesson(t, [{ type: 'pdfDocument' }]);
    const a = await newCourse(t);
    const b = await newCourse(t);
    const unopened = await newCourse(t);
    for (const id of [a, b, unopened]) await setOutline(t, id, [{ lessonId: shared.lessonId }]);
    const calls = learnerCalls(t, me.token);
    await calls.course(b);
    const done = await calls.complete(a, shared.activityIds[0] as string);
    expect(done.body.results.courseCompleted).toBe(true);
    expect(await completionsOf(t, me.id, a)).toHaveLength(1);
    expect(await completionsOf(t, me.id, b)).toHaveLength(1);
    expect(await completionsOf(t, me.id, unopened)).toHaveLength(0);
  });

  it('writes one completion when two requests finish the course at once', async () => {
    const me = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }, { type: 'pdfDocument' }]);
    const course = await newCourse(t);
    await setOutline(t, course, [{ lessonId }]);
    const calls = learnerCalls(t, me.token);
    await calls.complete(course, activityIds[0] as string);
    const answers = await Promise.all([
      calls.complete(course, activityIds[1] as string),
      calls.complete(course, activityIds[1] as string),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await completionsOf(t, me.id, course)).toHaveLength(1);
  });
});

describe('rounds and expiry', () => {
  it('sets the expiry from the assignment and starts a new round once the completion expired', async () => {
    const me = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }]);
    const course = await newCourse(t, { permission: 'user', subjects: [] });
    await setOutline(t, course, [{ lessonId }]);
    await assign(t, me.id, [course], { expiryType: 'dynamic', expiryValue: 30, expiryUnit: 'days' });
    const calls = learnerCalls(t, me.token);
    const start = new Date(Date.now() + DAY);
    t.setNow(start);
    try {
      const done = await calls.complete(course, activityIds[0] as string);
      expect(done.body.results.courseCompleted).toBe(true);
      const training = await t.call('GET', courseAssignmentPaths.myTraining, { token: me.token });
      const entry = training.body.results.assigned[0].courses[0];
      expect(entry).toMatchObject({ _id: course, state: 'completed', progress: 100 });
      expect(entry.completedAt).toBe(start.toISOString());
      expect(entry.expiresAt).toBe(new Date(start.getTime() + 30 * DAY).toISOString());
      expect((await calls.restart(course)).status).toBe(409);

      t.setNow(new Date(start.getTime() + 31 * DAY));
      const expired = await calls.course(course);
      expect(expired.body.results.progress).toMatchObject({ state: 'expired', done: 0, total: 1 });
      expect(expired.body.results.outline[0].done).toBe(false);
      const again = await calls.complete(course, activityIds[0] as string);
      expect(again.body.results).toMatchObject({ courseCompleted: true });
      expect(await completionsOf(t, me.id, course)).toHaveLength(2);
    } finally {
      t.setNow();
    }
  });

  it('starts a new round after a reassign, counting only the parts done since', async () => {
    const me = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }, { type: 'pdfDocument' }]);
    const course = await newCourse(t);
    await setOutline(t, course, [{ lessonId }]);
    const assignmentId = await assign(t, me.id, [course]);
    const calls = learnerCalls(t, me.token);
    await calls.complete(course, activityIds[0] as string);
    await calls.complete(course, activityIds[1] as string);
    expect(await completionsOf(t, me.id, course)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.db
      .insert(courseAssignmentLearners)
      .values({ assignmentId, userId: me.id, startedAt: new Date() });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reassigned = await calls.course(course);
    expect(reassigned.body.results.progress).toMatchObject({ state: 'in-progress', done: 0, total: 1 });
    const half = await calls.complete(course, activityIds[0] as string);
    expect(half.body.results).toMatchObject({ lessonDone: false, courseCompleted: false });
    const whole = await calls.complete(course, activityIds[1] as string);
    expect(whole.body.results).toMatchObject({ lessonDone: true, courseCompleted: true });
    expect(await completionsOf(t, me.id, course)).toHaveLength(2);
  });

  it('lets a learner take a course no assignment gives again after restarting it', async () => {
    const me = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }]);
    const course = await newCourse(t);
    await setOutline(t, course, [{ lessonId }]);
    const calls = learnerCalls(t, me.token);
    const never = await calls.restart(course);
    expect(never.status).toBe(409);
    expect(never.body.message).toBe(m.notRestartable);
    await calls.complete(course, activityIds[0] as string);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const restarted = await calls.restart(course);
    expect(restarted.status, restarted.text).toBe(200);
    expect(restarted.body).toMatchObject({
      message: m.restarted,
      results: { done: 0, total: 1, percent: 0 },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await calls.complete(course, activityIds[0] as string);
    expect(again.body.results.courseCompleted).toBe(true);
    expect(await completionsOf(t, me.id, course)).toHaveLength(2);
  });
});

describe('my training', () => {
  it('shows each course’s progress in the current round and its quizzes in outline order', async () => {
    const me = await newLearner(t);
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }]);
    const first = await newQuiz(t, { name: 'First quiz' }, [{ kind: 'trueFalse', answer: true }]);
    const second = await newQuiz(t, { name: 'Second quiz' }, [{ kind: 'trueFalse', answer: true }]);
    const course = await newCourse(t, { name: 'Training progress course' });
    await setOutline(t, course, [
      { quizId: second.quizId },
      { lessonId },
      { quizId: first.quizId },
      { lessonId: (await newLesson(t, [{ type: 'pdfDocument' }])).lessonId },
    ]);
    await assign(t, me.id, [course]);
    await learnerCalls(t, me.token).complete(course, activityIds[0] as string);
    const training = await t.call('GET', courseAssignmentPaths.myTraining, { token: me.token });
    expect(training.status).toBe(200);
    expect(training.body.results.assigned[0].courses[0]).toMatchObject({
      _id: course,
      state: 'in-progress',
      progress: 25,
      quizzes: [
        { quizId: second.quizId, name: 'Second quiz' },
        { quizId: first.quizId, name: 'First quiz' },
      ],
    });
  });
});
