import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type CourseCategoryRow, courseCategoryPaths } from '../../contract/course-categories/resource.ts';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { expectWhollyOnScreen, PHONE } from './support/responsive.ts';

// Leaving a form with changes not saved asks first; leaving it unchanged or just saved does not.

const ADD_CATEGORY = '/app/content-management/course-category/add';
const CATEGORIES = '/app/content-management/course-category';

const question = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true });

async function openAddCategory(page: Page) {
  await openSignedIn(page, ADMIN, ADD_CATEGORY);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Course Category' })).toBeVisible();
}

/** Deletes the categories whose title contains `search`, through the administrator's API. */
async function removeCategories(request: APIRequestContext, search: string) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  const found = await request.get(`${API_BASE}${courseCategoryPaths.list}`, { headers, params: { search } });
  const rows = ((await found.json()) as ApiSuccess<Paged<CourseCategoryRow>>).results.data;
  if (rows.length === 0) return;
  const removed = await request.delete(`${API_BASE}${courseCategoryPaths.bulkDelete}`, {
    headers,
    data: { bulkId: rows.map((row) => row._id) },
  });
  expect(removed.status(), await removed.text()).toBe(200);
}

test('a sidebar link from a changed form asks; Keep editing keeps the value, Discard leaves', async ({
  page,
}) => {
  await openAddCategory(page);
  const title = page.getByLabel('Category Title');
  await title.fill('Scaffolding');

  await sidebarLink(page, 'Dashboard').click();
  await expect(question(page)).toBeVisible();
  await expect(question(page).getByText('The changes you made here have not been saved')).toBeVisible();
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${ADD_CATEGORY}$`));
  await expect(title).toHaveValue('Scaffolding');

  await sidebarLink(page, 'Dashboard').click();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(question(page)).toBeHidden();
});

test('an unchanged form, and a saved one, are left without a question', async ({ page, request }) => {
  const name = `Scaffolding T${Date.now()}`;
  await openAddCategory(page);
  await sidebarLink(page, 'Dashboard').click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await page.goto(ADD_CATEGORY);
  await page.getByLabel('Category Title').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Course category '${name}' created.`, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${CATEGORIES}(\\?|$)`));
  await sidebarLink(page, 'Dashboard').click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(question(page)).toHaveCount(0);

  await removeCategories(request, name);
});

test("the form's Cancel after a change asks, and Discard goes back to the list", async ({ page }) => {
  await openAddCategory(page);
  await page.getByLabel('Category Title').fill('Scaffolding');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORIES}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name: 'Course Categories' })).toBeVisible();
});

test("closing the tab with changes gets the browser's own question", async ({ page }) => {
  await openAddCategory(page);
  await page.getByLabel('Category Title').pressSequentially('Scaffolding');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  // Staying: the page and what was typed are still there.
  await dialog.dismiss();
  await expect(page.getByLabel('Category Title')).toHaveValue('Scaffolding');
});

test("Back from a lesson's changed Add Activity dialog asks, and Keep editing keeps what was typed", async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, '/app/content-management/lessons/add');
  await page.getByLabel('Lesson Name').fill(`Ladder lesson T${Date.now()}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Activity' }).click();
  const activity = page.getByRole('dialog', { name: 'Add Activity' });
  await activity.getByLabel('Activity Name').fill('Ladder checklist');

  await page.goBack();
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();
  await expect(activity.getByLabel('Activity Name')).toHaveValue('Ladder checklist');
});

test.describe('a phone', () => {
  test.use(PHONE);

  test("a team lead's changed member form asks on Cancel and on a menu link", async ({ page, request }) => {
    const login = await request.post(`${API_BASE}/login`, { data: LEAD });
    const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
    const teams = await request.get(`${API_BASE}/team/team-lead`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const teamId = ((await teams.json()) as ApiSuccess<{ data: { _id: string }[] }>).results.data[0]?._id;
    expect(teamId, 'the lead leads a team').toBeDefined();

    await openSignedIn(page, LEAD, `/user-portal/team-dashboard/members/add/${teamId}`);
    await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
    const firstName = page.getByLabel('First Name*');
    await firstName.fill('Ada');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(question(page)).toBeVisible();
    await expectWhollyOnScreen(page, question(page).getByRole('button', { name: 'Discard' }));
    await question(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(question(page)).toBeHidden();
    await expect(firstName).toHaveValue('Ada');

    await page.getByRole('button', { name: 'Toggle menu' }).first().click();
    await sidebarLink(page, 'My Dashboard').click();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
  });
});
