import { expect, type Page, test } from '@playwright/test';
import type { UserDetail } from '../../contract/users.ts';
import { ADMIN, openSignedIn, signIn } from './support/actions.ts';
import { adminApi, choose, fillProfileField, sampleValue } from './support/admin-users.ts';
import { E2E_BASE_URL } from './support/config.ts';
import { latestResetLink } from './support/mail.ts';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const LONG = { timeout: 20_000 };

test("Edit User puts the user in teams and sets 'Require Password Reset'; Add User offers both", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  const [level] = await api.lookup('/membership');
  const [group] = await api.lookup('/user-group/info');
  const [role] = await api.lookup('/role');
  const required = (await api.profileFields()).filter((field) => field.required);
  const user = await api.post<UserDetail>('/user', {
    firstName: 'Tess',
    lastName: `Teams${run}`,
    email: `tess.${run}@example.com`,
    password: 'secret1',
    confirmPassword: 'secret1',
    membershipId: level?._id,
    groupId: [group?._id],
    roleId: [role?._id],
    profileFields: Object.fromEntries(required.map((field) => [field._id, sampleValue(field, run)])),
  });
  expect(user.teams).toEqual([]);

  await openSignedIn(page, ADMIN, `/app/user-management/users/edit/${user._id}`);
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible(LONG);
  const teams = page.getByRole('combobox', { name: 'Teams' });
  await teams.click();
  await teams.fill('Freedom');
  await page.getByRole('option', { name: 'Freedom Team' }).click();
  await teams.press('Escape');
  const reset = page.getByRole('switch', { name: 'Require Password Reset' });
  await expect(reset).not.toBeChecked();
  await reset.check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `User 'Tess Teams${run}' updated.`)).toBeVisible(LONG);

  const saved = await api.detail(user._id);
  expect(saved.teams.map((team) => team.name)).toEqual(['Freedom Team']);
  expect(saved.resetPassword).toBe(true);

  // Opened again, the form shows what was saved.
  await page.goto(`/app/user-management/users/edit/${user._id}`);
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible(LONG);
  await expect(page.getByRole('switch', { name: 'Require Password Reset' })).toBeChecked();
  await expect(page.getByText('Freedom Team', { exact: true })).toBeVisible();

  await page.goto('/app/user-management/users/add');
  await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible(LONG);
  await expect(page.getByRole('combobox', { name: 'Teams' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Require Password Reset' })).not.toBeChecked();
  await expect(
    page.getByText(
      'The new user is mailed a link to sign in, or to set their own password when a reset is required.',
    ),
  ).toBeVisible();
});

test("a user added with 'Require Password Reset' sets a password from the welcome mail and signs in", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  const email = `welcome.${run}@example.com`;
  await openSignedIn(page, ADMIN, '/app/user-management/users/add');
  await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible(LONG);
  for (const field of (await api.profileFields()).filter((one) => one.required))
    await fillProfileField(page, field, sampleValue(field, run));
  await page.getByLabel('First Name*').fill('Wren');
  await page.getByLabel('Last Name*').fill(`Welcome${run}`);
  await page.getByLabel('Email*').fill(email);
  await page.getByLabel('Password*', { exact: true }).fill('given12');
  await page.getByLabel('Confirm Password*').fill('given12');
  await choose(page, 'Membership Level*', 'Gold');
  await choose(page, 'User Group*', 'Sales');
  await choose(page, 'Membership Role*', 'Growth');
  await page.getByRole('switch', { name: 'Require Password Reset' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `User 'Wren Welcome${run}' created.`)).toBeVisible(LONG);

  // The welcome mail's link opens the reset screen, where the new user chooses a password.
  await expect.poll(() => latestResetLink(email), { timeout: 20_000 }).not.toBeNull();
  const link = latestResetLink(email) as string;
  // Opened where the new user reads mail: a browser without the administrator's session.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const mine = await context.newPage();
  await mine.goto(new URL(link).pathname);
  await expect(mine.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible(LONG);
  await mine.getByLabel('New Password*').fill('chosen12');
  await mine.getByLabel('Confirm Password*').fill('chosen12');
  await mine.getByRole('button', { name: 'Reset Password' }).click();
  await expect(mine).toHaveURL(/\/login$/, LONG);
  await signIn(mine, { email, password: 'chosen12' });
  await expect(mine).toHaveURL(/\/user-portal\/user-dashboard$/, LONG);
  await context.close();
});
