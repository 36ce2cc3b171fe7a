import { expect, type Page, test } from '@playwright/test';
import { recordMessage } from '../../contract/admin-list.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';

/** Every API answer from now on takes `ms` longer, as on a slow network. */
async function slowApi(page: Page, ms: number) {
  await page.route('**/api/v1/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

test('moving to a slow screen shows a progress bar at the top until the screen opens', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/app/user-management/users');
  // The list is there before the API slows down (a busy machine may take a while).
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 30_000,
  });
  const bar = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(bar).toHaveCount(0);

  // Edit User reads the record afresh on opening, so its loader always waits for the network.
  await slowApi(page, 1500);
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  // The old screen is still there, and the bar says the next one is on its way.
  await expect(bar).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible({ timeout: 15_000 });
  await expect(bar).toHaveCount(0);
});

test('a fast move between screens shows no bar', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/app/user-management/users');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  // The move is made fast whatever the machine's load: the search's answer, fetched once from the
  // server, is kept and given back at once the second time.
  const kept = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const searched = (url: URL) => url.pathname === '/api/v1/user' && url.searchParams.has('search');
  await page.route(searched, async (route) => {
    const url = route.request().url();
    let answer = kept.get(url);
    if (!answer) {
      const response = await route.fetch();
      answer = { status: response.status(), headers: response.headers(), body: await response.body() };
      kept.set(url, answer);
    }
    await route.fulfill(answer);
  });
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill('admin');
  await expect(page).toHaveURL(/search=admin/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  expect(kept.size).toBeGreaterThan(0);

  // Counts every bar that appears, however briefly.
  await page.evaluate(() => {
    const seen = { bars: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Loading page"]')) seen.bars += 1;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await search.fill('admin');
  await expect(page).toHaveURL(/search=admin/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: { bars: number } }).seen.bars)).toBe(0);
});

test('a form’s submit button shows it is sending, and a second Enter sends nothing more', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, '/app/user-management/users-group');
  await expect(page.getByRole('heading', { name: 'User Groups' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Group' });
  const name = `Slow Group ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/user-group')
      posts.push(request.url());
  });
  await slowApi(page, 2000);
  await dialog.getByLabel('Name').press('Enter');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toHaveAttribute('data-loading', 'true');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Name').press('Enter');
  await expect(page.getByText(recordMessage('user group', name, 'created'))).toBeVisible({ timeout: 15_000 });
  expect(posts).toHaveLength(1);
});
