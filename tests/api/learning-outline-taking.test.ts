import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAssignmentPaths } from '../../contract/course-assignments/resource.ts';
import { learningPaths as lp, learningMessages as m } from '../../contract/learning/resource.ts';
import { activityCompletions, quizAttempts } from '../../server/db/schema/learning.ts';
import { lessons } from '../../server/db/schema/lessons.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  assign,
  learnerCalls,
  newCourse,
  newLearner,
  newLesson,
  newQuiz,
  setOutline,
} from './learning-fixtures.ts';

// A disabled lesson or an unpublished quiz cannot be taken (docs/decisions/016-what-a-learner-takes.md):
// the routes answer as for a part the course does not hold, and record nothing.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('taking a hidden part', () => {
  it('refuses a disabled lesson’s activities and an unpublished quiz with 404, recording nothing', async () => {
    const { lessonId, activityIds } = await newLesson(t, [{ type: 'pdfDocument' }, { type: 'fileUpload' }]);
    await t.db.update(lessons).set({ status: false }).where(eq(lessons.id, lessonId));
    const { quizId } = await newQuiz(t, { status: false }, [{ kind: 'trueFalse', answer: true }]);
    const courseId = await newCourse(t, { permission: 'none' });
    await setOutline(t, courseId, [{ lessonId }, { quizId }]);
    const me = await newLearner(t);
    const calls = learnerCalls(t, me.token);
    const [read, upload] = activityIds as [string, string];

    const form = new FormData();
    form.set('completionId', crypto.randomUUID());
    form.set('file', new File(['my answer'], 'answer.txt', { type: 'text/plain' }));
    const activityRefusals = [
      await calls.complete(courseId, read),
      await t.call('POST', lp.handIn(courseId, upload), { token: me.token, form }),
    ];
    for (const response of activityRefusals) {
      expect(response.status, response.text).toBe(404);
      expect(response.body.message).toBe(m.activityNotInCourse);
    }
    for (const response of [await calls.quiz(quizId, courseId), await calls.start(quizId, courseId)]) {
      expect(response.status, response.text).toBe(404);
      expect(response.body.message).toBe(m.quizNotInCourse);
    }
    expect(
      await t.db.select().from(activityCompletions).where(eq(activityCompletions.userId, me.id)),
    ).toEqual([]);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, me.id))).toEqual([]);
  });

  it('lists only the published quizzes of an assigned course on My Training', async () => {
    const published = await newQuiz(t, { status: true }, [{ kind: 'trueFalse', answer: true }]);
    const unpublished = await newQuiz(t, { status: false }, [{ kind: 'trueFalse', answer: true }]);
    const courseId = await newCourse(t, { permission: 'user', subjects: [] });
    await setOutline(t, courseId, [{ quizId: unpublished.quizId }, { quizId: published.quizId }]);
    const me = await newLearner(t);
    await assign(t, me.id, [courseId]);
    const training = await t.call('GET', courseAssignmentPaths.myTraining, { token: me.token });
    expect(training.status, training.text).toBe(200);
    const [course] = training.body.results.assigned[0].courses;
    expect(course.quizzes.map((quiz: { quizId: string }) => quiz.quizId)).toEqual([published.quizId]);
  });
});
