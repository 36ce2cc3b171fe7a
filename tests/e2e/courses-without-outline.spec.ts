import { expect, type Page, test } from '@playwright/test';
import {
  NOTHING_TO_TAKE_LABEL,
  NOTHING_TO_TAKE_WARNING,
} from '../../contract/course-assignments/resource.ts';
import type { CourseDetail } from '../../contract/courses/resource.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const run = Date.now().toString(36);

/** A select's input, however the select names its role. */
const field = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .or(page.getByRole('textbox', { name, exact: true }))
    .first();

for (const size of ['desktop', 'phone'] as const) {
  test(`a course with nothing in its outline says so on its screen and where it is assigned (${size})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    if (size === 'phone') await page.setViewportSize(PHONE.viewport);
    const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
    const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
    const headers = { Authorization: `Bearer ${token}` };
    const category = await request.post(`${API_BASE}/course-category`, {
      headers,
      data: { name: `Empty outlines ${size} ${run}` },
    });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = ((await category.json()) as ApiSuccess<{ _id: string }>).results._id;
    const name = `Hollow ${size} ${run}`;
    const created = await request.post(`${API_BASE}/course`, {
      headers,
      data: { name, courseCategoryId: categoryId, permission: 'none' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const course = ((await created.json()) as ApiSuccess<CourseDetail>).results;

    await openSignedIn(page, ADMIN, `/app/content-management/courses/edit/${course._id}`);
    const notice = page.getByRole('status').filter({ hasText: NOTHING_TO_TAKE_LABEL });
    await expect(notice).toContainText('learners given this course cannot complete it');
    await expectNoSidewaysScroll(page);

    await page.goto('/app/content-management/assignments/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Assignment' })).toBeVisible();
    await expect(page.getByText(NOTHING_TO_TAKE_WARNING)).toHaveCount(0);
    const courses = field(page, 'Courses');
    await courses.click();
    await courses.fill(name);
    await page.getByRole('option', { name: `${name} (${NOTHING_TO_TAKE_LABEL})`, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText(NOTHING_TO_TAKE_WARNING)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}

test('a course with an external link and nothing in its outline is taken at its link: its screen says so and the picker offers it plainly', async ({
  page,
  request,
}) => {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  const category = await request.post(`${API_BASE}/course-category`, {
    headers,
    data: { name: `Linked outlines ${run}` },
  });
  const categoryId = ((await category.json()) as ApiSuccess<{ _id: string }>).results._id;
  const name = `Linked ${run}`;
  const created = await request.post(`${API_BASE}/course`, {
    headers,
    data: {
      name,
      courseCategoryId: categoryId,
      permission: 'none',
      externalLink: 'https://learn.example.org/linked',
      externalTitle: 'Linked course',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = ((await created.json()) as ApiSuccess<CourseDetail>).results;

  await openSignedIn(page, ADMIN, `/app/content-management/courses/edit/${course._id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Taken at its external link' })).toContainText(
    "learners open the course's external link and mark the course as done",
  );
  await expect(page.getByRole('status').filter({ hasText: NOTHING_TO_TAKE_LABEL })).toHaveCount(0);

  await page.goto('/app/content-management/assignments/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Assignment' })).toBeVisible();
  const courses = field(page, 'Courses');
  await courses.click();
  await courses.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(NOTHING_TO_TAKE_WARNING)).toHaveCount(0);
});
