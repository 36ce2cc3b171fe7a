import { type APIRequestContext, expect } from '@playwright/test';
import type { ChecklistSummary, LearnerChecklist } from '../../../contract/checklists/records.ts';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import type { LoginResult } from '../../../contract/session.ts';
import { ADMIN, LEAD } from './actions.ts';

type Credentials = { email: string; password: string };
type Created = { _id: string };

/** The API as one user; each answer's status is checked and its results returned. */
export async function sessionApi(request: APIRequestContext, user: Credentials) {
  const login = await request.post('/api/v1/login', { data: user });
  expect(login.status(), `signing in as ${user.email}`).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error(`${user.email} must not need a password reset`);
  const headers = { Authorization: `Bearer ${results.token}` };
  const checked = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) => {
    expect(response.status(), await response.text()).toBe(status);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  return {
    get: async <T>(path: string) => checked<T>(await request.get(`/api/v1${path}`, { headers }), 200),
    post: async <T>(path: string, data: unknown, status = 201) =>
      checked<T>(await request.post(`/api/v1${path}`, { headers, data }), status),
    patch: async <T>(path: string, data: unknown, status = 200) =>
      checked<T>(await request.patch(`/api/v1${path}`, { headers, data }), status),
  };
}

export type ChecklistActivitySpec = { title: string; type: ChecklistActivityType; required?: boolean };

export type ChecklistCourse = {
  checklistId: string;
  checklistTitle: string;
  courseId: string;
  courseName: string;
  activityIds: Record<string, string>;
};

/**
 * As the administrator: a published checklist of `activities`, the only part of a new course's
 * outline, and that course assigned to the learners.
 */
export async function checklistCourse(
  request: APIRequestContext,
  run: string,
  activities: ChecklistActivitySpec[],
  learnerIds: string[],
): Promise<ChecklistCourse> {
  const admin = await sessionApi(request, ADMIN);
  const checklistTitle = `Forklift induction ${run}`;
  const { _id: checklistId } = await admin.post<Created>('/checklist', {
    title: checklistTitle,
    description: 'On the shop floor, with the lead watching.',
  });
  const activityIds: Record<string, string> = {};
  for (const activity of activities) {
    const created = await admin.post<Created>('/checklist/activity', {
      checklistId,
      title: activity.title,
      type: activity.type,
      required: activity.required ?? true,
    });
    activityIds[activity.title] = created._id;
  }
  await admin.patch('/checklist/operation', { operation: 'publish', bulkId: [checklistId] });
  const categories = await admin.get<Paged<Created>>('/course-category/info?limit=10');
  const courseCategoryId = categories.data[0]?._id;
  if (!courseCategoryId) throw new Error('The seed has course categories');
  const courseName = `Forklift licence ${run}`;
  const { _id: courseId } = await admin.post<Created>('/course', {
    name: courseName,
    courseCategoryId,
    permission: 'none',
  });
  await admin.post(`/course/lesson/${courseId}`, { checklistIds: [checklistId] }, 200);
  await admin.post('/course-assignment', {
    title: `Forklift licence training ${run}`,
    kind: 'assigned',
    courseIds: [courseId],
    assigneeKind: 'users',
    assigneeIds: learnerIds,
  });
  return { checklistId, checklistTitle, courseId, courseName, activityIds };
}

/** A member's checklist as their lead reads it through the API. */
export async function leadChecklist(
  request: APIRequestContext,
  teamId: string,
  memberId: string,
  checklistId: string,
) {
  const lead = await sessionApi(request, LEAD);
  return lead.get<LearnerChecklist>(`/team/${teamId}/member/${memberId}/checklist/${checklistId}`);
}

/** A member's checklists with their figures, as their lead reads them. */
export async function leadChecklists(request: APIRequestContext, teamId: string, memberId: string) {
  const lead = await sessionApi(request, LEAD);
  return lead.get<ChecklistSummary[]>(`/team/${teamId}/member/${memberId}/checklist`);
}

/** A small PNG: what a phone's camera hands the page, as far as the app can tell. */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}
