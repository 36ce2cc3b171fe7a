import { type APIRequestContext, expect } from '@playwright/test';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type AttemptResult,
  learningPaths,
  type PlayerCourse,
  type QuizAttempt,
} from '../../../contract/learning/resource.ts';
import type { LoginResult } from '../../../contract/session.ts';
import type { CourseSetup, Learner } from './learning.ts';

/**
 * As the learner on another device, online: every activity of the course finished and its quiz
 * passed, so the course stands completed on the server before this device's work reaches it.
 */
export async function finishElsewhere(request: APIRequestContext, learner: Learner, setup: CourseSetup) {
  const login = await request.post('/api/v1/login', { data: learner });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The learner must not need a password reset');
  const headers = { Authorization: `Bearer ${results.token}` };
  const post = async <T>(path: string, data: unknown) => {
    const response = await request.post(`/api/v1${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return ((await response.json()) as ApiSuccess<T>).results;
  };

  const read = await request.get(`/api/v1${learningPaths.course(setup.courseId)}`, { headers });
  const course = ((await read.json()) as ApiSuccess<PlayerCourse>).results;
  for (const item of course.outline) {
    if (item.kind !== 'lesson') continue;
    for (const activity of item.activities)
      await post(learningPaths.activityComplete(setup.courseId, activity._id), {
        completionId: crypto.randomUUID(),
      });
  }
  const attemptId = crypto.randomUUID();
  const attempt = await post<QuizAttempt>(learningPaths.quizAttempt(setup.quizId), {
    attemptId,
    courseId: setup.courseId,
  });
  // The two questions of assignedCourse's quiz, answered right.
  const answers = attempt.questions.map((question) =>
    question.kind === 'trueFalse'
      ? { questionId: question._id, value: false }
      : { questionId: question._id, choices: [question.options.indexOf('At the assembly point')] },
  );
  const graded = await post<AttemptResult>(learningPaths.quizSubmit(setup.quizId, attemptId), { answers });
  expect(graded.passed).toBe(true);
  expect(graded.courseCompleted).toBe(true);
}
