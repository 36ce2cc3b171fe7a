import { expect, test } from '@playwright/test';
import { ADMIN, LEAD, openProfileMenu, SIGNING_IN, signIn } from './support/actions.ts';
import { readStoredToken } from './support/outbox-page.ts';

test('an admin signs in to the administration area and sees the administration option', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/app\/dashboard$/, SIGNING_IN);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible(SIGNING_IN);
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Adminstration Option' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
});

test('a team lead signs in to the user portal without the administration option', async ({ page }) => {
  await signIn(page, LEAD);
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/, SIGNING_IN);
  await expect(page.getByText('Welcome to the User Portal.')).toBeVisible(SIGNING_IN);
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Adminstration Option' })).toHaveCount(0);

  // The admin gate sends a user without an administrative role back to the portal.
  await page.keyboard.press('Escape');
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
});

test('wrong credentials keep the user on the login page with the server message', async ({ page }) => {
  await signIn(page, { email: LEAD.email, password: 'not-the-password' });
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('logout clears the session and the gates follow the stored token', async ({ page }) => {
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/app\/dashboard$/, SIGNING_IN);

  // The public gate sends a signed-in user to the portal.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);

  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const token = (await readStoredToken(page)) ?? null;
  expect(token).toBeNull();

  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unmatched path shows the not-found screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(/page not found/i)).toBeVisible();
});
