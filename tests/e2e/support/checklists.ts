// Fixtures of the checklist end-to-end tests, made through the API as the administrator would.
import { type APIRequestContext, expect } from '@playwright/test';
import { checklistRecordPaths, type LearnerChecklist } from '../../../contract/checklists/records.ts';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import type { LoginResult } from '../../../contract/session.ts';
import { ADMIN } from './actions.ts';

type Created = { _id: string };

/** An API session of one user, failing the test on any answer but the one expected. */
export async function apiAs(request: APIRequestContext, credentials: { email: string; password: string }) {
  const login = await request.post('/api/v1/login', { data: credentials });
  expect(login.status(), `signing in as ${credentials.email}`).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error(`${credentials.email} must not need a password reset`);
  const headers = { Authorization: `Bearer ${results.token}` };
  const check = async <T>(
    response: Awaited<ReturnType<APIRequestContext['get']>>,
    path: string,
    status: number,
  ) => {
    expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  return {
    post: async <T>(path: string, data: unknown, status = 201) =>
      check<T>(await request.post(`/api/v1${path}`, { headers, data }), path, status),
    put: async <T>(path: string, data: unknown, status = 200) =>
      check<T>(await request.put(`/api/v1${path}`, { headers, data }), path, status),
    patch: async <T>(path: string, data: unknown, status = 200) =>
      check<T>(await request.patch(`/api/v1${path}`, { headers, data }), path, status),
    get: async <T>(path: string, status = 200) =>
      check<T>(await request.get(`/api/v1${path}`, { headers }), path, status),
  };
}

export type ChecklistItemSpec = { title: string; type: ChecklistActivityType; instructions?: string };

export type ChecklistSetup = {
  checklistId: string;
  checklistTitle: string;
  courseId: string;
  courseName: string;
  itemIds: string[];
};

/**
 * As the administrator: a published checklist of `items` (all required) in the outline of a new
 * course assigned to the learner (or learners), with `observerIds` named its observers.
 */
export async function assignedChecklist(
  request: APIRequestContext,
  run: string,
  learnerIds: string | string[],
  items: ChecklistItemSpec[],
  observerIds: string[] = [],
): Promise<ChecklistSetup> {
  const admin = await apiAs(request, ADMIN);
  const checklistTitle = `Forklift induction ${run}`;
  const { _id: checklistId } = await admin.post<Created>('/checklist', {
    title: checklistTitle,
    description: 'Shown the forklift on the shop floor.',
  });
  const itemIds: string[] = [];
  for (const item of items) {
    const created = await admin.post<Created>('/checklist/activity', {
      checklistId,
      title: item.title,
      type: item.type,
      instructions: item.instructions ?? '',
      required: true,
    });
    itemIds.push(created._id);
  }
  await admin.patch('/checklist/operation', { operation: 'publish', bulkId: [checklistId] });
  if (observerIds.length > 0)
    await admin.put(checklistRecordPaths.observers(checklistId), { userIds: observerIds });
  const categories = await admin.get<Paged<Created>>('/course-category/info?limit=10');
  const courseCategoryId = categories.data[0]?._id;
  if (!courseCategoryId) throw new Error('The seed has course categories');
  const courseName = `Forklift course ${run}`;
  const { _id: courseId } = await admin.post<Created>('/course', {
    name: courseName,
    courseCategoryId,
    permission: 'none',
  });
  await admin.post(`/course/lesson/${courseId}`, { checklistIds: [checklistId] }, 200);
  await admin.post('/course-assignment', {
    title: `Forklift training ${run}`,
    kind: 'assigned',
    courseIds: [courseId],
    assigneeKind: 'users',
    assigneeIds: [learnerIds].flat(),
  });
  return { checklistId, checklistTitle, courseId, courseName, itemIds };
}

/** The learner's checklist as the server holds it, read as the learner. */
export async function checklistOnServer(
  request: APIRequestContext,
  learner: { email: string; password: string },
  checklistId: string,
): Promise<LearnerChecklist> {
  const api = await apiAs(request, learner);
  return api.get<LearnerChecklist>(checklistRecordPaths.myChecklist(checklistId));
}

/** A small PNG (one pixel), as a photo taken on the phone. */
export const PHOTO = {
  name: 'fire-point.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};
