import { expect, test } from '@playwright/test';
import { memberMessages } from '../../contract/member.ts';
import type { OrganizationList } from '../../contract/team-dashboard.ts';
import {
  fillNewMember,
  leadApi,
  memberDetail,
  memberList,
  openTeamDashboard,
  pendingButton,
  QUEUED,
  restoreDefaultTeam,
  SYNCED,
  searchMembers,
  seedTeams,
  signInLeadWithWorker,
  teamMember,
  waitForCacheWrite,
} from './support/outbox.ts';
import { readOutbox, readStoredToken } from './support/outbox-page.ts';

test('offline changes survive a reload and are sent once when the connection is back', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const { organizations, growth, enterprise } = await seedTeams(api);
  expect(organizations.default).toBe(growth._id);
  const edited = await teamMember(api, growth._id, 1);
  const stamp = Date.now();
  const email = `offline.${stamp}@example.com`;
  const newLastName = `Offline${stamp}`;
  const before = await memberDetail(api, edited._id, growth._id);

  await signInLeadWithWorker(page);
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();
  // The member list and the member to edit are opened once online, so they are saved on the device.
  await openTeamDashboard(page, growth._id, `${edited.firstName} ${edited.lastName}`);
  await page.goto(`/user-portal/team-dashboard/members/edit/${edited._id}/${growth._id}`);
  await expect(page.getByLabel('Last Name*')).toHaveValue(before.lastName);
  await waitForCacheWrite(page);
  await fillNewMember(page, growth._id, { firstName: 'Olive', lastName: `Queue${stamp}`, email });
  await waitForCacheWrite(page);

  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The worker could not reach the server either: it kept the change and answered 202 queued.
  await expect(page.getByText(QUEUED).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${growth._id}`));
  const newCard = memberList(page).getByRole('article', { name: `Olive Queue${stamp}` });
  await expect(newCard).toBeVisible();
  await expect(newCard.getByText('Pending')).toBeVisible();
  await expect(pendingButton(page)).toHaveText('1 pending');

  await memberList(page)
    .getByRole('link', { name: `Edit ${edited.firstName} ${edited.lastName}` })
    .click();
  await expect(page.getByLabel('Last Name*')).toHaveValue(before.lastName);
  await page.getByLabel('Last Name*').fill(newLastName);
  await page.getByRole('button', { name: 'Update & Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${growth._id}`));
  const editedCard = memberList(page).getByRole('article', { name: `${edited.firstName} ${newLastName}` });
  await expect(editedCard.getByText('Pending')).toBeVisible();
  await expect(pendingButton(page)).toHaveText('2 pending');

  await page.getByLabel('Organization :').click();
  // Each team's Set Default button sits beside its option, named after the team.
  const setDefault = (title: string) => page.getByRole('button', { name: `Set Default: ${title}` });
  const isDefault = (title: string) => page.getByRole('button', { name: `Default: ${title}`, exact: true });
  await setDefault('Enterprise Team').click();
  await expect(isDefault('Enterprise Team')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(pendingButton(page)).toHaveText('3 pending');

  // Nothing reached the server while offline.
  expect((await searchMembers(api, growth._id, email)).total).toBe(0);

  // A reload while still offline: the outbox and the changed screen are still there.
  await waitForCacheWrite(page);
  await page.reload();
  await expect(pendingButton(page)).toHaveText('3 pending');
  await expect(memberList(page).getByRole('article', { name: `Olive Queue${stamp}` })).toBeVisible();
  await expect(
    memberList(page)
      .getByRole('article', { name: `${edited.firstName} ${newLastName}` })
      .getByText('Pending'),
  ).toBeVisible();
  await pendingButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Offline changes' });
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await expect(panel.getByRole('listitem', { name: `Add member: Olive Queue${stamp}` })).toContainText(
    'Pending',
  );
  await expect(
    panel.getByRole('listitem', { name: `Edit member: ${edited.firstName} ${newLastName}` }),
  ).toBeVisible();
  await expect(
    panel.getByRole('listitem', { name: 'Set default organization: Enterprise Team' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Back online: the page reports it, the worker replays the queue in order and the badge clears.
  await context.setOffline(false);
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 20_000 });
  await expect(pendingButton(page)).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();
  // The cards were refetched from the server: none is marked pending any more.
  await expect(memberList(page).getByRole('article').first()).toBeVisible();
  await expect(memberList(page).getByText('Pending')).toHaveCount(0);

  // The server has each change exactly once.
  const found = await searchMembers(api, growth._id, email);
  expect(found.total).toBe(1);
  expect(found.data.map((card) => card.email)).toEqual([email]);
  const after = await memberDetail(api, edited._id, growth._id);
  expect(after.lastName).toBe(newLastName);
  expect(after.version).toBe(before.version + 1);
  expect((await api.get<OrganizationList>('/team/team-lead')).default).toBe(enterprise._id);

  await restoreDefaultTeam(api, growth._id);
});

test('a change the server refuses on replay is shown as failed with its message, and Discard removes it', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const { growth } = await seedTeams(api);
  const member = await teamMember(api, growth._id, 2);
  const before = await memberDetail(api, member._id, growth._id);
  const stamp = Date.now();

  await signInLeadWithWorker(page);
  await openTeamDashboard(page, growth._id, `${member.firstName} ${member.lastName}`);
  await page.goto(`/user-portal/team-dashboard/members/edit/${member._id}/${growth._id}`);
  await expect(page.getByLabel('Last Name*')).toHaveValue(before.lastName);

  await context.setOffline(true);
  await page.getByLabel('Last Name*').fill(`Stale${stamp}`);
  await page.getByRole('button', { name: 'Update & Close' }).click();
  await expect(page.getByText(QUEUED).first()).toBeVisible();
  await expect(pendingButton(page)).toHaveText('1 pending');

  // Meanwhile someone else changes the member: the queued edit now carries a stale version.
  const changed = await api.patchMultipart(`/user-portal/user/${member._id}`, {
    firstName: before.firstName,
    lastName: `Server${stamp}`,
    email: before.email,
    teamId: growth._id,
    version: String(before.version),
  });
  expect(changed.status()).toBe(200);

  await context.setOffline(false);
  await expect(pendingButton(page)).toHaveText('1 failed', { timeout: 20_000 });
  const staleCard = memberList(page).getByRole('article', { name: `${before.firstName} Stale${stamp}` });
  await expect(staleCard.getByText('Failed')).toBeVisible();
  await pendingButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Offline changes' });
  const entry = panel.getByRole('listitem', { name: `Edit member: ${before.firstName} Stale${stamp}` });
  await expect(entry).toContainText('Failed');
  await expect(entry).toContainText(memberMessages.staleVersion);
  await entry.getByRole('button', { name: 'Discard' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  await expect(panel.getByText('No changes waiting.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pendingButton(page)).toHaveCount(0);
  // The screen no longer shows the discarded change.
  await expect(staleCard).toHaveCount(0);

  // The refused change never reached the record: the other edit stands.
  const after = await memberDetail(api, member._id, growth._id);
  expect(after).toMatchObject({ lastName: `Server${stamp}`, version: before.version + 1 });
});

test('changes wait while the session is revoked and are sent with the new token after signing in again', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const { organizations, growth, enterprise } = await seedTeams(api);
  expect(organizations.default).toBe(growth._id);

  await signInLeadWithWorker(page);
  await openTeamDashboard(page, growth._id);

  await context.setOffline(true);
  await page.getByLabel('Organization :').click();
  // Each team's Set Default button sits beside its option, named after the team.
  const setDefault = (title: string) => page.getByRole('button', { name: `Set Default: ${title}` });
  await setDefault('Enterprise Team').click();
  await expect(page.getByText(QUEUED).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pendingButton(page)).toHaveText('1 pending');

  // The session ends on the server (signed out elsewhere) while the change waits.
  const token = await readStoredToken(page);
  expect(token).toBeTruthy();
  const revoked = await request.post('/api/v1/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(200);

  await context.setOffline(false);
  // The replay is answered 401: the change stays pending and the queue waits for a new session.
  await expect
    .poll(() => readOutbox(page), { timeout: 20_000 })
    .toEqual([
      expect.objectContaining({ lastStatus: 401, status: 'pending', action: 'Set default organization' }),
    ]);
  expect((await api.get<OrganizationList>('/team/team-lead')).default).toBe(growth._id);

  await signInLeadWithWorker(page);
  await expect
    .poll(async () => (await api.get<OrganizationList>('/team/team-lead')).default, { timeout: 20_000 })
    .toBe(enterprise._id);
  await expect.poll(async () => (await readOutbox(page)).length).toBe(0);
  await expect(pendingButton(page)).toHaveCount(0);

  await restoreDefaultTeam(api, growth._id);
});
