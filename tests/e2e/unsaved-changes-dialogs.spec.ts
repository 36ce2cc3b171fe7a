import { expect, type Page, test } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { PHONE } from './support/responsive.ts';

// A dialog holding a form asks before Cancel, Escape or its close button throws changes away; an
// untouched one closes at once.

const question = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

/** Closing `dialog` by `close` with changes asks; Keep editing keeps it, Discard closes it. */
async function expectAsksBeforeClosing(
  page: Page,
  dialog: ReturnType<Page['getByRole']>,
  close: () => Promise<void>,
) {
  await close();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(question(page)).toBeHidden();
  await expect(dialog).toBeVisible();
  await close();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(question(page)).toBeHidden();
}

test('Duplicate Team asks before Cancel drops a changed title, and an untouched one closes at once', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, '/app/user-management/users-team');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Duplicate Team' });

  await page
    .getByRole('button', { name: /^Duplicate / })
    .first()
    .click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(question(page)).toHaveCount(0);

  await page
    .getByRole('button', { name: /^Duplicate / })
    .first()
    .click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Night shift');
  await expectAsksBeforeClosing(page, dialog, () => dialog.getByRole('button', { name: 'Cancel' }).click());
  // Opened again, it starts from the team's own title.
  await page
    .getByRole('button', { name: /^Duplicate / })
    .first()
    .click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).not.toHaveValue('Night shift');
});

test('Add Group asks before Escape drops a typed name, again after Keep editing', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/app/user-management/users-group');
  await expect(page.getByRole('heading', { level: 1, name: 'User Groups' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Night shift');
  await expectAsksBeforeClosing(page, dialog, async () => {
    await dialog.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.press('Escape');
  });
});

test('Import Questions asks before Escape drops a chosen file; Keep editing keeps the file', async ({
  page,
  request,
}) => {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const found = await request.get(`${API_BASE}/quiz`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { search: 'Forklift Safety Check' },
  });
  const quiz = ((await found.json()) as ApiSuccess<Paged<{ _id: string }>>).results.data[0];
  if (!quiz) throw new Error('The seed has the Forklift Safety Check quiz');

  await openSignedIn(page, ADMIN, `/app/content-management/quizzes/edit/${quiz._id}`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importer = page.getByRole('dialog', { name: 'Import Questions' });
  await importer.locator('input[type="file"]').setInputFiles({
    name: 'warehouse.gift',
    mimeType: 'text/plain',
    buffer: Buffer.from('::Q1:: Is a forklift a vehicle? {T}\n'),
  });
  await expect(importer.getByText('warehouse.gift')).toBeVisible();
  await importer.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(importer.getByText('warehouse.gift')).toBeVisible();
  await expectAsksBeforeClosing(page, importer, () =>
    importer.getByRole('button', { name: 'Cancel' }).click(),
  );
});

test('Import CSV asks before Cancel drops a chosen file that was not imported', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/app/user-management/users');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('CSV file').click();
  await (await chooser).setFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('firstName,lastName,email\r\nAda,Lovelace,ada.unsaved@example.com'),
  });
  await expect(dialog.getByRole('button', { name: 'CSV file' })).toContainText('users.csv');
  await expectAsksBeforeClosing(page, dialog, () => dialog.getByRole('button', { name: 'Cancel' }).click());
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('Reassign Training asks before closing with a deadline chosen and not sent', async ({ page }) => {
    await openSignedIn(page, LEAD, '/user-portal/team-dashboard?activeTab=trainings');
    const reassign = page.getByRole('button', { name: 'Reassign Training' }).first();
    await expect(reassign).toBeVisible({ timeout: 20_000 });
    await reassign.click();
    const dialog = page.getByRole('dialog', { name: 'Reassign Training' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('New Deadline (Optional)').fill('2031-03-14');
    // Tab closes the calendar (Escape would be the dialog's).
    await dialog.getByLabel('New Deadline (Optional)').press('Tab');
    await expectAsksBeforeClosing(page, dialog, () => dialog.getByRole('button', { name: 'Cancel' }).click());
  });
});
