import { expect, type Page, test } from '@playwright/test';
import { LEAD, openSignedIn } from './support/actions.ts';
import { PHONE } from './support/responsive.ts';

// On a phone the Team Report sits below the member list. Whatever comes first (the list's loader,
// the saved members, the server's), the report must not move once it shows: a jump under the
// lead's thumb is a mis-tap, and Lighthouse counts it as layout shift.

test.use(PHONE);

/**
 * Records where the Team Report's title is, in the page, after every change to the page's DOM: a
 * place the page holds only between two renders counts even when the browser paints nothing then.
 */
function recordReportTops(page: Page) {
  return page.addInitScript(() => {
    const tops: number[] = [];
    Object.assign(window, { reportTops: tops });
    const record = () => {
      const title = document.getElementById('team-report-title');
      if (!title) return;
      const top = Math.round(title.getBoundingClientRect().top + window.scrollY);
      if (tops.at(-1) !== top) tops.push(top);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

const reportTops = (page: Page) =>
  page.evaluate(() => (window as unknown as { reportTops: number[] }).reportTops);

async function dashboardShown(page: Page) {
  await expect(page.getByRole('region', { name: 'Team members' }).getByRole('article').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Assigned training' }).getByRole('button').first(),
  ).toBeVisible();
}

test('on a phone, the Team Report stays where it first shows while the member cards come', async ({
  page,
}) => {
  await recordReportTops(page);
  // The members answer after the screen's frame and the report have rendered, as on a phone's
  // network: the cards come as an update of the screen, not in its first render.
  await page.route('**/api/v1/team/member-list/**', async (route) => {
    await page.waitForFunction(() => document.getElementById('team-report-title') !== null);
    await route.continue();
  });

  await openSignedIn(page, LEAD, '/user-portal/team-dashboard');
  await dashboardShown(page);
  expect(await reportTops(page)).toHaveLength(1);
});
