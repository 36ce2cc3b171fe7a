import { expect, type Page, test } from '@playwright/test';
import type { Paged } from '../../contract/envelope.ts';
import type { TeamMemberCard } from '../../contract/team-dashboard.ts';
import { LEAD, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { leadChecklist } from './support/checklist-course.ts';
import { assignedChecklist, PHOTO } from './support/checklists.ts';
import { newLearner } from './support/learning.ts';
import { leadApi, memberList, QUEUED, SYNCED, seedTeams, waitForCacheWrite } from './support/outbox.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

test.use(PHONE);

const RECORDED = 'Checklist item recorded.';

/** From the team dashboard, a member's card's checklist bar opens their checklists. */
async function openMemberChecklists(page: Page, learner: { name: string; email: string; teamId: string }) {
  await openSignedIn(
    page,
    LEAD,
    `/user-portal/team-dashboard?team=${learner.teamId}&memberSearch=${encodeURIComponent(learner.email)}`,
  );
  const card = memberList(page).getByRole('article', { name: learner.name });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('link', { name: /Checklist Progress/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${learner.name}: Checklists` })).toBeVisible({
    timeout: 20_000,
  });
}

const item = (page: Page, title: string) => page.getByRole('article', { name: title });

test('a lead signs an item off with a photo, marks one not yet with a note, and withdraws a sign-off with a reason', async ({
  page,
  request,
}) => {
  const run = `${Date.now()}`;
  const learner = await newLearner(request, `lead-${run}`);
  const setup = await assignedChecklist(request, run, learner._id, [
    { title: 'Drives forward and back', type: 'leadSignOff' },
    { title: 'Parks safely', type: 'leadSignOff' },
    { title: 'Safe to operate alone', type: 'rating' },
  ]);

  await openMemberChecklists(page, learner);
  const summary = page.getByRole('article', { name: setup.checklistTitle });
  await expect(summary.getByText('0 of 3 done')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await summary.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: setup.checklistTitle })).toBeVisible();
  await expect(item(page, 'Drives forward and back')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Sign-off with a note and a photo chosen from the device.
  const drives = item(page, 'Drives forward and back');
  await drives.getByRole('button', { name: 'Sign off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign off: Drives forward and back' });
  await dialog.getByLabel('Note').fill('Smooth on the ramp.');
  await dialog.locator('input[type="file"]').first().setInputFiles({
    name: 'ramp.png',
    mimeType: 'image/png',
    buffer: PHOTO.buffer,
  });
  await dialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(page.getByText(RECORDED).first()).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(drives.getByText('Done', { exact: true })).toBeVisible();
  const history = drives.getByRole('list', { name: 'History' });
  await expect(history.getByText(/^Signed off by .+ \(team lead\), /)).toBeVisible();
  await expect(history.getByText('Smooth on the ramp.')).toBeVisible();
  await expect(history.getByRole('button', { name: 'ramp.png' })).toBeVisible();
  await expect(page.getByText('1 of 3 done')).toBeVisible();

  // 'Not yet' with a note keeps the item open in its history.
  const parks = item(page, 'Parks safely');
  await parks.getByRole('button', { name: 'Not yet' }).click();
  const notYet = page.getByRole('dialog', { name: 'Not yet: Parks safely' });
  await notYet.getByLabel('Note').fill('Brakes too late at the bay.');
  await notYet.getByRole('button', { name: 'Mark not yet' }).click();
  await expect(notYet).toBeHidden({ timeout: 20_000 });
  await expect(parks.getByText('Not yet', { exact: true }).first()).toBeVisible();
  await expect(
    parks.getByRole('list', { name: 'History' }).getByText('Brakes too late at the bay.'),
  ).toBeVisible();

  // The lead takes back their own sign-off, with a reason: it stays in the history.
  await drives.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw: Drives forward and back' });
  await withdraw.getByLabel('Reason').fill('Signed the wrong person off.');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw).toBeHidden({ timeout: 20_000 });
  await expect(drives.getByText('Open', { exact: true })).toBeVisible();
  await expect(history.getByText(/^Withdrew by .+ \(team lead\), /)).toBeVisible();
  await expect(history.getByText('Reason: Signed the wrong person off.')).toBeVisible();
  await expect(history.getByText(/^Withdrawn /)).toBeVisible();
  await expect(page.getByText('0 of 3 done')).toBeVisible();

  // The server holds it all: the sign-off with its photo withdrawn, the 'not yet' with its note.
  const stored = await leadChecklist(request, learner.teamId, learner._id, setup.checklistId);
  const [drove, parked] = stored.items;
  expect(drove?.state).toBe('open');
  expect(drove?.history.map((row) => row.action)).toEqual(['withdraw', 'done']);
  expect(drove?.history[1]).toMatchObject({
    note: 'Smooth on the ramp.',
    hasFile: true,
    fileName: 'ramp.png',
  });
  expect(drove?.history[1]?.withdrawnAt).not.toBeNull();
  expect(drove?.history[0]?.note).toBe('Signed the wrong person off.');
  expect(parked?.state).toBe('notYet');
  expect(parked?.current).toMatchObject({ action: 'notYet', note: 'Brakes too late at the bay.' });
});

test('a lead signs one item off for several members at once, with one note', async ({ page, request }) => {
  const run = `${Date.now()}`;
  const first = await newLearner(request, `bulk-a-${run}`);
  const second = await newLearner(request, `bulk-b-${run}`);
  const setup = await assignedChecklist(
    request,
    `bulk-${run}`,
    [first._id, second._id],
    [
      { title: 'Loads a pallet', type: 'leadSignOff' },
      { title: 'Knows the evacuation route', type: 'learnerTick' },
    ],
  );

  await openMemberChecklists(page, first);
  await page
    .getByRole('article', { name: setup.checklistTitle })
    .getByRole('link', { name: 'Sign off for several members' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign off this item for these members' }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('combobox', { name: 'Item' }).click();
  await page.getByRole('option', { name: '1. Loads a pallet' }).click();
  // Only a lead's sign-off is offered: the learner's own tick is not.
  await page.getByRole('combobox', { name: 'Item' }).click();
  await expect(page.getByRole('option', { name: /Knows the evacuation route/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const submit = page.getByRole('button', { name: /^Sign off for \d+ members?$/ });
  await submit.click();
  await expect(page.getByText('Choose at least one member.')).toBeVisible();
  await page.getByRole('checkbox', { name: first.name }).check();
  await page.getByRole('checkbox', { name: second.name }).check();
  await expectNoSidewaysScroll(page);
  await page.getByLabel('Note').fill('Watched the whole shift load the lorry.');
  await page.getByRole('button', { name: 'Sign off for 2 members' }).click();
  await expect(page.getByText('Item signed off for the chosen members.').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('checkbox', { name: first.name })).toBeDisabled({ timeout: 20_000 });
  await expect(page.getByRole('checkbox', { name: second.name })).toBeDisabled();

  for (const learner of [first, second]) {
    const stored = await leadChecklist(request, learner.teamId, learner._id, setup.checklistId);
    const loads = stored.items.find((entry) => entry.title === 'Loads a pallet');
    expect(loads?.state).toBe('done');
    expect(loads?.history).toHaveLength(1);
    expect(loads?.current).toMatchObject({
      note: 'Watched the whole shift load the lorry.',
      by: { role: 'lead' },
    });
  }
});

test('the checklists of someone who is not a member of the team are not shown, and the way back to the team is', async ({
  page,
  request,
}) => {
  const lead = await leadApi(request);
  const { growth, enterprise } = await seedTeams(lead);
  const growthIds = new Set(
    (await lead.get<Paged<TeamMemberCard>>(`/team/member-list/${growth._id}?page=1&limit=100`)).data.map(
      (card) => card._id,
    ),
  );
  const outsider = (
    await lead.get<Paged<TeamMemberCard>>(`/team/member-list/${enterprise._id}?page=1`)
  ).data.find((card) => !growthIds.has(card._id));
  if (!outsider) throw new Error('The Enterprise Team has a member who is not in the Growth Team');

  // Every alert the page shows, however briefly: the screen's own and any toast.
  await page.addInitScript(() => {
    const shown = new Set<string>();
    (window as unknown as { shownAlerts: Set<string> }).shownAlerts = shown;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) shown.add(alert.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // The reads of the member and of their checklists, each refused.
  const refused = [`/user-portal/user/${outsider._id}`, `/member/${outsider._id}/checklist`].map((path) =>
    page.waitForResponse((response) => response.status() === 404 && response.url().includes(path)),
  );
  await openSignedIn(
    page,
    LEAD,
    `/user-portal/team-dashboard/members/checklists/${outsider._id}/${growth._id}`,
  );
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing to show here' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Open' })).toHaveCount(0);
  // The page says it once: no toast repeated the server's message.
  await Promise.all(refused);
  const shown = await page.evaluate(() => [
    ...(window as unknown as { shownAlerts: Set<string> }).shownAlerts,
  ]);
  expect(shown.filter((text) => !text.includes('Nothing to show here'))).toEqual([]);
  await alert.getByRole('link', { name: 'Back to the team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(new RegExp(`team=${growth._id}`));
});

test('offline, a bulk sign-off waits on the phone, shows on each member’s item, and is sent once', async ({
  page,
  context,
  request,
}) => {
  const run = `${Date.now()}`;
  const first = await newLearner(request, `bulk-off-a-${run}`);
  const second = await newLearner(request, `bulk-off-b-${run}`);
  const setup = await assignedChecklist(
    request,
    `bulk-off-${run}`,
    [first._id, second._id],
    [{ title: 'Stacks the racking', type: 'leadSignOff' }],
  );
  const checklistPath = `/user-portal/team-dashboard/members/checklists/${first._id}/${first.teamId}/${setup.checklistId}`;

  // Online once: the first member's checklist and the bulk screen are kept on the phone.
  await openMemberChecklists(page, first);
  await waitForServiceWorker(page);
  await page.getByRole('article', { name: setup.checklistTitle }).getByRole('link', { name: 'Open' }).click();
  await expect(item(page, 'Stacks the racking').getByRole('button', { name: 'Sign off' })).toBeVisible({
    timeout: 20_000,
  });
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: `${first.name}: Checklists` })
    .click();
  await page
    .getByRole('article', { name: setup.checklistTitle })
    .getByRole('link', { name: 'Sign off for several members' })
    .click();
  await page.getByRole('combobox', { name: 'Item' }).click();
  await page.getByRole('option', { name: '1. Stacks the racking' }).click();
  await expect(page.getByRole('checkbox', { name: second.name })).toBeEnabled({ timeout: 20_000 });
  await waitForCacheWrite(page);

  await context.setOffline(true);
  await page.getByRole('checkbox', { name: first.name }).check();
  await page.getByRole('checkbox', { name: second.name }).check();
  await page.getByRole('button', { name: 'Sign off for 2 members' }).click();
  await expect(page.getByText(QUEUED).first()).toBeVisible({ timeout: 20_000 });
  for (const learner of [first, second])
    await expect(page.getByRole('checkbox', { name: learner.name })).toBeDisabled();
  await expect(
    page.getByRole('group', { name: 'Members' }).getByText('Waiting to be sent', { exact: true }),
  ).toHaveCount(2);

  // A reload offline: the member's item shows the sign-off waiting, and offers nothing more.
  await page.goto(checklistPath);
  const racking = item(page, 'Stacks the racking');
  await expect(racking.getByText(/^Signed off on this device, /)).toBeVisible({ timeout: 20_000 });
  await expect(racking.getByText('Waiting to be sent', { exact: true })).toBeVisible();
  await expect(racking.getByRole('button', { name: 'Sign off' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByText(SYNCED).first()).toBeVisible({ timeout: 60_000 });
  await expect(racking.getByRole('list', { name: 'History' }).getByText(/^Signed off by /)).toBeVisible({
    timeout: 20_000,
  });
  for (const learner of [first, second]) {
    const stored = await leadChecklist(request, learner.teamId, learner._id, setup.checklistId);
    expect(stored.items[0]?.state).toBe('done');
    expect(stored.items[0]?.history).toHaveLength(1);
  }
});
