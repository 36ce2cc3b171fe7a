import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { API_BASE, paths } from '../../contract/paths.ts';
import type { RoleDetail, RoleRow } from '../../contract/roles.ts';
import { administratorRolePaths, roleMessages } from '../../contract/roles.ts';
import type { LoginResult } from '../../contract/session.ts';
import type { PublishedProfileField } from '../../contract/users.ts';
import { userPaths } from '../../contract/users.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { adminApi, sampleValue } from './support/admin-users.ts';

/** A session through the API, to set up and check what the server has. */
async function apiAs(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post(`${API_BASE}${paths.login}`, { data: user });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error(`${user.email} must not need a password reset`);
  const headers = { Authorization: `Bearer ${results.token}` };
  const get = async <T>(path: string) => {
    const response = await request.get(`${API_BASE}${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  return {
    get,
    userId: results.user._id,
    post: (path: string, data?: unknown) => request.post(`${API_BASE}${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`${API_BASE}${path}`, { headers, data }),
  };
}

const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** The matrix shows Users: View ticked and nothing else (the column shortcuts aside). */
async function expectOnlyUsersView(page: Page) {
  await expect(checkbox(page, 'Users: View')).toBeChecked();
  for (const name of [
    'Users: Add',
    'Users: Edit',
    'Users: Delete',
    'Users: Publish',
    'Courses: View',
    'User Group: View',
  ])
    await expect(checkbox(page, name)).not.toBeChecked();
}

test('a role that may only view users: made in the matrix, it limits its user to the Users screen', async ({
  page,
  browser,
  request,
}) => {
  const roleName = `Users viewer ${Date.now()}`;
  await openSignedIn(page, ADMIN, '/app/user-management/role-permission');
  // The built-in role is marked in the list.
  await expect(page.getByRole('cell', { name: 'Administrator Built-in', exact: true })).toBeVisible();
  // Its form is shown read-only: every action ticked, nothing to change, no Update.
  await page.getByRole('button', { name: 'Edit Administrator' }).click();
  await expect(page.getByText('Built-in role', { exact: true })).toBeVisible();
  await expect(checkbox(page, 'Attendees: Publish')).toBeChecked();
  await expect(checkbox(page, 'Attendees: Publish')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back' }).click();

  await page.getByRole('link', { name: 'Add Role' }).click();
  await expect(page.getByRole('heading', { name: 'Add Role' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(roleMessages.nameRequired, { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Role name' }).fill(roleName);
  // Ticking Edit ticks View too; the row shortcut ticks the whole row, then clears it.
  await checkbox(page, 'Courses: Edit').check();
  await expect(checkbox(page, 'Courses: View')).toBeChecked();
  await expect(checkbox(page, 'Courses: Delete')).not.toBeChecked();
  await checkbox(page, 'Courses: All').check();
  await expect(checkbox(page, 'Courses: Delete')).toBeChecked();
  await checkbox(page, 'Courses: All').uncheck();
  await expect(checkbox(page, 'Courses: View')).not.toBeChecked();
  await checkbox(page, 'Users: View').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Role '${roleName}' created.`, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user-management\/role-permission(\?|$)/);

  // The list finds it by search; its edit form shows the same ticks, after a reload too.
  await page.getByRole('textbox', { name: 'Search' }).fill(roleName);
  // The search reaches the URL after its debounce; wait for it, so it does not follow us to the form.
  await expect(page).toHaveURL(/search=Users(\+|%20)viewer/);
  await expect(page.getByRole('cell', { name: roleName, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Edit ${roleName}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Role' })).toBeVisible();
  await expectOnlyUsersView(page);
  await page.reload();
  await expectOnlyUsersView(page);

  // An update goes through too: add Courses, save, see it, then take it away again.
  await checkbox(page, 'Courses: View').check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`Role '${roleName}' updated.`, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: `Edit ${roleName}` }).click();
  await expect(checkbox(page, 'Courses: View')).toBeChecked();
  await checkbox(page, 'Courses: View').uncheck();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/app\/user-management\/role-permission(\?|$)/);
  await page.getByRole('button', { name: `Edit ${roleName}` }).click();
  await expectOnlyUsersView(page);

  // A user holding the role, made through the Users API.
  const admin = await apiAs(request, ADMIN);
  const roles = await admin.get<Paged<RoleRow>>(
    `${administratorRolePaths.list}?search=${encodeURIComponent(roleName)}`,
  );
  const roleId = roles.data[0]?._id;
  expect(roleId).toBeTruthy();
  const groups = await admin.get<Paged<{ _id: string }>>('/user-group?limit=10');
  const membershipRoles = await admin.get<{ _id: string }[]>(paths.role);
  const levels = await admin.get<{ _id: string }[]>(paths.membership);
  // Whatever profile fields are published as required get a value their type accepts.
  const fields = await admin.get<PublishedProfileField[]>(userPaths.publishedProfileFields);
  const sample = (field: PublishedProfileField) => {
    const choice = field.options[0] ?? '';
    if (field.type === 'checkbox') return [choice];
    if (field.options.length > 0) return choice;
    return field.type === 'date' ? '1990-01-01' : field.type === 'number' ? '5' : 'E2E-1';
  };
  const profileFields = Object.fromEntries(
    fields.filter((field) => field.required).map((field) => [field._id, sample(field)]),
  );
  const viewer = { email: `viewer-${Date.now()}@example.com`, password: 'viewer123' };
  const created = await admin.post(userPaths.list, {
    groupId: [groups.data[0]?._id],
    roleId: [membershipRoles[0]?._id],
    firstName: 'View',
    lastName: 'Only',
    email: viewer.email,
    password: viewer.password,
    confirmPassword: viewer.password,
    membershipId: levels[0]?._id,
    profileFields,
    adminstrativeRoleId: roleId,
  });
  expect(created.status(), await created.text()).toBe(201);

  // Signed in as that user: the menu holds User Management > Users and nothing else.
  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  await openSignedIn(viewerPage, viewer, '/app/dashboard');
  await expect(viewerPage).toHaveURL(/\/app\/dashboard/);
  const sidebar = viewerPage.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'User Management' }).click();
  await expect(sidebar.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Users']);
  for (const hidden of ['Content Management', 'Event Management'])
    await expect(sidebar.getByRole('button', { name: hidden })).toHaveCount(0);

  // The Users screen opens for them; editing through the API is refused.
  await sidebar.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(viewerPage).toHaveURL(/\/app\/user-management\/users/);
  const asViewer = await apiAs(request, viewer);
  const target = (await created.json()).results._id as string;
  const edit = await asViewer.patch(userPaths.one(target), { firstName: 'Changed', version: 1 });
  expect(edit.status()).toBe(403);
  expect((await edit.json()).message).toBe(messages.forbidden);
  const toggle = await asViewer.post(userPaths.one(target));
  expect(toggle.status()).toBe(403);
  const stillThere = await admin.get<{ firstName: string; status: boolean }>(userPaths.one(target));
  expect(stillThere).toMatchObject({ firstName: 'View', status: true });
  await context.close();
});

test('the built-in role is neither deleted nor unpublished, and a refused delete closes its dialog with the reason', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  const inUse = await api.post<RoleDetail>('/administrator-role', { name: `In use ${run}`, permissions: [] });
  const [level] = await api.lookup('/membership');
  const [group] = await api.lookup('/user-group/info');
  const [membershipRole] = await api.lookup('/role');
  const required = (await api.profileFields()).filter((field) => field.required);
  await api.create({
    firstName: 'Role',
    lastName: `Holder${run}`,
    email: `role.holder.${run}@example.com`,
    password: 'secret1',
    confirmPassword: 'secret1',
    membershipId: level?._id,
    groupId: [group?._id],
    roleId: [membershipRole?._id],
    adminstrativeRoleId: inUse._id,
    profileFields: Object.fromEntries(required.map((field) => [field._id, sampleValue(field, run)])),
  });
  // Nothing about the built-in role is sent: the server would refuse it.
  const writes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() !== 'GET' && sent.url().includes('/administrator-role')) writes.push(sent.url());
  });

  await openSignedIn(page, ADMIN, '/app/user-management/role-permission?search=Administrator');
  await page.getByRole('button', { name: 'Delete Administrator', exact: true }).click();
  const deletion = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await deletion.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(roleMessages.bulkSystemRole).first()).toBeVisible();
  await expect(deletion).toHaveCount(0);

  const published = page.getByRole('switch', { name: 'Published: Administrator', exact: true });
  await published.click();
  const unpublish = page.getByRole('dialog', { name: 'Confirm Unpublish' });
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(unpublish).toHaveCount(0);
  await expect(published).toBeChecked();
  expect(writes).toEqual([]);

  // Any refused action closes its dialog; the server's reason says why.
  await page.goto(`/app/user-management/role-permission?search=${encodeURIComponent(`In use ${run}`)}`);
  await page.getByRole('button', { name: `Delete In use ${run}`, exact: true }).click();
  await deletion.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(roleMessages.roleInUse(1)).first()).toBeVisible();
  await expect(deletion).toHaveCount(0);
  await expect(page.getByRole('cell', { name: `In use ${run}`, exact: true })).toBeVisible();
});
