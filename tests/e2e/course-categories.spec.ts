import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminMessages } from '../../contract/admin-list.ts';
import {
  type CourseCategoryRow,
  courseCategoryMessages,
  courseCategoryPaths,
} from '../../contract/course-categories/resource.ts';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { waitForCacheWrite } from './support/outbox.ts';
import { expectNoSidewaysScroll, expectWhollyOnScreen, PHONE } from './support/responsive.ts';

const LIST = '/app/content-management/course-category';

/** The administrator's side channel to the API: another admin's writes made while the page is open. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  const answer = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) => {
    expect(response.status(), await response.text()).toBe(status);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  return {
    /** The categories whose title contains `search`, by path. */
    find: async (search: string) => {
      const response = await request.get(`${API_BASE}${courseCategoryPaths.list}`, {
        headers,
        params: { search, limit: 100 },
      });
      return (await answer<Paged<CourseCategoryRow>>(response, 200)).data;
    },
    create: async (name: string, parentId: string | null = null) =>
      answer<CourseCategoryRow>(
        await request.post(`${API_BASE}${courseCategoryPaths.list}`, { headers, data: { name, parentId } }),
        201,
      ),
    rename: async (row: CourseCategoryRow, name: string) =>
      answer<CourseCategoryRow>(
        await request.patch(`${API_BASE}${courseCategoryPaths.one(row._id)}`, {
          headers,
          data: { name, parentId: row.parentId, version: row.version },
        }),
        200,
      ),
    remove: async (ids: string[]) => {
      const response = await request.delete(`${API_BASE}${courseCategoryPaths.bulkDelete}`, {
        headers,
        data: { bulkId: ids },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const table = (page: Page) => page.getByRole('table', { name: 'Course categories' });

/** The row of a category, by its path (the row's name in its actions' labels). */
const rowOf = (page: Page, path: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${path}`, exact: true }) });

async function openList(page: Page) {
  await openSignedIn(page, ADMIN, LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Course Categories' })).toBeVisible();
}

async function searchList(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

/**
 * Types into the parent picker; the server answers the search (the options of the last one stay
 * listed meanwhile, so callers wait for what they expect).
 */
async function searchParents(page: Page, text: string) {
  const picker = page.getByLabel('Parent Category');
  await picker.click();
  await picker.fill(text);
  return page.getByRole('listbox', { name: 'Options' });
}

test('an admin builds a branch of the tree, finds it, edits over a stale version, publishes and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Not all digits: the router would keep a numeric search as a JSON string.
  const stamp = `T${Date.now()}`;
  const top = `Warehouse ${stamp}`;
  const sub = `Racking ${stamp}`;
  const api = await adminApi(request);
  await openList(page);
  // The seed's subcategories show where they sit.
  await searchList(page, 'Forklifts');
  await expect(table(page).getByRole('cell', { name: 'Safety / Forklifts', exact: true })).toBeVisible();

  // A top-level category; the empty form gives the spec's message first.
  await page.getByRole('link', { name: 'Add Category' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Course Category' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Category Title')).toHaveAccessibleDescription(
    courseCategoryMessages.nameRequired,
  );
  await page.getByLabel('Category Title').fill(top);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Course category '${top}' created.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));

  // A subcategory under it, picked by searching the parents on the server.
  await page.getByRole('link', { name: 'Add Category' }).click();
  await page.getByLabel('Category Title').fill(sub);
  const parents = await searchParents(page, top);
  await parents.getByRole('option', { name: top, exact: true }).click();
  await expect(page.getByLabel('Parent Category')).toHaveValue(top);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Course category '${sub}' created.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));

  // The same title again under the same parent is refused under the title.
  await page.getByRole('link', { name: 'Add Category' }).click();
  await page.getByLabel('Category Title').fill(sub);
  await (await searchParents(page, top)).getByRole('option', { name: top, exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Category Title')).toHaveAccessibleDescription(
    courseCategoryMessages.nameTaken,
  );
  await expect(page).toHaveURL(/\/course-category\/add$/);
  // The refused title was not saved: leaving asks first.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();

  // Search finds both, each with its path.
  await searchList(page, stamp);
  await expect(table(page).getByRole('row')).toHaveCount(3); // header + the two
  await expect(table(page).getByRole('cell', { name: `${top} / ${sub}`, exact: true })).toBeVisible();
  await expect(table(page).getByRole('cell', { name: top, exact: true }).first()).toBeVisible();

  // Edit the subcategory while another admin renames it: the form reloads the current record.
  const [subRow] = (await api.find(sub)).filter((row) => row.name === sub);
  if (!subRow) throw new Error('The subcategory was not created');
  await rowOf(page, `${top} / ${sub}`)
    .getByRole('button', { name: `Edit ${top} / ${sub}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Course Category' })).toBeVisible();
  await expect(page.getByLabel('Category Title')).toHaveValue(sub);
  await expect(page.getByLabel('Parent Category')).toHaveValue(top);
  await api.rename(subRow, `${sub} B`);
  await page.getByLabel('Category Title').fill(`Shelving ${stamp}`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, adminMessages.staleVersion)).toBeVisible();
  await expect(page.getByLabel('Category Title')).toHaveValue(`${sub} B`);
  await expect(page.getByLabel('Parent Category')).toHaveValue(top);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `Course category '${sub} B' updated.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));
  const subPath = `${top} / ${sub} B`;
  await searchList(page, stamp);
  await expect(table(page).getByRole('cell', { name: subPath, exact: true })).toBeVisible();

  // The parent picker of the top category offers neither it nor what is under it.
  const yard = await api.create(`Yard ${stamp}`);
  await page.reload();
  await expect(rowOf(page, yard.path)).toHaveCount(1);
  await rowOf(page, top)
    .getByRole('button', { name: `Edit ${top}` })
    .click();
  await expect(page.getByLabel('Category Title')).toHaveValue(top);
  const offered = await searchParents(page, stamp);
  await expect(offered.getByRole('option', { name: yard.name, exact: true })).toBeVisible();
  await expect(offered.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));
  await searchList(page, stamp);

  // Unpublish, then publish again, each behind its confirmation.
  await rowOf(page, subPath)
    .getByRole('switch', { name: `Published: ${subPath}` })
    .click();
  const unpublish = page.getByRole('dialog', { name: 'Confirm Unpublish' });
  await expect(
    unpublish.getByText('Are you sure you want to unpublish this, It will no longer be active.'),
  ).toBeVisible();
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(toast(page, 'Status is updated successfully.')).toBeVisible();
  const unpublished = table(page).getByRole('switch', { name: `Unpublished: ${subPath}` });
  await expect(unpublished).not.toBeChecked();
  await unpublished.click();
  const publish = page.getByRole('dialog', { name: 'Confirm Publish' });
  await expect(
    publish.getByText('Are you sure you want to publish this? Once published, it will be active.'),
  ).toBeVisible();
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(table(page).getByRole('switch', { name: `Published: ${subPath}` })).toBeChecked();

  // Deleting the top category alone would leave its subcategory behind: refused with the reason.
  await rowOf(page, top)
    .getByRole('button', { name: `Delete ${top}` })
    .click();
  const confirmDelete = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, courseCategoryMessages.hasSubcategories)).toBeVisible();
  await expect(confirmDelete).toBeHidden();
  await expect(rowOf(page, top)).toHaveCount(1);

  // Together with everything under it, the branch goes in one bulk delete.
  for (const path of [top, subPath, yard.path]) await rowOf(page, path).getByRole('checkbox').check();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulk.getByText('3 selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, adminMessages.bulkDeleted)).toBeVisible();
  await expect(page.getByText('No course category found.')).toBeVisible();
  expect(await api.find(stamp)).toEqual([]);
});

test('offline, the list opens with the categories saved on the device and says so', async ({
  page,
  context,
}) => {
  await openList(page);
  await waitForServiceWorker(page);
  await searchList(page, 'Forklifts');
  await expect(table(page).getByRole('cell', { name: 'Safety / Forklifts', exact: true })).toBeVisible();
  await waitForCacheWrite(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(table(page).getByRole('cell', { name: 'Safety / Forklifts', exact: true })).toBeVisible();
  await context.setOffline(false);
});

test.describe('a phone', () => {
  test.use(PHONE);

  test('the list shows each category as a card with its path, and the form adds one under a parent', async ({
    page,
    request,
  }) => {
    // Not all digits: the router would keep a numeric search as a JSON string.
    const stamp = `T${Date.now()}`;
    const name = `Ladders ${stamp}`;
    const api = await adminApi(request);
    await openList(page);
    await searchList(page, 'Forklifts');
    const card = rowOf(page, 'Safety / Forklifts');
    // The card names the category and says where it sits.
    await expect(card.getByText('Forklifts', { exact: true })).toBeVisible();
    await expect(card.getByText('Path: Safety / Forklifts', { exact: true })).toBeVisible();
    for (const part of [
      card.getByRole('switch'),
      card.getByRole('button', { name: 'Edit Safety / Forklifts' }),
      card.getByRole('button', { name: 'Delete Safety / Forklifts' }),
    ])
      await expectWhollyOnScreen(page, part);
    await expectNoSidewaysScroll(page, table(page));

    await page.getByRole('link', { name: 'Add Category' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Course Category' })).toBeVisible();
    await page.getByLabel('Category Title').fill(name);
    await (await searchParents(page, 'Safety')).getByRole('option', { name: 'Safety', exact: true }).click();
    await expectWhollyOnScreen(page, page.getByRole('button', { name: 'Save' }));
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Course category '${name}' created.`)).toBeVisible();
    await searchList(page, name);
    await expect(
      rowOf(page, `Safety / ${name}`).getByText(`Path: Safety / ${name}`, { exact: true }),
    ).toBeVisible();

    await api.remove((await api.find(name)).map((row) => row._id));
  });
});
