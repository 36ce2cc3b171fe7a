import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { type MemberDetail, memberMessages } from '../../contract/member.ts';
import type { LoginResult } from '../../contract/session.ts';
import type { OrganizationList, TeamMemberCard } from '../../contract/team-dashboard.ts';
import { LEAD, signIn, waitForServiceWorker } from './support/actions.ts';

const QUEUED = 'Saved offline. It will be sent when the connection is back.';
const SYNCED = 'All offline changes are synced.';

async function leadApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', { data: LEAD });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The lead must not need a password reset');
  const headers = { Authorization: `Bearer ${results.token}` };
  const get = async <T>(path: string) => {
    const response = await request.get(`/api/v1${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  const post = (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data });
  const patchMultipart = (path: string, multipart: Record<string, string>) =>
    request.patch(`/api/v1${path}`, { headers, multipart });
  return { get, post, patchMultipart };
}

const memberList = (page: Page) => page.getByRole('region', { name: 'Team members' });
const pendingButton = (page: Page) => page.getByRole('button', { name: /^Pending changes:/ });

test('offline changes survive a reload and are sent once when the connection is back', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const organizations = await api.get<OrganizationList>('/team/team-lead');
  const growth = organizations.data.find((team) => team.title === 'Growth Team');
  const enterprise = organizations.data.find((team) => team.title === 'Enterprise Team');
  if (!growth || !enterprise) throw new Error('The seed has the Growth and Enterprise teams');
  expect(organizations.default).toBe(growth._id);
  const cards = (await api.get<Paged<TeamMemberCard>>(`/team/member-list/${growth._id}?page=1`)).data;
  const edited = cards[1];
  if (!edited) throw new Error('Growth Team has at least two members');
  const stamp = Date.now();
  const email = `offline.${stamp}@example.com`;
  const newLastName = `Offline${stamp}`;
  const before = await api.get<MemberDetail>(`/user-portal/user/${edited._id}?team=${growth._id}`);

  await signIn(page, LEAD);
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
  await waitForServiceWorker(page);
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();
  // The member list and the member to edit are opened once online, so they are saved on the device.
  await page.goto(`/user-portal/team-dashboard?team=${growth._id}`);
  await expect(
    memberList(page).getByRole('article', { name: `${edited.firstName} ${edited.lastName}` }),
  ).toBeVisible();
  // The cache is written to the device a moment after it changes, before the next page loads.
  await page.waitForTimeout(1500);
  await page.goto(`/user-portal/team-dashboard/members/edit/${edited._id}/${growth._id}`);
  await expect(page.getByLabel('Last Name*')).toHaveValue(before.lastName);
  await page.waitForTimeout(1500);
  await page.goto(`/user-portal/team-dashboard/members/add/${growth._id}`);
  await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
  await page.getByLabel('First Name*').fill('Olive');
  await page.getByLabel('Last Name*').fill(`Queue${stamp}`);
  await page.getByLabel('Email*').fill(email);
  await page.getByLabel('Password*', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password*').fill('secret12');
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The worker could not reach the server either: it kept the change and answered 202 queued.
  await expect(page.getByText(QUEUED).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${growth._id}`));
  const newCard = memberList(page).getByRole('article', { name: `Olive Queue${stamp}` });
  await expect(newCard).toBeVisible();
  await expect(newCard.getByText('Pending')).toBeVisible();
  await expect(pendingButton(page)).toHaveText('Pending changes: 1');

  await memberList(page)
    .getByRole('link', { name: `Edit ${edited.firstName} ${edited.lastName}` })
    .click();
  await expect(page.getByLabel('Last Name*')).toHaveValue(before.lastName);
  await page.getByLabel('Last Name*').fill(newLastName);
  await page.getByRole('button', { name: 'Update & Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${growth._id}`));
  const editedCard = memberList(page).getByRole('article', { name: `${edited.firstName} ${newLastName}` });
  await expect(editedCard.getByText('Pending')).toBeVisible();
  await expect(pendingButton(page)).toHaveText('Pending changes: 2');

  await page.getByLabel('Organization :').click();
  const option = (title: string) => page.getByRole('option', { name: new RegExp(title) });
  await option('Enterprise Team').getByRole('button', { name: 'Set Default' }).click();
  await expect(option('Enterprise Team').getByRole('button', { name: 'Default' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(pendingButton(page)).toHaveText('Pending changes: 3');

  // Nothing reached the server while offline.
  const offlineSearch = await api.get<Paged<TeamMemberCard>>(
    `/team/member-list/${growth._id}?page=1&search=${encodeURIComponent(email)}`,
  );
  expect(offlineSearch.total).toBe(0);

  // A reload while still offline: the outbox and the changed screen are still there.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(pendingButton(page)).toHaveText('Pending changes: 3');
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
  const found = await api.get<Paged<TeamMemberCard>>(
    `/team/member-list/${growth._id}?page=1&search=${encodeURIComponent(email)}`,
  );
  expect(found.total).toBe(1);
  expect(found.data.map((card) => card.email)).toEqual([email]);
  const after = await api.get<MemberDetail>(`/user-portal/user/${edited._id}?team=${growth._id}`);
  expect(after.lastName).toBe(newLastName);
  expect(after.version).toBe(before.version + 1);
  expect((await api.get<OrganizationList>('/team/team-lead')).default).toBe(enterprise._id);

  // Put the seed's default back for the tests that follow.
  expect((await api.post('/team/set-default-Team', { defaultTeamId: growth._id })).status()).toBe(200);
});

test('a change the server refuses on replay is shown as failed with its message, and Discard removes it', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const organizations = await api.get<OrganizationList>('/team/team-lead');
  const growth = organizations.data.find((team) => team.title === 'Growth Team');
  if (!growth) throw new Error('The seed has the Growth Team');
  const member = (await api.get<Paged<TeamMemberCard>>(`/team/member-list/${growth._id}?page=1`)).data[2];
  if (!member) throw new Error('Growth Team has at least three members');
  const before = await api.get<MemberDetail>(`/user-portal/user/${member._id}?team=${growth._id}`);
  const stamp = Date.now();

  await signIn(page, LEAD);
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
  await waitForServiceWorker(page);
  await page.goto(`/user-portal/team-dashboard?team=${growth._id}`);
  await expect(
    memberList(page).getByRole('article', { name: `${member.firstName} ${member.lastName}` }),
  ).toBeVisible();
  await page.waitForTimeout(1500);
  await page.goto(`/user-portal/team-dashboard/members/edit/${member._id}/${growth._id}`);
  await expect(page.getByLabel('Last Name*')).toHaveValue(before.lastName);

  await context.setOffline(true);
  await page.getByLabel('Last Name*').fill(`Stale${stamp}`);
  await page.getByRole('button', { name: 'Update & Close' }).click();
  await expect(page.getByText(QUEUED).first()).toBeVisible();
  await expect(pendingButton(page)).toHaveText('Pending changes: 1');

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
  await expect(pendingButton(page)).toHaveText('Pending changes: 0 · Failed: 1', { timeout: 20_000 });
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
  const after = await api.get<MemberDetail>(`/user-portal/user/${member._id}?team=${growth._id}`);
  expect(after).toMatchObject({ lastName: `Server${stamp}`, version: before.version + 1 });
});

/** Reads an IndexedDB store of the page's origin: the app's local store or the worker's outbox. */
function readStore(page: Page, database: string, store: string) {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(name as string);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result
            .transaction(storeName as string)
            .objectStore(storeName as string)
            .getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    [database, store],
  );
}

test('changes wait while the session is revoked and are sent with the new token after signing in again', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const organizations = await api.get<OrganizationList>('/team/team-lead');
  const growth = organizations.data.find((team) => team.title === 'Growth Team');
  const enterprise = organizations.data.find((team) => team.title === 'Enterprise Team');
  if (!growth || !enterprise) throw new Error('The seed has the Growth and Enterprise teams');
  expect(organizations.default).toBe(growth._id);

  await signIn(page, LEAD);
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
  await waitForServiceWorker(page);
  await page.goto(`/user-portal/team-dashboard?team=${growth._id}`);
  await expect(memberList(page).getByRole('article').first()).toBeVisible();

  await context.setOffline(true);
  await page.getByLabel('Organization :').click();
  const option = (title: string) => page.getByRole('option', { name: new RegExp(title) });
  await option('Enterprise Team').getByRole('button', { name: 'Set Default' }).click();
  await expect(page.getByText(QUEUED).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pendingButton(page)).toHaveText('Pending changes: 1');

  // The session ends on the server (signed out elsewhere) while the change waits.
  const token = await page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('TheBlueCollarSuccess');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result
            .transaction('blue_collar_store')
            .objectStore('blue_collar_store')
            .get('token');
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
  expect(token).toBeTruthy();
  const revoked = await request.post('/api/v1/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(200);

  await context.setOffline(false);
  // The replay is answered 401: the change stays pending and the queue waits for a new session.
  await expect
    .poll(
      async () =>
        (await readStore(page, 'training-admin-outbox', 'entries')) as { lastStatus: number | null }[],
      {
        timeout: 20_000,
      },
    )
    .toEqual([
      expect.objectContaining({ lastStatus: 401, status: 'pending', action: 'Set default organization' }),
    ]);
  expect((await api.get<OrganizationList>('/team/team-lead')).default).toBe(growth._id);

  await signIn(page, LEAD);
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
  await expect
    .poll(async () => (await api.get<OrganizationList>('/team/team-lead')).default, { timeout: 20_000 })
    .toBe(enterprise._id);
  await expect.poll(async () => (await readStore(page, 'training-admin-outbox', 'entries')).length).toBe(0);
  await expect(pendingButton(page)).toHaveCount(0);

  // Put the seed's default back for the tests that follow.
  expect((await api.post('/team/set-default-Team', { defaultTeamId: growth._id })).status()).toBe(200);
});
