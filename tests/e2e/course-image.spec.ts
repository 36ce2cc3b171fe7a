import { expect, type Locator, test } from '@playwright/test';
import type { CourseDetail } from '../../contract/courses/resource.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

// An administrator gives a course an image in its form; the catalogue's card and the player show
// it, a later save of the form keeps it, and removing it in the form takes it away.

const run = Date.now().toString(36);

/** A 2×2 PNG, red. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

/** An image that the browser has loaded and can show. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
}

test('an administrator adds a course image, which the catalogue and the player show and a later save keeps', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE.viewport);
  const name = `Pictured ${run}`;
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  const category = await request.post(`${API_BASE}/course-category`, {
    headers,
    data: { name: `Pictures ${run}` },
  });
  const categoryId = ((await category.json()) as ApiSuccess<{ _id: string }>).results._id;
  const created = await request.post(`${API_BASE}/course`, {
    headers,
    data: { name, courseCategoryId: categoryId, permission: 'none' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = ((await created.json()) as ApiSuccess<CourseDetail>).results;
  const edit = `/app/content-management/courses/edit/${course._id}`;
  const stored = async () =>
    (
      (await (
        await request.get(`${API_BASE}/course/${course._id}`, { headers })
      ).json()) as ApiSuccess<CourseDetail>
    ).results.imageUrl;

  await openSignedIn(page, ADMIN, edit);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible({ timeout: 20_000 });
  const picker = page.getByRole('group', { name: 'Course Image' });
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Change Image' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expectLoaded(picker.getByRole('img', { name: 'Course Image preview' }));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(stored, { timeout: 20_000 }).toMatch(/course-images\/.+\.png/);

  // A later save of the form, the image untouched, keeps it; the form previews the stored one.
  await page.goto(edit);
  await expectLoaded(picker.getByRole('img', { name: 'Course Image preview' }));
  await page.getByRole('textbox', { name: 'Course Name', exact: true }).fill(`${name} again`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible({ timeout: 20_000 });
  expect(await stored()).toMatch(/course-images\/.+\.png/);

  await page.goto(`/user-portal/learning-process/training?search=${encodeURIComponent(`${name} again`)}`);
  const card = page.getByRole('article', { name: `${name} again` });
  await expectLoaded(card.locator('img'));
  await expectNoSidewaysScroll(page);
  await card.getByRole('link', { name: `Open course ${name} again` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} again` })).toBeVisible({
    timeout: 20_000,
  });
  await expectLoaded(page.getByRole('main').locator('img[src*="course-images"]').first());

  // Removed in the form, it is gone from the course.
  await page.goto(edit);
  await picker.getByRole('button', { name: 'Remove Image' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(stored, { timeout: 20_000 }).toBeNull();
});
