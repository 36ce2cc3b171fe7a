import { type APIRequestContext, expect, test } from '@playwright/test';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';

const run = Date.now().toString(36);

/** A course holding an enabled lesson, a disabled one and an unpublished quiz; answers its id. */
async function courseWithHiddenParts(request: APIRequestContext) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  const send = async (path: string, data?: unknown, status = 200) => {
    const response = await request.post(`${API_BASE}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(status);
    return ((await response.json()) as ApiSuccess<{ _id: string }>).results;
  };
  const shown = await send('/lesson', { name: `Shown lesson ${run}` }, 201);
  const hidden = await send('/lesson', { name: `Withdrawn lesson ${run}` }, 201);
  const draft = await send('/quiz', { name: `Draft quiz ${run}` }, 201);
  await send(`/lesson/${hidden._id}`);
  await send(`/quiz/${draft._id}`);
  const categories = await request.get(`${API_BASE}/course-category/info`, { headers });
  const [category] = ((await categories.json()) as ApiSuccess<{ data: { _id: string }[] }>).results.data;
  const course = await send(
    '/course',
    { name: `Statuses ${run}`, courseCategoryId: category?._id, permission: 'none' },
    201,
  );
  await send(`/course/lesson/${course._id}`, { lessonIds: [shown._id, hidden._id], quizIds: [draft._id] });
  return course._id;
}

test('the course outline marks a disabled lesson and an unpublished quiz, which learners do not take', async ({
  page,
  request,
}) => {
  const courseId = await courseWithHiddenParts(request);
  await openSignedIn(page, ADMIN, `/app/content-management/courses/edit/${courseId}`);
  await expect(
    page.getByText(
      'Learners take the enabled lessons and the published quizzes, checklists and packages only.',
    ),
  ).toBeVisible();
  const row = (name: string) =>
    page.getByRole('list', { name: 'Course outline' }).getByTestId('outline-item').filter({ hasText: name });
  await expect(row(`Withdrawn lesson ${run}`).getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row(`Draft quiz ${run}`).getByText('Unpublished', { exact: true })).toBeVisible();
  await expect(row(`Shown lesson ${run}`).getByText('Disabled', { exact: true })).toHaveCount(0);
});
