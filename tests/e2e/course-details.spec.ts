import { expect, test } from '@playwright/test';
import type { CourseDetail } from '../../contract/courses/resource.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const run = Date.now().toString(36);

for (const size of ['desktop', 'phone'] as const) {
  test(`an administrator writes a course's description and duration, which the form keeps and the catalogue shows (${size})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    if (size === 'phone') await page.setViewportSize(PHONE.viewport);
    const name = `Described ${size} ${run}`;
    const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
    const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
    const headers = { Authorization: `Bearer ${token}` };
    const category = await request.post(`${API_BASE}/course-category`, {
      headers,
      data: { name: `Details ${size} ${run}` },
    });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = ((await category.json()) as ApiSuccess<{ _id: string }>).results._id;
    const created = await request.post(`${API_BASE}/course`, {
      headers,
      data: { name, courseCategoryId: categoryId, permission: 'none' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const course = ((await created.json()) as ApiSuccess<CourseDetail>).results;
    const edit = `/app/content-management/courses/edit/${course._id}`;

    await openSignedIn(page, ADMIN, edit);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('<p>Learn the <b>exits</b> first.<script>alert(1)</script></p>');
    await page.getByRole('textbox', { name: 'Estimated Duration (minutes)' }).fill('90');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();

    // Reopened, the form shows what was kept: the formatting, not the script.
    await page.goto(edit);
    await expect(description).toHaveValue('<p>Learn the <b>exits</b> first.</p>');
    await expect(page.getByRole('textbox', { name: 'Estimated Duration (minutes)' })).toHaveValue('90');

    // Saving again without touching them keeps them.
    await page.getByRole('textbox', { name: 'Course Name', exact: true }).fill(`${name} again`);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();

    await page.goto(`/user-portal/learning-process/training?search=${encodeURIComponent(`${name} again`)}`);
    const card = page.getByRole('article', { name: `${name} again` });
    await expect(card.getByText('Learn the exits first.')).toBeVisible();
    await expect(card.locator('b', { hasText: 'exits' })).toBeVisible();
    await expect(card.getByText('Estimated duration: 1 h 30 min')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}
