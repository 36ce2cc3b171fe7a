import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const LIST = '/app/content-management/courses';
const run = Date.now().toString(36);

/** Lessons and a quiz made through the API, for the outline to take. */
async function makeContent(request: APIRequestContext) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  const create = async (path: string, name: string) => {
    const response = await request.post(`${API_BASE}${path}`, { headers, data: { name } });
    expect(response.status(), await response.text()).toBe(201);
  };
  await create('/lesson', `Alpha lesson ${run}`);
  await create('/lesson', `Beta lesson ${run}`);
  await create('/quiz', `Gamma quiz ${run}`);
}

/** The outline's names, in order as shown. */
const outlineNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Course outline' })
    .getByTestId('outline-item')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));

/** A select's input, however the select names its role. */
const field = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .or(page.getByRole('textbox', { name, exact: true }))
    .first();

async function pick(page: Page, label: string, option: string) {
  const input = field(page, label);
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

test('an administrator builds a course with a category, a permission and an outline, then copies and disables it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await makeContent(request);
  await openSignedIn(page, ADMIN, `${LIST}/add`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Course' })).toBeVisible();

  // The spec's messages first.
  await page.getByRole('textbox', { name: 'External Link Title', exact: true }).fill('Handbook');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Course Name is required.')).toBeVisible();
  await expect(page.getByText('Course Category is required.')).toBeVisible();
  await expect(page.getByText('External link is required.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Course Name' }).fill(`Induction ${run}`);
  await page
    .getByRole('textbox', { name: 'External Link', exact: true })
    .fill('https://example.com/handbook');
  const category = field(page, 'Course Category');
  await category.click();
  await category.fill('Forklifts');
  await page.getByRole('option', { name: 'Safety / Forklifts' }).click();
  await field(page, 'Permission').click();
  await page.getByRole('option', { name: 'User groups' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Select at least one user group.')).toBeVisible();
  const groups = field(page, 'User Groups');
  await groups.click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();

  // A new course opens on its edit screen, where the outline is built.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Outline' })).toBeVisible();
  await pick(page, 'Add Lessons', `Alpha lesson ${run}`);
  await pick(page, 'Add Lessons', `Beta lesson ${run}`);
  await pick(page, 'Add Quizzes', `Gamma quiz ${run}`);
  await page.getByRole('button', { name: 'Add to Outline' }).click();
  await expect
    .poll(() => outlineNames(page))
    .toEqual([
      expect.stringContaining(`Alpha lesson ${run}`),
      expect.stringContaining(`Beta lesson ${run}`),
      expect.stringContaining(`Gamma quiz ${run}`),
    ]);

  // Up and down buttons.
  await page.getByRole('button', { name: `Move up quiz Gamma quiz ${run}` }).click();
  await expect
    .poll(() => outlineNames(page))
    .toEqual([
      expect.stringContaining('Alpha'),
      expect.stringContaining('Gamma'),
      expect.stringContaining('Beta'),
    ]);
  await page.getByRole('button', { name: `Move down lesson Alpha lesson ${run}` }).click();
  await expect
    .poll(() => outlineNames(page))
    .toEqual([
      expect.stringContaining('Gamma'),
      expect.stringContaining('Alpha'),
      expect.stringContaining('Beta'),
    ]);

  // Dragging Beta above Gamma by its handle, with the keyboard (space picks up, arrows move, space drops).
  const handle = page.getByRole('button', { name: `Drag lesson Beta lesson ${run}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(200);
  await page.keyboard.press('Space');
  await expect
    .poll(() => outlineNames(page))
    .toEqual([
      expect.stringContaining('Beta'),
      expect.stringContaining('Gamma'),
      expect.stringContaining('Alpha'),
    ]);
  // The order is the server's: it holds after a reload.
  await page.reload();
  await expect
    .poll(() => outlineNames(page))
    .toEqual([
      expect.stringContaining('Beta'),
      expect.stringContaining('Gamma'),
      expect.stringContaining('Alpha'),
    ]);

  // Removing one.
  await page.getByRole('button', { name: `Remove lesson Alpha lesson ${run}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect
    .poll(() => outlineNames(page))
    .toEqual([expect.stringContaining('Beta'), expect.stringContaining('Gamma')]);

  // The list: found by search, duplicated, then the copy disabled.
  await page.goto(`${LIST}?search=${encodeURIComponent(`Induction ${run}`)}`);
  const row = page.getByRole('row', { name: new RegExp(`Induction ${run}`) }).first();
  await expect(row).toContainText('Safety / Forklifts');
  await expect(row).toContainText('User groups');
  await page.getByRole('button', { name: `Duplicate Induction ${run}`, exact: true }).click();
  const copy = page.getByRole('row', { name: new RegExp(`Induction ${run} \\(copy\\)`) });
  await expect(copy).toBeVisible();
  await expect(copy).toContainText('Disabled');
  const toggle = page.getByRole('switch', { name: `Enabled: Induction ${run}`, exact: true });
  await toggle.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('switch', { name: `Disabled: Induction ${run}`, exact: true })).toBeVisible();
});

test('the course list keeps its filters in the address and fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE.viewport);
  await openSignedIn(page, ADMIN, `${LIST}?status=true`);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  const category = field(page, 'Course Category');
  await category.click();
  await category.fill('Safety');
  await page.getByRole('option', { name: 'Safety', exact: true }).click();
  await expect(page).toHaveURL(/courseCategoryInfo=/);
  await expect(page).toHaveURL(/status=true/);
  await expect(page.getByText('First Aid Basics')).toBeVisible();
  await expect(page.getByText('Sales Conversations')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
