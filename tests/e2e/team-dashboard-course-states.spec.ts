import { type APIRequestContext, expect, test } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { learningPaths } from '../../contract/learning/resource.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { newLearner } from './support/learning.ts';
import { tinyPdf } from './support/lesson-files.ts';
import { PHONE } from './support/responsive.ts';

test.use(PHONE);

type FilePart = { name: string; mimeType: string; buffer: Buffer };

const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function signedIn(request: APIRequestContext, credentials: { email: string; password: string }) {
  const login = await request.post('/api/v1/login', { data: credentials });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<{ token: string }>;
  const headers = { Authorization: `Bearer ${results.token}` };
  const check = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) => {
    expect(response.status(), await response.text()).toBe(status);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  return {
    get: async <T>(path: string) => check<T>(await request.get(`/api/v1${path}`, { headers }), 200),
    post: async <T>(path: string, data: unknown, status = 201) =>
      check<T>(await request.post(`/api/v1${path}`, { headers, data }), status),
    multipart: async <T>(path: string, multipart: Record<string, string | FilePart>) =>
      check<T>(await request.post(`/api/v1${path}`, { headers, multipart }), 201),
  };
}

type Created = { _id: string };

/**
 * As the administrator: three courses of one lesson each, assigned to the learner in one training.
 * The first's lesson has no activities, so opening it completes it; the second's holds a PDF to read.
 */
async function threeCourses(request: APIRequestContext, id: string, learnerId: string) {
  const admin = await signedIn(request, ADMIN);
  const categories = await admin.get<Paged<Created>>('/course-category/info?limit=10');
  const courseCategoryId = categories.data[0]?._id as string;
  const names = [`Card ${id} 1 done`, `Card ${id} 2 begun`, `Card ${id} 3 untouched`];
  const ids: string[] = [];
  for (const [index, name] of names.entries()) {
    const lesson = await admin.post<Created>('/lesson', { name: `${name} lesson` });
    if (index > 0) {
      await admin.multipart('/lesson/activity', {
        lessonId: lesson._id,
        required: 'true',
        title: 'Guide',
        activityType: 'pdfDocument',
        contentFile: { name: 'guide.pdf', mimeType: 'application/pdf', buffer: tinyPdf(2) },
      });
    }
    const course = await admin.post<Created>('/course', { name, courseCategoryId, permission: 'none' });
    await admin.post(`/course/lesson/${course._id}`, { lessonIds: [lesson._id], quizIds: [] }, 200);
    ids.push(course._id);
  }
  await admin.post('/course-assignment', {
    title: `Card training ${id}`,
    kind: 'assigned',
    courseIds: ids,
    assigneeKind: 'users',
    assigneeIds: [learnerId],
  });
  return { names, ids };
}

test('a lead taps a member’s course bar for the courses and their states, and reads them on the Transcript, latest first', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const { names, ids } = await threeCourses(request, id, learner._id);
  const [done, begun, untouched] = names as [string, string, string];
  // The learner opens the first two: the first completes, the second is begun.
  const asLearner = await signedIn(request, learner);
  await asLearner.get(learningPaths.course(ids[0] as string));
  await asLearner.get(learningPaths.course(ids[1] as string));

  await openSignedIn(
    page,
    LEAD,
    `/user-portal/team-dashboard?team=${learner.teamId}&memberSearch=${encodeURIComponent(learner.email)}`,
  );
  const card = page.getByRole('article', { name: learner.name });
  await card.getByRole('button', { name: /^Course Progress \d+\/\d+$/ }).tap();
  const courses = page.getByRole('dialog', { name: `Courses of ${learner.name}` });
  const course = (name: string) => courses.getByRole('listitem').filter({ hasText: name });
  await expect(course(done)).toContainText('Completed');
  await expect(course(begun)).toContainText('In progress');
  await expect(course(untouched)).toContainText('Not started');
  await page.keyboard.press('Escape');
  await expect(courses).toHaveCount(0);

  await card.getByRole('button', { name: 'Transcript', exact: true }).tap();
  const transcript = page.getByRole('dialog').getByRole('table', { name: 'Transcript' });
  await expect(transcript.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  const rows = transcript.getByRole('row');
  // Latest first: the course just completed, then the training just assigned (title order).
  await expect(rows.nth(1)).toContainText(done);
  await expect(rows.nth(1)).toContainText('Completed');
  await expect(rows.nth(2)).toContainText(begun);
  await expect(rows.nth(2)).toContainText('In progress');
  await expect(rows.nth(3)).toContainText(untouched);
  await expect(rows.nth(3)).toContainText('Not started');
});
