import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { type LearnerQuiz, learningPaths, type PlayerCourse } from '../../../contract/learning/resource.ts';
import type { LoginResult } from '../../../contract/session.ts';
import { ADMIN } from './actions.ts';
import { tinyPdf } from './lesson-files.ts';
import { leadApi, seedTeams } from './outbox.ts';

/** A four-second mp4 of the demo seed: real media the browser plays to its end. */
const VIDEO = readFileSync(new URL('../../../server/db/seed-files/fire-drill.mp4', import.meta.url));

type Created = { _id: string };

async function sessionOf(request: APIRequestContext, credentials: { email: string; password: string }) {
  const login = await request.post('/api/v1/login', { data: credentials });
  expect(login.status(), `signing in as ${credentials.email}`).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error(`${credentials.email} must not need a password reset`);
  const headers = { Authorization: `Bearer ${results.token}` };
  return {
    async post<T>(path: string, data: unknown, status = 201) {
      const response = await request.post(`/api/v1${path}`, { headers, data });
      expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
      return ((await response.json()) as ApiSuccess<T>).results;
    },
    async multipart<T>(
      path: string,
      multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
    ) {
      const response = await request.post(`/api/v1${path}`, { headers, multipart });
      expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
      return ((await response.json()) as ApiSuccess<T>).results;
    },
    async get<T>(path: string) {
      const response = await request.get(`/api/v1${path}`, { headers });
      expect(response.status(), path).toBe(200);
      return ((await response.json()) as ApiSuccess<T>).results;
    },
  };
}

export type Learner = { _id: string; email: string; password: string; name: string };

/** A new member of the lead's Growth Team who can sign in. */
export async function newLearner(
  request: APIRequestContext,
  run: string,
): Promise<Learner & { teamId: string }> {
  const lead = await leadApi(request);
  const { growth } = await seedTeams(lead);
  const learner = {
    email: `learner.${run}@example.com`,
    password: 'learner12',
    firstName: 'Lena',
    lastName: `Player${run}`,
  };
  const created = await lead.postMultipart('/user-portal/add-user', {
    ...learner,
    confirmPassword: learner.password,
    teamId: growth._id,
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as ApiSuccess<{ _id: string }>;
  return {
    _id: body.results._id,
    email: learner.email,
    password: learner.password,
    name: `${learner.firstName} ${learner.lastName}`,
    teamId: growth._id,
  };
}

export type CourseSetup = {
  courseId: string;
  courseName: string;
  lessonName: string;
  quizId: string;
  quizName: string;
};

/**
 * As the administrator: a course of one lesson (a required mp4 video and a required two-page PDF,
 * or only the PDF, or a file to hand in and the PDF) and one quiz of two questions (pass mark 100, three attempts),
 * assigned to `learnerId`.
 */
export async function assignedCourse(
  request: APIRequestContext,
  run: string,
  learnerId: string,
  lesson: 'video-and-pdf' | 'document' | 'hand-in' = 'video-and-pdf',
): Promise<CourseSetup> {
  const admin = await sessionOf(request, ADMIN);
  const lessonName = `Evacuation basics ${run}`;
  const { _id: lessonId } = await admin.post<Created>('/lesson', { name: lessonName });
  const add = (parts: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) =>
    admin.multipart<Created>('/lesson/activity', { lessonId, required: 'true', ...parts });
  if (lesson === 'video-and-pdf') {
    await add({
      title: 'Fire drill video',
      activityType: 'videoPlayer',
      videoType: 'mp4',
      contentFile: { name: 'fire-drill.mp4', mimeType: 'video/mp4', buffer: VIDEO },
    });
  }
  if (lesson === 'hand-in') {
    await add({ title: 'Your evacuation plan', activityType: 'fileUpload' });
  }
  await add({
    title: 'Evacuation guide',
    activityType: 'pdfDocument',
    contentFile: { name: 'evacuation-guide.pdf', mimeType: 'application/pdf', buffer: tinyPdf(2) },
  });
  const quizName = `Evacuation check ${run}`;
  const { _id: quizId } = await admin.post<Created>('/quiz', {
    name: quizName,
    passMark: 100,
    attemptsAllowed: 3,
  });
  await admin.post('/quiz/question', {
    quizId,
    kind: 'singleChoice',
    text: 'Where do you gather?',
    options: [
      { text: 'At the assembly point', correct: true },
      { text: 'In the car park', correct: false },
    ],
  });
  await admin.post('/quiz/question', {
    quizId,
    kind: 'trueFalse',
    text: 'Lifts are safe in a fire.',
    answer: false,
  });
  const courseName = `Fire safety ${run}`;
  const categories = await admin.get<Paged<Created>>('/course-category/info?limit=10');
  const courseCategoryId = categories.data[0]?._id;
  if (!courseCategoryId) throw new Error('The seed has course categories');
  const { _id: courseId } = await admin.post<Created>('/course', {
    name: courseName,
    courseCategoryId,
    permission: 'none',
  });
  await admin.post(`/course/lesson/${courseId}`, { lessonIds: [lessonId], quizIds: [quizId] }, 200);
  await admin.post('/course-assignment', {
    title: `Fire safety training ${run}`,
    kind: 'assigned',
    courseIds: [courseId],
    assigneeKind: 'users',
    assigneeIds: [learnerId],
  });
  return { courseId, courseName, lessonName, quizId, quizName };
}

/** What the server holds of a learner's course and quiz, read as the learner. */
export async function learnerRecords(request: APIRequestContext, learner: Learner, setup: CourseSetup) {
  const api = await sessionOf(request, learner);
  const course = await api.get<PlayerCourse>(learningPaths.course(setup.courseId));
  const quiz = await api.get<LearnerQuiz>(`${learningPaths.quiz(setup.quizId)}?course=${setup.courseId}`);
  return { course, quiz };
}
