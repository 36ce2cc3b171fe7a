import { expect, test } from '@playwright/test';
import { SIGNING_IN, signIn } from './support/actions.ts';
import { latestResetLink } from './support/mail.ts';

test('the reset form shows the validation messages under its fields', async ({ page }) => {
  await page.goto('/reset-password/some-token');
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help Center' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');

  const submit = page.getByRole('button', { name: 'Reset Password' });
  await submit.click();
  await expect(page.getByText('New password field is required.')).toBeVisible();
  await expect(page.getByText('Confirm password field is required.')).toBeVisible();

  await page.getByLabel('New Password*').fill('abc');
  await submit.click();
  await expect(page.getByText('New password length must be at least 6 characters long.')).toBeVisible();

  await page.getByLabel('New Password*').fill('abcdef');
  await page.getByLabel('Confirm Password*').fill('abcdeg');
  await submit.click();
  await expect(page.getByText('Password does not match.')).toBeVisible();
});

test('a bad token leaves the user on the form with the server message', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await page.getByLabel('New Password*').fill('secret12');
  await page.getByLabel('Confirm Password*').fill('secret12');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\/not-a-real-token$/);
});

test('forgot password mails a link that resets the password once', async ({ page }) => {
  const user = { email: 'lead2@example.com', password: 'lead1234' };
  await page.goto('/forgot-password');
  await page.getByLabel(/^email/i).fill(user.email);
  await page.getByRole('button', { name: /send|reset|submit/i }).click();
  await expect(page.getByText(/password reset link has been sent/i)).toBeVisible();

  await expect.poll(() => latestResetLink(user.email)).not.toBeNull();
  const link = latestResetLink(user.email) as string;
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New Password*').fill('newpass1');
  await page.getByLabel('Confirm Password*').fill('newpass1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Your password has been reset. Please log in with your new password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, { email: user.email, password: 'newpass1' });
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/, SIGNING_IN);
  await expect(page.getByText('Welcome to the User Portal.')).toBeVisible(SIGNING_IN);
});
