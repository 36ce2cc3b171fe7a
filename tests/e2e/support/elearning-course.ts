import { type APIRequestContext, expect } from '@playwright/test';
import type { ElearningDetail } from '../../../contract/elearning/resource.ts';
import { elearningLearnerPaths, type PlayerPackage } from '../../../contract/elearning/tracking.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { learningPaths, type PlayerCourse } from '../../../contract/learning/resource.ts';
import type { LoginResult } from '../../../contract/session.ts';
import { ADMIN } from './actions.ts';

type Credentials = { email: string; password: string };
type Created = { _id: string };

/** Calls the API as `credentials`, each answer checked for the status it must have. */
export async function apiAs(request: APIRequestContext, credentials: Credentials) {
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

export type PackageCourse = { courseId: string; courseName: string; packageId: string; packageTitle: string };

/**
 * As the administrator: an e-learning package uploaded from `zip`, alone in the outline of a new
 * course assigned to `learnerIds`.
 */
export async function packageCourse(
  request: APIRequestContext,
  run: string,
  zip: Buffer,
  learnerIds: string[],
  { completionRule = 'reported' }: { completionRule?: 'reported' | 'launch' | 'exit' } = {},
): Promise<PackageCourse> {
  const admin = await apiAs(request, ADMIN);
  const packageTitle = `Ladder safety ${run}`;
  const pkg = await admin.multipart<ElearningDetail>('/elearning-package', {
    title: packageTitle,
    completionRule,
    file: { name: `ladder-safety-${run}.zip`, mimeType: 'application/zip', buffer: zip },
  });
  const courseName = `Working at height ${run}`;
  const categories = await admin.get<Paged<Created>>('/course-category/info?limit=10');
  const courseCategoryId = categories.data[0]?._id;
  if (!courseCategoryId) throw new Error('The seed has course categories');
  const { _id: courseId } = await admin.post<Created>('/course', {
    name: courseName,
    courseCategoryId,
    permission: 'none',
  });
  await admin.post(`/course/lesson/${courseId}`, { elearningPackageIds: [pkg._id] }, 200);
  if (learnerIds.length > 0)
    await admin.post('/course-assignment', {
      title: `Working at height training ${run}`,
      kind: 'assigned',
      courseIds: [courseId],
      assigneeKind: 'users',
      assigneeIds: learnerIds,
    });
  return { courseId, courseName, packageId: pkg._id, packageTitle };
}

/** What the server holds of the learner's package and course, read as the learner. */
export async function learnerPackage(request: APIRequestContext, learner: Credentials, setup: PackageCourse) {
  const api = await apiAs(request, learner);
  const pkg = await api.get<PlayerPackage>(
    `${elearningLearnerPaths.launch(setup.packageId)}?course=${setup.courseId}`,
  );
  const course = await api.get<PlayerCourse>(learningPaths.course(setup.courseId));
  return { pkg, course };
}
