import { expect, type Page, test } from '@playwright/test';
import { adminMessages } from '../../contract/admin-list.ts';
import { messages } from '../../contract/messages.ts';
import { teamMessages } from '../../contract/teams.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';

/** Types into a multi-select and picks the first option whose name matches, once the search has answered. */
async function choose(page: Page, label: string, search: string, option: RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await input.press('Escape');
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

function rowOf(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
}

async function searchList(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

test('an admin creates a team with members, finds, edits, duplicates, unpublishes and deletes it', async ({
  page,
}) => {
  const title = `Night Shift ${Date.now()}`;
  await openSignedIn(page, ADMIN, '/app/user-management/users-team');
  await expect(page.getByRole('cell', { name: 'Growth Team', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Add Team' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Team' })).toBeVisible();

  // The empty form shows the spec's messages.
  await page.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    teamMessages.titleRequired,
    teamMessages.teamNameRequired,
    teamMessages.teamLeadRequired,
    teamMessages.teamMembersRequired,
    teamMessages.assignableGroupRequired,
    teamMessages.coursesRequired,
    teamMessages.membershipRoleRequired,
    teamMessages.membershipLevelRequired,
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Team Name' }).fill('night-shift');
  await choose(page, 'Team Lead', 'lead2', /lead2@example\.com/);
  await choose(page, 'Team Members', '@', /@/);
  await choose(page, 'Team Members', '@', /@/);
  await choose(page, 'Assignable User Groups', 'Sales', /^Sales$/);
  await choose(page, 'Assignable Courses', '', /./);
  await choose(page, 'Membership Roles', 'Growth', /^Growth$/);
  await page.getByRole('combobox', { name: 'Membership Level' }).click();
  await page.getByRole('option', { name: 'Gold' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(toast(page, `Team '${title}' created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user-management\/users-team(\?|$)/);
  await searchList(page, title);
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // Edit: the form opens filled, and the new title shows in the list.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Team' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(page.getByText(/lead2@example\.com/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} B`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `Team '${title} B' updated.`)).toBeVisible();
  await searchList(page, `${title} B`);
  await expect(rowOf(page, `${title} B`)).toHaveCount(1);

  // Duplicate under a new title.
  await rowOf(page, `${title} B`)
    .getByRole('button', { name: `Duplicate ${title} B` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate Team' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(`${title} B (copy)`);
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(toast(page, teamMessages.teamDuplicated)).toBeVisible();
  const copy = rowOf(page, `${title} B (copy)`);
  await expect(copy).toHaveCount(1);
  await expect(copy.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // Unpublish the copy behind its confirm dialog.
  await copy.getByRole('switch').click();
  const unpublish = page.getByRole('dialog', { name: 'Confirm Unpublish' });
  await expect(
    unpublish.getByText('Are you sure you want to unpublish this, It will no longer be active.'),
  ).toBeVisible();
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(toast(page, messages.statusUpdated)).toBeVisible();
  await expect(copy.getByText('Unpublished')).toBeVisible();

  // Delete both after confirming.
  await rowOf(page, `${title} B`).getByRole('checkbox').check();
  await copy.getByRole('checkbox').check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(
    confirm.getByText('Are you sure you want to delete this item, The action can’t be reversed.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, adminMessages.bulkDeleted)).toBeVisible();
  await expect(page.getByText('No team found.')).toBeVisible();
});
