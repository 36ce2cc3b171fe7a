import { expect, test } from '@playwright/test';

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
  for (const path of beforeLoad) expect(html, path).toContain(`"${path}"`);
  expect(beforeLoad.length).toBeLessThanOrEqual(4);
});
