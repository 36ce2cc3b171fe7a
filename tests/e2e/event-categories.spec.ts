import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminMessages, recordMessage } from '../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import {
  type EventCategoryRow,
  eventCategoryMessages,
  eventCategoryPaths,
} from '../../contract/event-categories/resource.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, expectWhollyOnScreen, PHONE } from './support/responsive.ts';

const LIST = '/app/event-management/event-category';

const CONFIRM_TEXT = {
  unpublish: 'Are you sure you want to unpublish this, It will no longer be active.',
  delete: 'Are you sure you want to delete this item, The action can’t be reversed.',
};

/** The categories whose title contains `search`, as the API lists them to the administrator. */
async function findCategories(request: APIRequestContext, search: string) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const response = await request.get(`${API_BASE}${eventCategoryPaths.list}`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { search, limit: 100 },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiSuccess<Paged<EventCategoryRow>>).results.data;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const table = (page: Page) => page.getByRole('table', { name: 'Event categories' });

/** The row (a card on a phone) of a category, by its title (the row's name in its actions' labels). */
const rowOf = (page: Page, title: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${title}`, exact: true }) });

async function openList(page: Page) {
  await openSignedIn(page, ADMIN, LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Event Categories' })).toBeVisible();
}

async function searchList(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

async function chooseStatus(page: Page, label: 'All' | 'Published' | 'Unpublished') {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Adds a category in the dialog; the empty form first gives the spec's message under the title. */
async function addCategory(page: Page, title: string, description: string, published = true) {
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event Category' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Category Title')).toHaveAccessibleDescription(
    eventCategoryMessages.titleRequired,
  );
  await dialog.getByLabel('Category Title').fill(title);
  await dialog.getByLabel('Description').fill(description);
  const status = dialog.getByRole('switch', { name: 'Published' });
  await expect(status).toBeChecked();
  if (!published) await status.uncheck();
  await expectWhollyOnScreen(page, dialog.getByRole('button', { name: 'Save' }));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, recordMessage('event category', title, 'created'))).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Renames a category in the edit dialog, which opens with what the list shows. */
async function renameCategory(page: Page, title: string, description: string, renamed: string) {
  await rowOf(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event Category' });
  await expect(dialog.getByLabel('Category Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Description')).toHaveValue(description);
  await dialog.getByLabel('Category Title').fill(renamed);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, recordMessage('event category', renamed, 'updated'))).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function confirm(page: Page, name: string, text: string, button: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText(text)).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
}

test('an admin adds a category, edits it, searches, unpublishes it and deletes categories in bulk', async ({
  page,
  request,
}) => {
  // Not all digits: the router would keep a numeric search as a JSON string.
  const stamp = `T${Date.now()}`;
  const briefing = `Briefing ${stamp}`;
  const outing = `Outing ${stamp}`;
  await openList(page);
  // The seed's categories are listed.
  await searchList(page, 'Webinar');
  await expect(table(page).getByRole('cell', { name: 'Webinar', exact: true })).toBeVisible();

  await addCategory(page, briefing, 'Start of the shift.');
  await addCategory(page, outing, 'Once a year.', false);

  await searchList(page, stamp);
  await expect(table(page).getByRole('row')).toHaveCount(3); // header + the two
  await expect(table(page).getByRole('cell', { name: 'Start of the shift.', exact: true })).toBeVisible();
  await expect(table(page).getByRole('switch', { name: `Unpublished: ${outing}` })).not.toBeChecked();

  const renamed = `Morning ${briefing}`;
  await renameCategory(page, briefing, 'Start of the shift.', renamed);
  await expect(table(page).getByRole('cell', { name: renamed, exact: true })).toBeVisible();

  // The status filter keeps to the unpublished one, in the address too.
  await chooseStatus(page, 'Unpublished');
  await expect(page).toHaveURL(/status=false(&|$)/);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, outing)).toHaveCount(1);
  await chooseStatus(page, 'All');
  await expect(table(page).getByRole('row')).toHaveCount(3);

  // Unpublished behind the spec's confirmation.
  await table(page)
    .getByRole('switch', { name: `Published: ${renamed}` })
    .click();
  await confirm(page, 'Confirm Unpublish', CONFIRM_TEXT.unpublish, 'Unpublish');
  await expect(toast(page, 'Status is updated successfully.')).toBeVisible();
  await expect(table(page).getByRole('switch', { name: `Unpublished: ${renamed}` })).not.toBeChecked();

  // Both go in one bulk delete.
  for (const title of [renamed, outing]) await rowOf(page, title).getByRole('checkbox').check();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulk.getByText('2 selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await confirm(page, 'Confirm Deletion', CONFIRM_TEXT.delete, 'Delete');
  await expect(toast(page, adminMessages.bulkDeleted)).toBeVisible();
  await expect(page.getByText('No event category found.')).toBeVisible();
  expect(await findCategories(request, stamp)).toEqual([]);
});

test.describe('a phone', () => {
  test.use(PHONE);

  test('an admin adds and edits a category in the dialog, unpublishes in bulk and deletes from the card', async ({
    page,
    request,
  }) => {
    const stamp = `P${Date.now()}`;
    const drill = `Drill ${stamp}`;
    const talk = `Talk ${stamp}`;
    await openList(page);
    await searchList(page, 'Webinar');
    const seeded = rowOf(page, 'Webinar');
    // The card names the category and shows its description.
    await expect(seeded.getByText('Talks held online, open to every team.')).toBeVisible();
    for (const part of [
      seeded.getByRole('switch'),
      seeded.getByRole('button', { name: 'Edit Webinar' }),
      seeded.getByRole('button', { name: 'Delete Webinar' }),
    ])
      await expectWhollyOnScreen(page, part);
    await expectNoSidewaysScroll(page, table(page));

    await addCategory(page, drill, 'Evacuation practice.');
    await addCategory(page, talk, 'A short talk.');
    await expectNoSidewaysScroll(page);
    await searchList(page, stamp);
    await expect(table(page).getByRole('row')).toHaveCount(3);

    const renamed = `Fire ${drill}`;
    await renameCategory(page, drill, 'Evacuation practice.', renamed);

    // Both unpublished at once, behind the spec's confirmation.
    for (const title of [renamed, talk]) await rowOf(page, title).getByRole('checkbox').check();
    const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: 'Unpublish' }).click();
    await confirm(page, 'Confirm Unpublish', CONFIRM_TEXT.unpublish, 'Unpublish');
    await expect(toast(page, 'Status is updated successfully.')).toBeVisible();
    for (const title of [renamed, talk])
      await expect(table(page).getByRole('switch', { name: `Unpublished: ${title}` })).not.toBeChecked();

    // Each deleted from its card, named in the answer.
    for (const title of [renamed, talk]) {
      await rowOf(page, title)
        .getByRole('button', { name: `Delete ${title}` })
        .click();
      await confirm(page, 'Confirm Deletion', CONFIRM_TEXT.delete, 'Delete');
      await expect(toast(page, recordMessage('event category', title, 'deleted'))).toBeVisible();
      await expect(rowOf(page, title)).toHaveCount(0);
    }
    await expect(page.getByText('No event category found.')).toBeVisible();
    expect(await findCategories(request, stamp)).toEqual([]);
  });
});
