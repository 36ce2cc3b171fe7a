import { expect, test } from '@playwright/test';
import { LEAD, openSignedIn } from './support/actions.ts';

test('a first visit to /login loads its scripts from index.html alone, in a handful of files', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/login');
  const html = (await response?.text()) ?? '';
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // Every script the sign-in screen needed was named by the page itself, so none waited for
  // another to arrive first; the service worker's registration comes after the page has loaded.
  const beforeLoad = scripts.filter((path) => !/\/pwa-[\w-]+\.js$/.test(path));
  // In a tag of its own: the list of the signed-in screens' chunks (for src/app/boot.ts) names others.
  const linked = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map(
    (match) => match[1],
  );
  for (const path of beforeLoad) expect(linked, path).toContain(path);
  expect(beforeLoad.length).toBeLessThanOrEqual(4);
});

// The page's entry (src/app/boot.ts) starts the code of the screen the address names beside the
// first-load chunk, instead of after it: on a phone network, one round of downloads, not two.

const FIRST_LOAD = /\/assets\/first-load-[^/]+\.js$/;
const PORTAL = /\/assets\/portal-[^/]+\.js$/;
const TEAM_DASHBOARD_LOADER = /\/assets\/team-dashboard-loader-[^/]+\.js$/;

test('a signed-in start of the team dashboard asks for its screen before the first-load chunk has come', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // The first-load chunk is held until the screen's chunks have been asked for: waiting for it
  // to run before asking, as the app would without the entry's head start, never ends.
  await page.route(FIRST_LOAD, async (route) => {
    await expect
      .poll(() => [PORTAL, TEAM_DASHBOARD_LOADER].every((chunk) => asked.some((path) => chunk.test(path))))
      .toBe(true);
    await route.continue();
  });

  await openSignedIn(page, LEAD, '/user-portal/team-dashboard');
  await expect(page.getByRole('heading', { name: 'Team Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team members' }).getByRole('article').first()).toBeVisible();
  // Each downloaded once: the app's own imports used the head start.
  expect(asked.filter((path) => PORTAL.test(path))).toHaveLength(1);
  expect(asked.filter((path) => TEAM_DASHBOARD_LOADER.test(path))).toHaveLength(1);
  expect(asked.filter((path) => path.includes('/assets/all-styles-'))).toHaveLength(1);
});

test('the sign-in screen starts no signed-in screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/portal-"]')).toHaveCount(0);
  await expect(page.locator('link[rel="preload"][href*="/assets/all-styles-"]')).toHaveCount(0);
});
