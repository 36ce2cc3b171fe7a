import { expect, test } from '@playwright/test';
import { adminMessages } from '../../contract/admin-list.ts';
import { apiAs } from './support/account-control.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';

test('the password eye says what it does to the password', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel(/^password/i);
  await password.fill('secret');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('deleting one row says a record was deleted, not a selection', async ({ page, request }) => {
  const admin = await apiAs(request, ADMIN);
  const name = `Single Delete ${Date.now()}`;
  await admin.post('/user-group', { name });
  await openSignedIn(page, ADMIN, `/app/user-management/users-group?search=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`User group '${name}' deleted.`, { exact: true })).toBeVisible();
  await expect(page.getByText(adminMessages.bulkDeleted)).toHaveCount(0);
});
