import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };
export const LEAD = { email: 'lead@example.com', password: 'lead1234' };

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: /profile menu/i }).click();
  await expect(page.getByText('My Profile')).toBeVisible();
}

/** Resolves once a service worker controls the page, so the shell is precached. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
}
