import { type BrowserContext, expect, type Page } from '@playwright/test';
import { LOCAL_DB_NAME, LOCAL_STORE_NAME, localKeys } from '../../../src/lib/local-store.ts';
import { E2E_BASE_URL } from './config.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };
export const LEAD = { email: 'lead@example.com', password: 'lead1234' };

type Credentials = { email: string; password: string };

/**
 * The wait for the screen that signing in through the login screen leads to. A new browser context
 * has none of the signed-in area's code yet: after the sign-in it fetches and runs it (and the
 * screen's first reads) at once, which on a machine busy with other tests takes longer than a step.
 */
export const SIGNING_IN = { timeout: 30_000 };

export async function signIn(page: Page, user: Credentials) {
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs in through the API and keeps the session on the device where the login screen keeps it
 * (the token and the user in the app's IndexedDB store), then opens `path`. For tests that are not
 * about signing in: it spares them loading the login screen and the home screen first. The tests in
 * auth.spec.ts, reset-password.spec.ts and csp.spec.ts, and a sign-in again on an open page, still go
 * through the screen.
 */
export async function openSignedIn(page: Page, user: Credentials, path: string) {
  // Setting the storage replaces all the app kept in the browser (outbox and worker included).
  expect(page.url(), 'openSignedIn is for a page that has not opened the app yet').toBe('about:blank');
  const response = await page.request.post('/api/v1/login', { data: user });
  expect(response.status(), `signing in as ${user.email}`).toBe(200);
  const { results } = (await response.json()) as { results: { token: string; user: unknown } };
  expect(typeof results.token, `a token for ${user.email}`).toBe('string');
  await page.context().setStorageState(sessionState(results.token, results.user));
  await page.goto(path);
}

/** A storage state with only the app's session in its IndexedDB store (as idb-keyval creates it). */
function sessionState(token: string, user: unknown) {
  const state = {
    cookies: [],
    origins: [
      {
        origin: E2E_BASE_URL,
        localStorage: [],
        indexedDB: [
          {
            name: LOCAL_DB_NAME,
            version: 1,
            stores: [
              {
                name: LOCAL_STORE_NAME,
                autoIncrement: false,
                indexes: [],
                records: [
                  { key: localKeys.token, value: token },
                  { key: localKeys.auth, value: { user } },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  return state as Parameters<BrowserContext['setStorageState']>[0];
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
