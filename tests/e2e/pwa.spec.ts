import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { ADMIN, SIGNING_IN, signIn, waitForServiceWorker } from './support/actions.ts';
import { chromiumArgs, chromiumExecutable, E2E_BASE_URL } from './support/config.ts';

test('after one online visit, an offline reload of a deep link renders the shell', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/app\/dashboard$/, SIGNING_IN);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/app/user-management/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // The list was never fetched on this device: it says so instead of failing or spinning.
  await expect(page.getByText('This page has not been saved for offline use yet.')).toBeVisible();
  // The signed-in user came back from the local store, not the network.
  await expect(page).toHaveURL(/\/app\/user-management\/users$/);
  await context.setOffline(false);
});

test('the manifest and service worker make the app installable', async () => {
  // An incognito context reports 'in-incognito', so this runs in a persistent profile.
  const profile = mkdtempSync(join(tmpdir(), 'training-admin-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable,
    args: chromiumArgs,
    headless: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${E2E_BASE_URL}/login`);
    await waitForServiceWorker(page);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await session.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the test page shows its tooltip on hover', async ({ page }) => {
  await page.goto('/test');
  await page.getByRole('button').first().hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
});
