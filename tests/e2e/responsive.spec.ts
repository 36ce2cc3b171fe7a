import { expect, type Page, test } from '@playwright/test';
import { failedSyncMessage, REVIEW_CHANGES } from '../../src/ui/outbox-badge.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { leadApi, openTeamDashboard, seedTeams, signInLeadWithWorker } from './support/outbox.ts';
import { nudgeOutbox, writeFromPage } from './support/outbox-page.ts';
import {
  DESKTOP,
  expectApart,
  expectNoSidewaysScroll,
  expectOnOneLine,
  expectTopRightBelow,
  expectWholeText,
  expectWhollyOnScreen,
  PHONE,
  SMALL_PHONE,
  TABLET,
} from './support/responsive.ts';

const outboxBadge = (page: Page) => page.getByRole('button', { name: /^Offline changes:/ });
const header = (page: Page) => page.getByRole('banner');

async function openUsers(page: Page) {
  await openSignedIn(page, ADMIN, '/app/user-management/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
}

/**
 * Imports two members through Bulk Import, one taken and one refused for an address as long as a
 * careless paste, and returns the report's table.
 */
async function importMembers(page: Page, teamId: string) {
  await page.goto(`/user-portal/team-dashboard?team=${teamId}`);
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  const email = `whole.word.${Date.now()}@example.com`;
  const pasted = 'not-an-email-but-a-long-paste-from-the-spreadsheet-column-beside-it-without-spaces';
  const csv = `First Name,Last Name,EMAIL\r\nWhole,Word,${email}\r\nNo,Address,${pasted}\r\n`;
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('CSV file').click();
  await (await chooser).setFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('2 / 2')).toBeVisible();
  return dialog.getByRole('table', { name: 'Import report' });
}

test.describe('a 360 px phone', () => {
  test.use(SMALL_PHONE);

  test('the top bar keeps title, status, one outbox badge and the profile button on one line; a refused change raises a toast that opens the panel', async ({
    page,
    context,
    request,
  }) => {
    const { growth } = await seedTeams(await leadApi(request));
    await signInLeadWithWorker(page);
    await openTeamDashboard(page, growth._id);
    const tabs = ['Team Members', 'Assign Trainings', 'Assign Events'];
    await expectOnOneLine(
      page,
      tabs.map((name) => page.getByRole('tab', { name })),
    );

    // Offline, a member the server will refuse (no last name, no email) waits in the outbox.
    await context.setOffline(true);
    const refused = await writeFromPage(page, {
      method: 'POST',
      path: '/user-portal/add-user',
      multipart: { firstName: 'Refused', teamId: growth._id },
      action: 'Add member',
      target: 'Refused Member',
    });
    expect(refused).toMatchObject({ status: 202 });
    await expect(outboxBadge(page)).toHaveAccessibleName('Offline changes: 1 pending');

    // Back online it is replayed and refused: a toast says so and its button opens the panel.
    await context.setOffline(false);
    await nudgeOutbox(page);
    const toast = page.getByRole('alert').filter({ hasText: failedSyncMessage(1) });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    // The toast sits at the top right below the top bar, leaving the bar's badge and profile menu free.
    await expectTopRightBelow(page, toast, header(page));
    await expectApart(toast, header(page).getByRole('button', { name: /profile menu/i }));
    await expect(outboxBadge(page)).toHaveAccessibleName('Offline changes: 1 failed');
    await toast.getByRole('button', { name: REVIEW_CHANGES }).click();
    const panel = page.getByRole('dialog', { name: 'Offline changes' });
    await expect(panel.getByRole('listitem', { name: 'Add member: Refused Member' })).toContainText('Failed');
    await expect(toast).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // Offline again with one change waiting and one refused: still one line, nothing off screen.
    await context.setOffline(true);
    const waiting = await writeFromPage(page, {
      method: 'POST',
      path: '/team/set-default-Team',
      json: { defaultTeamId: growth._id },
      action: 'Set default organization',
      target: growth.title,
    });
    expect(waiting).toMatchObject({ status: 202 });
    await expect(outboxBadge(page)).toHaveAccessibleName('Offline changes: 1 pending · 1 failed');
    await expect(header(page).getByRole('status', { name: 'Offline' })).toBeVisible();
    await expectOnOneLine(page, [
      header(page).getByText('Training Admin', { exact: true }),
      header(page).getByRole('status', { name: 'Offline' }),
      outboxBadge(page),
      header(page).getByRole('button', { name: /profile menu/i }),
    ]);
    // The two counts are in the one badge.
    await expect(outboxBadge(page)).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await context.setOffline(false);
  });
});

test.describe('a phone', () => {
  test.use(PHONE);

  test('the users list shows each user as a card with its status and actions, without sideways scroll', async ({
    page,
  }) => {
    await openUsers(page);
    const table = page.getByRole('table', { name: 'Users' });
    const first = table.getByRole('row').nth(1);
    await expect(first.getByText(/@example\.com$/)).toBeVisible();
    const name = (await first.getByText(/@example\.com$/).textContent()) ?? '';
    expect(name).toMatch(/@/);
    for (const part of [
      first.getByText(/@example\.com$/),
      first.getByRole('switch'),
      first.getByRole('button', { name: /^Edit / }),
      first.getByRole('button', { name: /^Delete / }),
    ])
      await expectWhollyOnScreen(page, part);
    await expectNoSidewaysScroll(page, table);
  });

  test('the team dashboard tabs sit on one line, and Assign Trainings and the Transcript fit the screen', async ({
    page,
    request,
  }) => {
    const { growth } = await seedTeams(await leadApi(request));
    await openSignedIn(page, LEAD, `/user-portal/team-dashboard?team=${growth._id}`);
    const tabs = ['Team Members', 'Assign Trainings', 'Assign Events'].map((name) =>
      page.getByRole('tab', { name }),
    );
    await expectOnOneLine(page, tabs);

    // The member's Transcript: every date on screen, nothing to scroll sideways.
    const card = page.getByRole('region', { name: 'Team members' }).getByRole('article').first();
    await card.getByRole('button', { name: 'Transcript' }).click();
    const drawer = page.getByRole('dialog');
    const transcript = drawer.getByRole('table', { name: 'Transcript' });
    await expect(transcript.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page, drawer);
    await expectWhollyOnScreen(page, transcript.getByRole('row').nth(1));
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Assign Trainings' }).click();
    const trainings = page.getByRole('table', { name: 'Assigned trainings' });
    // The first training's row (the header row, with its select-all box, comes before it).
    const row = trainings
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Reassign Training' }) })
      .first();
    for (const action of ['Reassign Training', 'Resend Email', 'Edit', 'Delete'])
      await expectWhollyOnScreen(
        page,
        row.getByRole(action === 'Edit' ? 'link' : 'button', { name: action }),
      );
    await expectNoSidewaysScroll(page, trainings);
  });

  test('the import report shows each status badge whole', async ({ page, request }) => {
    const { growth } = await seedTeams(await leadApi(request));
    await openSignedIn(page, LEAD, '/user-portal/user-dashboard');
    await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
    const report = await importMembers(page, growth._id);
    for (const status of ['created', 'refused']) {
      const badge = report.getByText(status, { exact: true });
      await expectWholeText(badge);
      await expectWhollyOnScreen(page, badge);
    }
  });
});

test.describe('a tablet', () => {
  test.use(TABLET);

  test('the sidebar is a drawer and the users list keeps Status and Actions on screen', async ({ page }) => {
    await openUsers(page);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'User Group' }).click();
    await expect(page).toHaveURL(/\/app\/user-management\/users-group/);
    await expect(sidebar).not.toBeInViewport();

    await page.goto('/app/user-management/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expectWhollyOnScreen(page, table.getByRole('columnheader', { name: 'Status' }));
    await expectWhollyOnScreen(page, table.getByRole('columnheader', { name: 'Actions' }));
    const first = table.getByRole('row').nth(1);
    await expectWhollyOnScreen(page, first.getByRole('switch'));
    await expectWhollyOnScreen(page, first.getByRole('button', { name: /^Edit / }));
    await expectNoSidewaysScroll(page, table);
  });
});

test.describe('a desktop', () => {
  test.use(DESKTOP);

  test('the sidebar keeps its spec widths, toggled by the menu icon', async ({ page }) => {
    await openUsers(page);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
    const width = async () => (await sidebar.boundingBox())?.width ?? 0;
    expect(await width()).toBeCloseTo(256, 0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(width).toBeCloseTo(64, 0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(width).toBeCloseTo(256, 0);
  });

  test('the import report shows each status badge whole', async ({ page, request }) => {
    const { growth } = await seedTeams(await leadApi(request));
    await openSignedIn(page, LEAD, '/user-portal/user-dashboard');
    await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
    const report = await importMembers(page, growth._id);
    for (const status of ['created', 'refused'])
      await expectWholeText(report.getByText(status, { exact: true }));
  });
});
