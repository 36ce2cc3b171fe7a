import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addMember, apiAs as apiOf } from './support/account-control.ts';
import { ADMIN, LEAD, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { readStoredValue } from './support/outbox-page.ts';

/** The lead's teams as the API knows them (seed: Growth Team is the default, Enterprise Team the other). */
type Org = { _id: string; title: string };
type Card = { _id: string; firstName: string; lastName: string; email: string };
type Paged<T> = { data: T[]; page: number; totalPages: number; total: number };

async function apiAs(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', { data: LEAD });
  const { results } = (await login.json()) as { results: { token: string } };
  const headers = { Authorization: `Bearer ${results.token}` };
  const get = async <T>(path: string) => {
    const response = await request.get(`/api/v1${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return ((await response.json()) as { results: T }).results;
  };
  const post = (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data });
  const patch = (path: string, data: unknown) => request.patch(`/api/v1${path}`, { headers, data });
  const status = async (path: string) => (await request.get(`/api/v1${path}`, { headers })).status();
  return { get, post, patch, status };
}

async function teams(request: APIRequestContext) {
  const api = await apiAs(request);
  const list = await api.get<{ data: Org[]; default: string }>('/team/team-lead');
  const byTitle = (title: string) => list.data.find((team) => team.title === title) as Org;
  return { api, list, growth: byTitle('Growth Team'), enterprise: byTitle('Enterprise Team') };
}

const fullName = (card: Card) => `${card.firstName} ${card.lastName}`;

async function openDashboard(page: Page, search = '') {
  await openSignedIn(page, LEAD, `/user-portal/team-dashboard${search}`);
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
}

const memberList = (page: Page) => page.getByRole('region', { name: 'Team members' });

test('a missing or bad team is replaced by the default one, and a bad tab falls back', async ({
  page,
  request,
}) => {
  const { growth } = await teams(request);
  // From the home screen, so that going back below has somewhere to go.
  await openSignedIn(page, LEAD, '/user-portal/user-dashboard');
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
  await page.goto('/user-portal/team-dashboard?activeTab=nope&team=not-a-uuid');
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`team=${growth._id}`));
  await expect(page.getByRole('tab', { name: 'Team Members' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Organization :')).toHaveValue('Growth Team');
  // Replaced, not pushed: going back leaves the dashboard instead of returning to the bad address.
  await page.goBack();
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
});

test('the tab and team in the address open that tab for that team', async ({ page, request }) => {
  const { enterprise } = await teams(request);
  await openDashboard(page, `?activeTab=trainings&team=${enterprise._id}`);
  await expect(page.getByRole('tab', { name: 'Assign Trainings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Organization :')).toHaveValue('Enterprise Team');
  await expect(page.getByRole('row', { name: /Enterprise Compliance/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Assign Events' }).click();
  await expect(page).toHaveURL(/activeTab=events/);
  // The seed's demo events, each a card to register the team's members on.
  await expect(page.getByRole('article').first().getByRole('button', { name: 'Register' })).toBeVisible();
});

test('switching organization changes the team in the address and its members', async ({ page, request }) => {
  const { api, growth, enterprise } = await teams(request);
  const [growthFirst] = (await api.get<Paged<Card>>(`/team/member-list/${growth._id}?page=1`)).data;
  const [enterpriseFirst] = (await api.get<Paged<Card>>(`/team/member-list/${enterprise._id}?page=1`)).data;
  await openDashboard(page);
  await expect(memberList(page).getByRole('article', { name: fullName(growthFirst as Card) })).toBeVisible();

  await page.getByLabel('Organization :').click();
  await page
    .getByRole('option', { name: /Enterprise Team/ })
    .getByText('Enterprise Team')
    .click();
  await expect(page).toHaveURL(new RegExp(`team=${enterprise._id}`));
  await expect(
    memberList(page).getByRole('article', { name: fullName(enterpriseFirst as Card) }),
  ).toBeVisible();
  await expect(page.getByLabel('Organization :')).toHaveValue('Enterprise Team');
});

test('the team picker and the member filters answer the keyboard from the first key, as a tap opens them', async ({
  page,
  request,
}) => {
  const { enterprise } = await teams(request);
  await openDashboard(page);
  // Focus opens the team picker, where typing narrows the teams and Enter picks one.
  const picker = page.getByRole('combobox', { name: 'Organization :' });
  await picker.focus();
  await expect(picker).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'Organizations' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Enterprise');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`team=${enterprise._id}`));
  await expect(picker).toHaveValue('Enterprise Team');

  // A sort, focused, opens with Arrow Down and picks with Enter.
  const sort = page.getByRole('combobox', { name: 'Sort by', exact: true });
  await sort.focus();
  await expect(sort).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const descending = page.getByRole('option', { name: 'Name (Z to A)' });
  await expect(descending).toBeVisible();
  // The first Arrow Down in the open list reaches its first option, the next one the second.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(sort).toHaveAttribute(
    'aria-activedescendant',
    (await descending.getAttribute('id')) as string,
  );
  await page.keyboard.press('Enter');
  await expect(sort).toHaveValue('Name (Z to A)');
  await expect(page).toHaveURL(/sort=descending/);

  // One tap opens a filter's list.
  await page.getByRole('combobox', { name: 'Department', exact: true }).click();
  await expect(page.getByRole('option', { name: 'All', exact: true })).toBeVisible();
});

test('Set Default makes a team the default without switching to it', async ({ page, request }) => {
  const { api, growth, enterprise } = await teams(request);
  await openDashboard(page, `?team=${growth._id}`);
  await page.getByLabel('Organization :').click();
  // Each team's Set Default button sits beside its option, named after the team.
  const setDefault = (title: string) => page.getByRole('button', { name: `Set Default: ${title}` });
  const isDefault = (title: string) => page.getByRole('button', { name: `Default: ${title}`, exact: true });
  await expect(isDefault('Growth Team')).toBeDisabled();
  await setDefault('Enterprise Team').click();
  await expect(page.getByText('Default organization is updated successfully.')).toBeVisible();
  await expect(isDefault('Enterprise Team')).toBeDisabled();
  await expect(setDefault('Growth Team')).toBeEnabled();
  await expect(page).toHaveURL(new RegExp(`team=${growth._id}`));
  expect((await api.get<{ default: string }>('/team/team-lead')).default).toBe(enterprise._id);
  // Put the seed's default back for the tests that follow.
  expect((await api.post('/team/set-default-Team', { defaultTeamId: growth._id })).status()).toBe(200);
});

test('scrolling to the bottom loads the next page until No More Record', async ({ page, request }) => {
  const { api, growth } = await teams(request);
  // Tests before this one may have added members to the team: the last card is on its last page.
  const members = `/team/member-list/${growth._id}`;
  const { total } = await api.get<Paged<Card>>(`${members}?page=1&limit=20`);
  expect(total).toBeGreaterThan(20);
  const lastPage = await api.get<Paged<Card>>(`${members}?page=${Math.ceil(total / 20)}&limit=20`);
  const last = lastPage.data.at(-1) as Card;
  await openDashboard(page, `?team=${growth._id}`);
  const list = memberList(page);
  await expect(list.getByRole('article').first()).toBeVisible();
  await expect(list.getByRole('article', { name: fullName(last) })).toHaveCount(0);
  await expect(async () => {
    await list.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect(list.getByText('No More Record')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(list.getByRole('article', { name: fullName(last) })).toBeVisible();
  // Only the cards near the view are in the page.
  expect(await list.getByRole('article').count()).toBeLessThan(total);
});

test('search narrows the list on the server', async ({ page, request }) => {
  const { api, growth } = await teams(request);
  const member = (await api.get<Paged<Card>>(`/team/member-list/${growth._id}?page=1`)).data[3] as Card;
  await openDashboard(page, `?team=${growth._id}`);
  const list = memberList(page);
  await expect(list.getByRole('article').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(member.email);
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article', { name: fullName(member) })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('no-such-member-anywhere');
  await expect(list.getByText('No team members found.')).toBeVisible();
});

test('reassigning a training sets its new deadline', async ({ page, request }) => {
  const { api, growth } = await teams(request);
  await openDashboard(page, `?activeTab=trainings&team=${growth._id}`);
  const row = page.getByRole('row', { name: /Sales Excellence/ });
  await expect(row).toContainText('—');
  await row.getByRole('button', { name: 'Reassign Training' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign Training' });
  await dialog.getByLabel('New Deadline (Optional)').fill('2031-03-14');
  // Tab closes the calendar (Escape would close the dialog too).
  await dialog.getByLabel('New Deadline (Optional)').press('Tab');
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText('Training is reassigned successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Mar 14, 2031');
  const list = await api.get<Paged<{ title: string; deadline: string | null }>>(
    `/course-assignment?team=${growth._id}&search=Sales%20Excellence`,
  );
  expect(list.data[0]?.deadline).toBe('2031-03-14');
});

test('a new training is checked, saved and listed', async ({ page, request }) => {
  const { growth } = await teams(request);
  await openDashboard(page, `?activeTab=trainings&team=${growth._id}`);
  await page.getByRole('link', { name: 'Assign New Training' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/team-dashboard/assign-new-training\\?team=${growth._id}`));
  await expect(page.getByRole('heading', { name: 'Assign New Training' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Training title is required.')).toBeVisible();
  await expect(page.getByText('You must select at least one course.')).toBeVisible();

  await page.getByLabel('Training Title*').fill('Refresher for the field crew');
  await page.getByRole('combobox', { name: 'Courses*' }).fill('First Aid');
  await page.getByRole('option', { name: 'First Aid Basics' }).click();
  await page.getByRole('combobox', { name: 'Courses*' }).press('Escape');
  await page.getByText('Selected members').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You must select at least one team member.')).toBeVisible();
  await page.getByText('All team members').click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText("Training 'Refresher for the field crew' created.")).toBeVisible();
  await expect(page).toHaveURL(/\/user-portal\/team-dashboard\?/);
  await expect(page).toHaveURL(/activeTab=trainings/);
  const row = page.getByRole('row', { name: /Refresher for the field crew/ });
  await expect(row).toBeVisible();
  // The first cell holds the row's checkbox, the second its title, the third its count of courses.
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
});

test('editing a training pre-fills it, a stale edit shows the current record, and Delete removes it', async ({
  page,
  request,
}) => {
  const { api, enterprise } = await teams(request);
  type Detail = { version: number; courses: { _id: string }[] };
  const list = await api.get<Paged<{ _id: string }>>(
    `/course-assignment?team=${enterprise._id}&search=Customer%20Care`,
  );
  const id = (list.data[0] as { _id: string })._id;
  await openDashboard(page, `?activeTab=trainings&team=${enterprise._id}`);
  await page
    .getByRole('row', { name: /Customer Care/ })
    .getByRole('link', { name: 'Edit' })
    .click();
  await expect(page).toHaveURL(new RegExp(`trainingId=${id}`));
  await expect(page.getByLabel('Training Title*')).toHaveValue('Customer Care');
  await expect(page.getByText('Conflict Resolution')).toBeVisible();

  // Someone else saves the training meanwhile.
  const detail = await api.get<Detail>(`/course-assignment/${id}`);
  const saved = await api.patch(`/course-assignment/${id}`, {
    teamId: enterprise._id,
    title: 'Customer Care Plus',
    kind: 'assigned',
    assigneeKind: 'teams',
    assigneeIds: [enterprise._id],
    courseIds: detail.courses.map((course) => course._id),
    deadline: null,
    version: detail.version,
  });
  expect(saved.status()).toBe(200);

  await page.getByLabel('Training Title*').fill('Customer Care (edited here)');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('This record was changed by someone else.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Training Title*')).toHaveValue('Customer Care Plus');
  await page.getByLabel('Training Title*').fill('Customer Care Renamed');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText("Training 'Customer Care Renamed' updated.")).toBeVisible();
  const row = page.getByRole('row', { name: /Customer Care Renamed/ });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText("Training 'Customer Care Renamed' deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await api.status(`/course-assignment/${id}`)).toBe(404);
});

test("an administrator's training for the team is listed without the lead's actions", async ({
  page,
  request,
}) => {
  const { enterprise } = await teams(request);
  const admin = await apiOf(request, ADMIN);
  const courses = await admin.get<Paged<{ _id: string; name: string }>>('/course-assignment/course-options', {
    search: 'First Aid',
  });
  const title = `Company-wide refresher ${Date.now()}`;
  const made = await admin.post<{ _id: string; teamId: string | null }>('/course-assignment', {
    title,
    kind: 'assigned',
    assigneeKind: 'teams',
    assigneeIds: [enterprise._id],
    courseIds: courses.data.slice(0, 1).map((course) => course._id),
    deadline: null,
  });
  expect(made.teamId).toBeNull();
  try {
    await openDashboard(page, `?activeTab=trainings&team=${enterprise._id}`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Assigned by an administrator');
    // After the row's checkbox and its title: the count of courses.
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    for (const action of ['Reassign Training', 'Resend Email', 'Delete'])
      await expect(row.getByRole('button', { name: action })).toHaveCount(0);
    await expect(row.getByRole('link', { name: 'Edit' })).toHaveCount(0);

    // Its address on the form says why it cannot be changed there.
    await page.goto(`/app/team-dashboard/assign-new-training?team=${enterprise._id}&trainingId=${made._id}`);
    await expect(page.getByText('This training was assigned by an administrator')).toBeVisible();
    await expect(page.getByLabel('Training Title*')).toHaveCount(0);
  } finally {
    await admin.remove('/course-assignment', { bulkId: [made._id] });
  }
});

test('Resend Email on a card mails the member and says so', async ({ page, request }) => {
  const { growth } = await teams(request);
  await openDashboard(page, `?team=${growth._id}`);
  const card = memberList(page).getByRole('article').first();
  await card.getByRole('button', { name: 'Resend Email' }).click();
  await expect(page.getByText('Invitation email is sent successfully.')).toBeVisible();
});

test('Delete removes a member from the team after a dialog naming them and the team', async ({
  page,
  request,
}) => {
  const { api, enterprise } = await teams(request);
  const before = await api.get<Paged<Card>>(`/team/member-list/${enterprise._id}?page=1`);
  const member = before.data[0] as Card;
  await openDashboard(page, `?team=${enterprise._id}`);
  const card = memberList(page).getByRole('article', { name: fullName(member) });
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Member' });
  await expect(dialog.getByText(`Remove ${fullName(member)} from Enterprise Team?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member is removed from the team successfully.')).toBeVisible();
  await expect(card).toHaveCount(0);
  const after = await api.get<Paged<Card>>(`/team/member-list/${enterprise._id}?page=1`);
  expect(after.total).toBe(before.total - 1);
});

test('the card shortcuts and the Team Report open the real views', async ({ page, request }) => {
  const { api, growth } = await teams(request);
  const member = (await api.get<Paged<Card>>(`/team/member-list/${growth._id}?page=1`)).data[0] as Card;
  const base = `/team/${growth._id}/member/${member._id}`;
  const transcript = await api.get<{ title: string }[]>(`${base}/transcript`);
  const activity = await api.get<unknown[]>(`${base}/activity`);
  const attendance = await api.get<{ title: string }[]>(`${base}/attendance`);
  const summary = await api.get<{ member: { coursesCompleted: number; coursesAssigned: number } }>(
    `${base}/summary`,
  );
  await openDashboard(page, `?team=${growth._id}`);
  const card = memberList(page).getByRole('article', { name: fullName(member) });
  const drawer = page.getByRole('dialog');

  await card.getByRole('button', { name: 'Dashboard' }).click();
  await expect(drawer).toContainText(`Dashboard: ${fullName(member)}`);
  await expect(drawer).toContainText(member.email);
  await expect(drawer).toContainText(`${summary.member.coursesCompleted}/${summary.member.coursesAssigned}`);
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Transcript' }).click();
  expect(transcript.length).toBeGreaterThan(0);
  await expect(drawer.getByRole('table', { name: 'Transcript' }).getByRole('row')).toHaveCount(
    transcript.length + 1,
  );
  await expect(drawer).toContainText((transcript[0] as { title: string }).title);
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Activity' }).click();
  if (activity.length === 0) await expect(drawer.getByText('No activity yet.')).toBeVisible();
  else
    await expect(drawer.getByRole('table', { name: 'Activity' }).getByRole('row')).toHaveCount(
      activity.length + 1,
    );
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Attendance' }).click();
  if (attendance.length === 0) await expect(drawer.getByText('No events attended yet.')).toBeVisible();
  else await expect(drawer).toContainText((attendance[0] as { title: string }).title);
  await page.keyboard.press('Escape');

  const report = await api.get<{ membersCount: number; availableUsers: number }>(
    `/team/report/${growth._id}`,
  );
  const panel = page.getByRole('region', { name: 'Team Report' });
  await expect(panel).toContainText(`${report.membersCount}Members`);
  await expect(panel).toContainText(`${report.availableUsers}Available Users`);
  const teamActivity = await api.get<unknown[]>(`/team/report/${growth._id}/activity`);
  await panel.getByRole('button', { name: 'Team Activity' }).click();
  const modal = page.getByRole('dialog', { name: 'Team Activity' });
  if (teamActivity.length === 0) await expect(modal.getByText('No activity yet.')).toBeVisible();
  else await expect(modal.getByRole('row')).toHaveCount(teamActivity.length + 1);
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Virtual Class/Meeting Attendance' }).click();
  await expect(page.getByRole('dialog', { name: 'Virtual Class/Meeting Attendance' })).toBeVisible();
});

test('Bulk Import sends the CSV and reports each row', async ({ page, request }) => {
  const { api, growth } = await teams(request);
  const before = await api.get<Paged<Card>>(`/team/member-list/${growth._id}?page=1`);
  await openDashboard(page, `?team=${growth._id}`);
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  const csv =
    'First Name,Last Name,EMAIL\r\nImported,Person,imported.person@example.com\r\nNo,Address,not-an-email\r\n';
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('CSV file').click();
  await (await chooser).setFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('2 rows are ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('2 / 2')).toBeVisible();
  const report = dialog.getByRole('table', { name: 'Import report' });
  await expect(report.getByRole('row', { name: /imported\.person@example\.com.*created/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /not-an-email.*refused/ })).toBeVisible();
  await expect(dialog.getByText('Created: 1')).toBeVisible();
  await expect(dialog.getByText('Refused: 1')).toBeVisible();
  const after = await api.get<Paged<Card>>(`/team/member-list/${growth._id}?page=1&search=imported.person`);
  expect(after.data.map(fullName)).toEqual(['Imported Person']);
  expect((await api.get<Paged<Card>>(`/team/member-list/${growth._id}?page=1`)).total).toBe(before.total + 1);
});

test('offline, a reload shows the saved members with a notice; an unsaved list says so', async ({
  page,
  context,
  request,
}) => {
  const { growth } = await teams(request);
  await openDashboard(page, `?team=${growth._id}`);
  await waitForServiceWorker(page);
  const first = memberList(page).getByRole('article').first();
  await expect(first).toBeVisible();
  const name = await first.getAttribute('aria-label');
  // The cache is written to the device a moment after it changes.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await page.reload();
  await expect(memberList(page).getByRole('article', { name: name as string })).toBeVisible();
  await expect(page.getByText(/Showing data saved on .+\. You are offline\./)).toBeVisible();
  await expect(page.getByLabel('Organization :')).toHaveValue('Growth Team');

  await page.getByRole('tab', { name: 'Assign Trainings' }).click();
  await expect(page.getByText('This page has not been saved for offline use yet.')).toBeVisible();
  await context.setOffline(false);
});

test('the Team Report counts a member added from the dashboard at once, and after a reload', async ({
  page,
  request,
}) => {
  const { api, enterprise } = await teams(request);
  type Report = { membersCount: number; availableUsers: number };
  const before = await api.get<Report>(`/team/report/${enterprise._id}`);
  // Label and number in either order, so the card's layout is free to change.
  const stat = (value: number, label: string) =>
    new RegExp(`(^|\\D)${value}\\s*${label}|${label}\\s*${value}(\\D|$)`);
  await openDashboard(page, `?team=${enterprise._id}`);
  const panel = page.getByRole('region', { name: 'Team Report' });
  await expect(panel).toContainText(stat(before.membersCount, 'Members'));
  await expect(panel).toContainText(stat(before.availableUsers, 'Available Users'));

  await page.getByRole('link', { name: 'Add Member' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
  const run = Date.now().toString(36);
  await page.getByLabel('First Name*').fill('Report');
  await page.getByLabel('Last Name*').fill(`Counted${run}`);
  await page.getByLabel('Email*').fill(`report.${run}@example.com`);
  await page.getByLabel('Password*', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password*').fill('secret12');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Member 'Report Counted${run}' created.`)).toBeVisible();

  // A new member with a password of their own can sign in: a member, and an available user.
  const after = { membersCount: before.membersCount + 1, availableUsers: before.availableUsers + 1 };
  expect(await api.get<Report>(`/team/report/${enterprise._id}`)).toMatchObject(after);
  await expect(panel).toContainText(stat(after.membersCount, 'Members'));
  await expect(panel).toContainText(stat(after.availableUsers, 'Available Users'));
  await page.reload();
  await expect(panel).toContainText(stat(after.membersCount, 'Members'));
  await expect(panel).toContainText(stat(after.availableUsers, 'Available Users'));
});

test('a reload fetches again what the saved cache shows, so a member added on another device is counted', async ({
  page,
  request,
}) => {
  const { api, growth } = await teams(request);
  type Report = { membersCount: number };
  const before = await api.get<Report>(`/team/report/${growth._id}`);
  const stat = (value: number) => new RegExp(`(^|\\D)${value}\\s*Members|Members\\s*${value}(\\D|$)`);
  await openDashboard(page, `?team=${growth._id}`);
  const panel = page.getByRole('region', { name: 'Team Report' });
  await expect(panel).toContainText(stat(before.membersCount));
  // The saved cache holds this count, so the reload below restores it first.
  const savedCount = async () => {
    const saved = await readStoredValue(page, 'query-cache');
    if (typeof saved !== 'string') return null;
    const { clientState } = JSON.parse(saved) as {
      clientState: { queries: { queryKey: unknown[]; state: { data?: Report } }[] };
    };
    const query = clientState.queries.find(
      ({ queryKey }) => queryKey.includes(growth._id) && queryKey.at(-1) === 'report',
    );
    return query?.state.data?.membersCount ?? null;
  };
  await expect.poll(savedCount).toBe(before.membersCount);

  const run = Date.now().toString(36);
  await addMember(await apiOf(request, LEAD), growth._id, {
    firstName: 'Elsewhere',
    lastName: `Added${run}`,
    email: `elsewhere.${run}@example.com`,
  });
  await page.reload();
  await expect(panel).toContainText(stat(before.membersCount + 1));
});
