import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminMessages } from '../../contract/admin-list.ts';
import { parseCsv } from '../../contract/csv.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import type { RoleDetail, RoleModule } from '../../contract/roles.ts';
import type { LoginResult } from '../../contract/session.ts';
import { USER_CSV_COLUMNS, USER_IMPORT_REQUIRED_COLUMNS } from '../../contract/user-csv.ts';
import { type UserDetail, userMessages } from '../../contract/users.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import {
  adminApi,
  choose,
  fillProfileField,
  rowOf,
  sampleValue,
  searchList,
  toast,
} from './support/admin-users.ts';

test('an admin creates a user, finds, disables and enables them, and deletes two after confirming', async ({
  page,
  request,
}) => {
  // A long walk through five screens and dialogs; the machine running it may be shared.
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  const email = `grace.${run}@example.com`;
  const name = `Grace Hopper${run}`;

  await openSignedIn(page, ADMIN, '/app/user-management/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();

  // An empty form shows the spec's messages under their fields.
  await page.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    userMessages.groupRequired,
    userMessages.roleRequired,
    userMessages.firstNameRequired,
    userMessages.lastNameRequired,
    userMessages.emailRequired,
    userMessages.passwordRequired,
    userMessages.confirmPasswordRequired,
    userMessages.membershipRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The published profile fields are on the form; a required one is refused empty.
  const profileFields = await api.profileFields();
  const required = profileFields.filter((field) => field.required);
  for (const field of profileFields) {
    await expect(page.getByText(`${field.name}${field.required ? '*' : ''}`, { exact: true })).toBeVisible();
  }
  if (required.length > 0) {
    await expect(page.getByText(userMessages.profileFieldRequired, { exact: true }).first()).toBeVisible();
  }
  const profileValues = Object.fromEntries(required.map((field) => [field._id, sampleValue(field, run)]));
  for (const field of required) await fillProfileField(page, field, profileValues[field._id] ?? '');
  const shirt = profileFields.find((field) => field.name === 'T-Shirt Size');
  if (!shirt) throw new Error('The seed publishes a T-Shirt Size field');
  await fillProfileField(page, shirt, 'M');

  await page.getByLabel('First Name*').fill('Grace');
  await page.getByLabel('Last Name*').fill(`Hopper${run}`);
  // A taken email first: the server's refusal shows under Email and nothing is created.
  await page.getByLabel('Email*').fill(ADMIN.email);
  await page.getByLabel('Password*', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm Password*').fill('secret2');
  await expect(page.getByText(userMessages.passwordMismatch, { exact: true })).toBeVisible();
  await page.getByLabel('Confirm Password*').fill('secret1');
  await choose(page, 'Membership Level*', 'Gold');
  await choose(page, 'User Group*', 'Sales');
  await choose(page, 'Membership Role*', 'Growth');
  await page.getByRole('button', { name: 'Save' }).click();
  // Under the field (the refusal's toast says it too).
  await expect(page.getByLabel('Email*')).toHaveAccessibleDescription(userMessages.duplicateEmail);
  await expect(page).toHaveURL(/\/users\/add$/);
  expect(await api.users(`Hopper${run}`)).toEqual([]);
  await page.getByLabel('Email*').fill(email);
  await expect(page.getByLabel('Email*')).not.toHaveAccessibleDescription(userMessages.duplicateEmail);
  await page.getByRole('button', { name: 'Save' }).click();
  // The toast first: it closes by itself four seconds after the save, which a slow load of the list
  // could use up before the address changed.
  await expect(toast(page, `User 'Grace Hopper${run}' created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user-management\/users$/);

  const [created] = await api.users(email);
  expect((await api.detail(created?._id as string)).profileFields).toEqual({
    ...profileValues,
    [shirt._id]: 'M',
  });
  expect(created).toMatchObject({
    firstName: 'Grace',
    lastName: `Hopper${run}`,
    email,
    status: true,
    membership: { name: 'Gold' },
    groups: [{ name: 'Sales' }],
    membershipRoles: [{ name: 'Growth' }],
  });

  // A second user made through the API, so the bulk delete has two to remove.
  const [level] = await api.lookup('/membership');
  const [group] = await api.lookup('/user-group/info');
  const [role] = await api.lookup('/role');
  const otherEmail = `alan.${run}@example.com`;
  await api.create({
    firstName: 'Alan',
    lastName: `Turing${run}`,
    email: otherEmail,
    password: 'secret1',
    confirmPassword: 'secret1',
    membershipId: level?._id,
    groupId: [group?._id],
    roleId: [role?._id],
    profileFields: profileValues,
  });

  // Found by search; the search is in the address.
  await searchList(page, email);
  await expect(rowOf(page, email)).toContainText(name);
  await expect(rowOf(page, otherEmail)).toHaveCount(0);
  await expect(rowOf(page, email)).toContainText('Sales');
  await expect(rowOf(page, email)).toContainText('Gold');

  // Disable, then enable, each after the confirm dialog.
  await rowOf(page, email)
    .getByRole('switch', { name: `Enabled: ${name}` })
    .click();
  // Users are disabled, not unpublished: the dialog says so.
  const disable = page.getByRole('dialog', { name: 'Confirm Disable' });
  await expect(disable).toContainText('Are you sure you want to disable this? It will no longer be active.');
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, messages.statusUpdated)).toBeVisible();
  await expect(rowOf(page, email).getByRole('switch', { name: `Disabled: ${name}` })).not.toBeChecked();
  expect((await api.users(email))[0]?.status).toBe(false);

  await rowOf(page, email)
    .getByRole('switch', { name: `Disabled: ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Confirm Enable' }).getByRole('button', { name: 'Enable' }).click();
  await expect(rowOf(page, email).getByRole('switch', { name: `Enabled: ${name}` })).toBeChecked();
  expect((await api.users(email))[0]?.status).toBe(true);

  // Edit: the form opens filled in; a change saved meanwhile by someone else is shown, not overwritten.
  await rowOf(page, email)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('Email*')).toHaveValue(email);
  await expect(page.getByLabel('Last Name*')).toHaveValue(`Hopper${run}`);
  await api.rename(created?._id as string, `Murray${run}`);
  await page.getByLabel('First Name*').fill('Amazing');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, adminMessages.staleVersion)).toBeVisible();
  await expect(page.getByLabel('Last Name*')).toHaveValue(`Murray${run}`);
  await expect(page.getByLabel('First Name*')).toHaveValue('Grace');
  await page.getByLabel('First Name*').fill('Amazing');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `User 'Amazing Murray${run}' updated.`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user-management\/users(\?|$)/);
  expect((await api.users(email))[0]).toMatchObject({ firstName: 'Amazing', lastName: `Murray${run}` });

  // Both users of this run, selected and deleted together after confirming.
  await searchList(page, run);
  await expect(rowOf(page, otherEmail)).toBeVisible();
  await rowOf(page, email).getByRole('checkbox').check();
  await rowOf(page, otherEmail).getByRole('checkbox').check();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this item, The action can’t be reversed.',
  );
  // Cancelling deletes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(await api.users(run)).toHaveLength(2);
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No users found.')).toBeVisible();
  expect(await api.users(run)).toEqual([]);
});

test('an admin imports users from a CSV with a per-row report, then exports the filtered list', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  const first = `ada.${run}@example.com`;
  const second = `edsger.${run}@example.com`;
  const refused = `nobody.${run}@example.com`;
  // A column per required profile field, named as the field, as the import reads them.
  const required = (await api.profileFields()).filter((field) => field.required);
  const extra = (n: number) => required.map((field) => [sampleValue(field, `${run}${n}`)].flat().join(';'));
  const csv = [
    [
      'firstName',
      'lastName',
      'email',
      'membership',
      'roles',
      'groups',
      ...required.map((field) => field.name),
    ],
    ['Ada', `Lovelace${run}`, first, 'Gold', 'Growth', 'Sales', ...extra(1)],
    [
      'Edsger',
      `Dijkstra${run}`,
      second,
      'Silver',
      'Freedom;Empire',
      'Onboarding;Customer Support',
      ...extra(2),
    ],
    ['No', `Body${run}`, refused, 'Diamond', 'Growth', 'Sales', ...extra(3)],
  ]
    .map((row) => row.map((cell) => `"${cell}"`).join(','))
    .join('\r\n');

  await openSignedIn(page, ADMIN, '/app/user-management/users');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  // The template names every column the import reads, the published profile fields included.
  const templateHref = await dialog.getByRole('link', { name: 'Download the template' }).getAttribute('href');
  const template = parseCsv(decodeURIComponent(templateHref?.split(',')[1] ?? ''));
  expect(template.records).toEqual([
    [
      ...USER_IMPORT_REQUIRED_COLUMNS,
      'administrativeRole',
      ...(await api.profileFields()).map((field) => field.name),
    ],
  ]);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('CSV file').click();
  await (await chooser).setFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('3 rows are ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('3 / 3')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const report = dialog.getByRole('table', { name: 'Import report' });
  await expect(report.getByRole('row', { name: new RegExp(`^2 ${first} created`) })).toBeVisible();
  await expect(report.getByRole('row', { name: new RegExp(`^3 ${second} created`) })).toBeVisible();
  await expect(report.getByRole('row', { name: new RegExp(`^4 ${refused} refused`) })).toContainText(
    userMessages.importUnknownMembership,
  );
  await expect(dialog.getByText('Created: 2')).toBeVisible();
  await expect(dialog.getByText('Refused: 1')).toBeVisible();
  // The dialog's own Close, below the report (the title bar's close button has the same name).
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The imported users are in the list; the refused one is nowhere.
  await searchList(page, run);
  await expect(rowOf(page, first)).toContainText(`Ada Lovelace${run}`);
  await expect(rowOf(page, second)).toContainText('Silver');
  await expect(rowOf(page, refused)).toHaveCount(0);
  const onServer = await api.users(run);
  expect(onServer.map((user) => user.email).sort()).toEqual([first, second]);
  expect(
    onServer
      .find((user) => user.email === second)
      ?.groups.map((group) => group.name)
      .sort(),
  ).toEqual(['Customer Support', 'Onboarding']);

  // The export holds the filtered list: the two imported users and nobody else.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const exported = parseCsv(await readFile((await file.path()) as string, 'utf8'));
  expect(exported.error).toBeNull();
  const [header, ...rows] = exported.records;
  const published = await api.profileFields();
  expect(header).toEqual([...USER_CSV_COLUMNS, ...published.map((field) => field.name)]);
  const column = (name: (typeof USER_CSV_COLUMNS)[number]) => USER_CSV_COLUMNS.indexOf(name);
  expect(rows.map((row) => row[column('email')]).sort()).toEqual([first, second]);
  const ada = rows.find((row) => row[column('email')] === first);
  expect(ada?.[column('membership')]).toBe('Gold');
  expect(ada?.[column('groups')]).toBe('Sales');
  expect(ada?.[column('roles')]).toBe('Growth');
  for (const field of required) {
    expect(ada?.[header?.indexOf(field.name) ?? -1]).toBe([sampleValue(field, `${run}1`)].flat().join(';'));
  }

  // The exported file imports again: each row updates the user it came from, and nothing is refused.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(dialog).toContainText('a file exported here can be imported again to update the users in it');
  const again = page.waitForEvent('filechooser');
  await dialog.getByLabel('CSV file').click();
  await (await again).setFiles((await file.path()) as string);
  await expect(dialog.getByText('2 rows are ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(report.getByRole('row', { name: new RegExp(`${first} updated`) })).toBeVisible();
  await expect(report.getByRole('row', { name: new RegExp(`${second} updated`) })).toBeVisible();
  await expect(dialog.getByText('Updated: 2')).toBeVisible();
  await expect(dialog.getByText('Refused: 0')).toBeVisible();
  await expect(dialog.getByText('Created: 0')).toBeVisible();
  expect((await api.users(run)).map((user) => user.email).sort()).toEqual([first, second]);
});

test('a role that may only view users sees the list without the actions it may not take', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  const modules = await api.get<RoleModule[]>('/administrator-role/module-submodule');
  const users = modules
    .flatMap((module) => module.submodules)
    .find((submodule) => submodule.slug === 'users');
  if (!users) throw new Error('The users submodule is seeded');
  const role = await api.post<RoleDetail>('/administrator-role', {
    name: `Users viewer ${run}`,
    permissions: [{ submoduleId: users._id, view: true }],
  });
  const [level] = await api.lookup('/membership');
  const [group] = await api.lookup('/user-group/info');
  const [membershipRole] = await api.lookup('/role');
  const required = (await api.profileFields()).filter((field) => field.required);
  const viewer = { email: `viewer.${run}@example.com`, password: 'viewer1' };
  const created = await api.post<UserDetail>('/user', {
    firstName: 'View',
    lastName: `Only${run}`,
    ...viewer,
    confirmPassword: viewer.password,
    membershipId: level?._id,
    groupId: [group?._id],
    roleId: [membershipRole?._id],
    adminstrativeRoleId: role._id,
    profileFields: Object.fromEntries(required.map((field) => [field._id, sampleValue(field, run)])),
  });

  await openSignedIn(page, viewer, `/app/user-management/users?search=${encodeURIComponent(viewer.email)}`);
  const row = rowOf(page, viewer.email);
  await expect(row).toContainText(`View Only${run}`);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(row.getByRole('switch', { name: `Enabled: View Only${run}` })).toBeDisabled();

  // Opened by its address, the form says so and offers nothing to send.
  await page.goto('/app/user-management/users/add');
  await expect(page.getByText('Your role may not add users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.goto(`/app/user-management/users/edit/${created._id}`);
  await expect(page.getByText('Your role may view this user but not change it.')).toBeVisible();
  await expect(page.getByLabel('Email*')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);

  // The server is the gate: the same role's change through the API is refused and writes nothing.
  const login = await request.post('/api/v1/login', { data: viewer });
  const session = ((await login.json()) as ApiSuccess<LoginResult>).results;
  if (!('token' in session)) throw new Error('The viewer must not need a password reset');
  const refusedEdit = await request.post(`/api/v1/user/${created._id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(refusedEdit.status()).toBe(403);
  expect((await api.detail(created._id)).status).toBe(true);
});

test('an admin edits a user whose number profile field is filled: the value shows and Update saves', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  const fields = await api.profileFields();
  const years = fields.find((field) => field.type === 'number');
  if (!years) throw new Error('The seed publishes a number field (Years of Experience)');
  const required = fields.filter((field) => field.required);
  const [level] = await api.lookup('/membership');
  const [group] = await api.lookup('/user-group/info');
  const [role] = await api.lookup('/role');
  const email = `years.${run}@example.com`;
  await api.create({
    firstName: 'Years',
    lastName: `Seven${run}`,
    email,
    password: 'secret1',
    confirmPassword: 'secret1',
    membershipId: level?._id,
    groupId: [group?._id],
    roleId: [role?._id],
    profileFields: {
      ...Object.fromEntries(required.map((field) => [field._id, sampleValue(field, run)])),
      [years._id]: '7',
    },
  });
  const [created] = await api.users(email);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await openSignedIn(page, ADMIN, `/app/user-management/users/edit/${created?._id}`);
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel(years.name, { exact: true })).toHaveValue('7');
  await page.getByLabel('First Name*').fill('Eight');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `User 'Eight Seven${run}' updated.`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user-management\/users(\?|$)/);
  expect((await api.detail(created?._id as string)).profileFields[years._id]).toBe('7');
  expect((await api.users(email))[0]?.firstName).toBe('Eight');
  expect(errors).toEqual([]);
});
