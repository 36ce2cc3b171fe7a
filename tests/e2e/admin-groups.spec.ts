import { expect, type Page, test } from '@playwright/test';
import { recordMessage } from '../../contract/admin-list.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin creates a user group, finds it, adds a member and unpublishes it; the list survives a reload', async ({
  page,
}) => {
  const name = `Night Crew ${Date.now()}`;
  await openSignedIn(page, ADMIN, '/app/user-management/users-group');
  await expect(page.getByRole('heading', { name: 'User Groups' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Group' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Group name is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(recordMessage('user group', name, 'created'))).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(page).toHaveURL(/search=Night/);
  const table = page.getByRole('table', { name: 'User groups' });
  await expect(table.getByRole('row')).toHaveCount(2); // header + the group
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Group' });
  await edit.getByRole('combobox', { name: 'Add member' }).fill('lead@example.com');
  await page.getByRole('option', { name: /lead@example\.com/ }).click();
  await expect(page.getByText('Members are added to the group successfully.')).toBeVisible();
  await expect(
    edit.getByRole('table', { name: `Members of ${name}` }).getByText('lead@example.com'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(table.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  await table.getByRole('switch', { name: `Published: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Unpublish' });
  await expect(
    confirm.getByText('Are you sure you want to unpublish this, It will no longer be active.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Status is updated successfully.')).toBeVisible();
  await expect(table.getByRole('switch', { name: `Unpublished: ${name}` })).not.toBeChecked();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Unpublished', exact: true }).click();
  await expect(page).toHaveURL(/status=false(&|$)/);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Unpublished');
  await expect(
    page.getByRole('table', { name: 'User groups' }).getByRole('switch', { name: `Unpublished: ${name}` }),
  ).toBeVisible();
});

test('an admin creates a choice profile field with options and publishes it; filters survive a reload', async ({
  page,
}) => {
  const name = `Shift Preference ${Date.now()}`;
  await openSignedIn(page, ADMIN, '/app/user-management/users-profile-field');
  await expect(page.getByRole('heading', { name: 'User Profile Fields' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Profile Field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Profile Field' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Type is required.')).toBeVisible();
  await expect(dialog.getByText('Group is required.')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await choose(page, dialog, 'Type', 'Radio');
  await choose(page, dialog, 'Group', 'Work Details');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Option field is required.')).toBeVisible();
  const options = dialog.getByRole('combobox', { name: 'Options' });
  await options.fill('Mornings');
  await options.press('Enter');
  await options.fill('Evenings');
  await options.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(recordMessage('profile field', name, 'created'))).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const table = page.getByRole('table', { name: 'User profile fields' });
  await expect(table.getByRole('cell', { name: 'Mornings, Evenings' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  await table.getByRole('switch', { name: `Unpublished: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Publish' });
  await expect(
    confirm.getByText('Are you sure you want to publish this? Once published, it will be active.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Status is updated successfully.')).toBeVisible();
  await expect(table.getByRole('switch', { name: `Published: ${name}` })).toBeChecked();

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Radio', exact: true }).click();
  await expect(page).toHaveURL(/type=radio/);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Radio');
  await expect(
    page
      .getByRole('table', { name: 'User profile fields' })
      .getByRole('switch', { name: `Published: ${name}` }),
  ).toBeChecked();
});
