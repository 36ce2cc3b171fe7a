import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const run = Date.now().toString(36);

/** A course, a published checklist and an unpublished one, made through the API; answers the course's id. */
async function makeCourseAndChecklists(request: APIRequestContext) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  const created = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`${API_BASE}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as ApiSuccess<{ _id: string }>).results._id;
  };
  const categories = await request.get(`${API_BASE}/course-category?search=Safety&limit=10`, { headers });
  const category = ((await categories.json()) as ApiSuccess<{ data: { _id: string }[] }>).results.data[0];
  const courseId = await created('/course', {
    name: `Shop floor ${run}`,
    courseCategoryId: category?._id,
    permission: 'none',
  });
  const ready = await created('/checklist', { title: `Forklift sign-off ${run}` });
  await created('/checklist', { title: `Draft walkthrough ${run}` });
  const published = await request.patch(`${API_BASE}/checklist/operation`, {
    headers,
    data: { operation: 'publish', bulkId: [ready] },
  });
  expect(published.status(), await published.text()).toBe(200);
  return courseId;
}

const outlineNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Course outline' })
    .getByTestId('outline-item')
    .evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()));

test('an administrator adds checklists to a course outline on a phone, an unpublished one marked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const courseId = await makeCourseAndChecklists(request);
  await page.setViewportSize(PHONE.viewport);
  await openSignedIn(page, ADMIN, `/app/content-management/courses/edit/${courseId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Outline' })).toBeVisible({ timeout: 30_000 });

  const input = page
    .getByRole('combobox', { name: 'Add Checklists', exact: true })
    .or(page.getByRole('textbox', { name: 'Add Checklists', exact: true }))
    .first();
  for (const title of [`Forklift sign-off ${run}`, `Draft walkthrough ${run}`]) {
    await input.click();
    await input.fill(title);
    await page.getByRole('option', { name: title }).click();
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Add to Outline' }).click();
  await expect
    .poll(() => outlineNames(page), { timeout: 30_000 })
    .toEqual([`1. Forklift sign-off ${run}Checklist`, `2. Draft walkthrough ${run}ChecklistUnpublished`]);
  await expect(
    page.getByRole('button', { name: `Move up checklist Draft walkthrough ${run}` }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Held by the server: the outline reads the same after a reload.
  await page.reload();
  await expect
    .poll(() => outlineNames(page), { timeout: 30_000 })
    .toEqual([`1. Forklift sign-off ${run}Checklist`, `2. Draft walkthrough ${run}ChecklistUnpublished`]);
});
