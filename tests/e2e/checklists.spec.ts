import { expect, type Locator, type Page, test } from '@playwright/test';
import { checklistMessages } from '../../contract/checklists/resource.ts';
import { ADMIN, SIGNING_IN, signIn } from './support/actions.ts';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const LIST = '/app/content-management/checklists';

const table = (page: Page) => page.getByRole('table', { name: 'Checklists' });
const activityList = (page: Page) => page.getByRole('list', { name: 'Activities' });
const titles = (page: Page) =>
  activityList(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));

type NewActivity = { title: string; instructions: string; type: string; required: boolean };

const activities: NewActivity[] = [
  {
    title: 'Reads the manual',
    instructions: 'The operator manual, cover to cover.',
    type: 'Ticked by the learner',
    required: false,
  },
  {
    title: 'Photo of the cleared aisle',
    instructions: 'From the loading bay.',
    type: 'Evidence to upload',
    required: true,
  },
  {
    title: 'Drives the course',
    instructions: 'Twice, without touching a cone.',
    type: 'Competent / not yet competent',
    required: true,
  },
];

async function addActivity(page: Page, activity: NewActivity) {
  await page.getByRole('button', { name: 'Add Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Activity' });
  await dialog.getByLabel('Activity Title').fill(activity.title);
  await dialog.getByLabel('Instructions').fill(activity.instructions);
  await choose(dialog, 'Activity Type', activity.type);
  if (!activity.required) await dialog.getByRole('switch', { name: 'Required' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(activityList(page).getByText(activity.title, { exact: false })).toBeVisible();
}

/** Chooses an option of a Mantine Select by its label. */
async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** Drags the handle of the activity at `from` (1-based) onto the one at `to`, with the pointer. */
async function drag(page: Page, from: number, label: string, to: number) {
  // The list's top just below the top bar: on a phone the edit screen goes on below the list (its
  // observers), and a list scrolled into view from above leaves the first handle under the bar. The
  // toasts of the activities just saved span the top of a phone's screen: closed, so the handle is
  // grabbed and not a toast.
  const close = page.getByRole('button', { name: 'Close notification' });
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++)
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  await activityList(page).evaluate((list) => {
    const bar = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, window.scrollY + list.getBoundingClientRect().top - bar - 8);
  });
  const handle = page.getByRole('button', { name: `Drag activity ${from}: ${label}` });
  const start = await handle.boundingBox();
  const target = await activityList(page)
    .getByRole('listitem')
    .nth(to - 1)
    .boundingBox();
  if (!start || !target) throw new Error('No boxes to drag between');
  const x = start.x + start.width / 2;
  await page.mouse.move(x, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(x, target.y + target.height - 5, { steps: 20 });
  await page.mouse.up();
}

for (const [size, device] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test.describe(`on a ${size}`, () => {
    test.use(device);

    test(`an admin builds a checklist of three activities, reorders them, saves and publishes it (${size})`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const title = `Forklift sign-off ${size} ${Date.now().toString(36)}`;
      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/app\/dashboard/, SIGNING_IN);
      await page.goto(LIST);
      await expect(page.getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();

      // The form: an empty save shows the contract's message; a saved checklist opens on its edit screen.
      await page.getByRole('link', { name: 'Add Checklist' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add Checklist' })).toBeVisible();
      await expect(page.getByText('Save the checklist to add its activities.')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel('Title')).toHaveAccessibleDescription(checklistMessages.titleRequired);
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Description').fill('Operating a forklift on the shop floor.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Checklist' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByText('No activity yet. Add the first one.')).toBeVisible();

      // An activity without a title or type is refused in the dialog with the contract's messages.
      await page.getByRole('button', { name: 'Add Activity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Activity' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByLabel('Activity Title')).toHaveAccessibleDescription(
        checklistMessages.activityTitleRequired,
      );
      await expect(dialog.getByText(checklistMessages.typeRequired)).toBeVisible();
      // Cancel asks before a typed title is thrown away.
      await dialog.getByLabel('Activity Title').fill('A draft');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog.getByLabel('Activity Title')).toHaveValue('A draft');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await discard.getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toBeHidden();

      for (const activity of activities) await addActivity(page, activity);
      const [tick, photo, rating] = activities.map((activity) => activity.title) as [string, string, string];
      await expect.poll(() => titles(page)).toEqual([`1. ${tick}`, `2. ${photo}`, `3. ${rating}`]);
      await expect(page.getByText('3 activities, 2 required')).toBeVisible();
      await expectNoSidewaysScroll(page);

      // Reordered with the buttons, then by dragging the first one to the end.
      await page.getByRole('button', { name: `Move up activity 3: ${rating}` }).click();
      await expect.poll(() => titles(page)).toEqual([`1. ${tick}`, `2. ${rating}`, `3. ${photo}`]);
      await drag(page, 1, tick, 3);
      const reordered = [`1. ${rating}`, `2. ${photo}`, `3. ${tick}`];
      await expect.poll(() => titles(page)).toEqual(reordered);

      // The checklist's own fields are updated too; the server keeps both after a reload.
      await page.getByLabel('Description').fill('Operating a forklift under supervision.');
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByRole('button', { name: 'Update' })).toBeEnabled();
      await expect
        .poll(async () => {
          await page.reload();
          await expect(activityList(page)).toBeVisible({ timeout: 15_000 });
          return page.getByLabel('Description').inputValue();
        })
        .toBe('Operating a forklift under supervision.');
      await expect.poll(() => titles(page)).toEqual(reordered);
      const first = activityList(page).getByRole('listitem').first();
      await expect(first).toContainText('Competent / not yet competent');
      await expect(first).toContainText('Twice, without touching a cone.');
      await expect(activityList(page).getByRole('listitem').last()).toContainText('Optional');

      // Published from the list, where it starts unpublished with its three activities.
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Checklists' })
        .click();
      await page.getByRole('textbox', { name: 'Search' }).fill(title);
      const row = table(page).getByRole('row').filter({ hasText: title });
      await expect(row).toContainText('3');
      await expectNoSidewaysScroll(page);
      await row.getByRole('switch', { name: `Unpublished: ${title}` }).click();
      await page
        .getByRole('dialog', { name: 'Confirm Publish' })
        .getByRole('button', { name: 'Publish' })
        .click();
      await expect(row.getByRole('switch', { name: `Published: ${title}` })).toBeVisible({ timeout: 15_000 });
      await page.reload();
      await expect(
        table(page)
          .getByRole('row')
          .filter({ hasText: title })
          .getByRole('switch', { name: `Published: ${title}` }),
      ).toBeVisible({ timeout: 15_000 });
    });
  });
}
