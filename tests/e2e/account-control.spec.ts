import { expect, test } from '@playwright/test';
import type { MemberDetail } from '../../contract/member.ts';
import type { RoleDetail } from '../../contract/roles.ts';
import { roleMessages } from '../../contract/roles.ts';
import type { UserDetail } from '../../contract/users.ts';
import { userMessages } from '../../contract/users.ts';
import {
  addMember,
  apiAs,
  createRole,
  createTeam,
  createUser,
  recordRequests,
  teamId,
  userId,
} from './support/account-control.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { toast } from './support/admin-users.ts';

const READ_ONLY_NOTICE =
  "This member's account can only be changed by their administrator, or by a lead of all of their teams.";

test('a lead sees a member who is also in a team they do not lead read-only, and sends nothing', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, ADMIN);
  const lead = await apiAs(request, LEAD);
  const run = Date.now().toString(36);
  const growth = await teamId(admin, 'Growth Team');
  // Last by name, so the other specs' "first member of the team" stays one the lead may edit.
  const member = await addMember(admin, growth, {
    firstName: 'Zora',
    lastName: `Zz-Shared${run}`,
    email: `zora.shared.${run}@example.com`,
  });
  const detail = await lead.get<MemberDetail>(`/user-portal/user/${member._id}`, { team: growth });
  expect(detail.editable).toBe(true);
  const other = await createTeam(
    admin,
    `Shared Team ${run}`,
    [await userId(admin, 'lead2@example.com')],
    [member._id],
  );

  try {
    const now = await lead.get<MemberDetail>(`/user-portal/user/${member._id}`, { team: growth });
    expect(now.editable).toBe(false);

    await openSignedIn(page, LEAD, '/user-portal/user-dashboard');
    await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
    const patches = recordRequests(page, 'PATCH', /\/api\/v1\/user-portal\/user\//);
    await page.goto(`/user-portal/team-dashboard/members/edit/${member._id}/${growth}`);
    await expect(page.getByRole('heading', { name: 'Edit Member' })).toBeVisible();
    await expect(page.getByText(READ_ONLY_NOTICE)).toBeVisible();

    // The record is shown, every field disabled.
    await expect(page.getByLabel('First Name*')).toHaveValue('Zora');
    for (const field of [
      page.getByLabel('First Name*'),
      page.getByLabel('Last Name*'),
      page.getByLabel('Email*'),
      page.getByLabel('Password', { exact: true }),
      page.getByLabel('Confirm Password'),
      page.getByLabel('Location'),
      page.getByLabel('Department'),
      page.getByRole('combobox', { name: 'Membership Role' }),
      page.getByLabel('Require Password Reset'),
      page.getByRole('button', { name: 'Change Image' }),
    ]) {
      await expect(field).toBeDisabled();
    }

    // Nothing to send: Cancel only.
    await expect(page.getByRole('button', { name: /^Update/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${growth}`));
    expect(patches).toEqual([]);
    expect((await lead.get<MemberDetail>(`/user-portal/user/${member._id}`, { team: growth })).version).toBe(
      detail.version,
    );
  } finally {
    await admin.remove('/team/bulk-delete', { bulkId: [other._id] });
  }
});

test('an administrator who may not edit roles has the role field locked, saves around it, and is told when a user is above them', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, ADMIN);
  const run = Date.now().toString(36);
  const editor = await createRole(admin, `Users editor ${run}`, {
    users: ['view', 'add', 'edit'],
    'role-permission': ['view'],
  });
  const above = await createRole(admin, `Groups viewer ${run}`, { 'users-group': ['view'] });
  const caller = { email: `editor.${run}@example.com`, password: 'editor1' };
  await createUser(admin, {
    ...caller,
    firstName: 'Eddie',
    lastName: `Editor${run}`,
    adminstrativeRoleId: editor._id,
  });
  const plain = await createUser(admin, {
    email: `plain.${run}@example.com`,
    password: 'plain01',
    firstName: 'Pat',
    lastName: `Plain${run}`,
  });
  const higher = await createUser(admin, {
    email: `higher.${run}@example.com`,
    password: 'higher1',
    firstName: 'Hal',
    lastName: `Higher${run}`,
    adminstrativeRoleId: above._id,
  });

  await openSignedIn(page, caller, '/app/dashboard');
  await expect(page).toHaveURL(/\/app\/dashboard/);

  // The role field is locked and says why; a change to the rest of the user is saved.
  await page.goto(`/app/user-management/users/edit/${plain._id}`);
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  const name = { name: 'Administrative Role', exact: true };
  const role = page.getByRole('combobox', name).or(page.getByRole('textbox', name));
  await expect(role).toBeDisabled();
  await expect(role).toHaveAccessibleDescription('Your role may not give or change administrator roles.');
  await expect(page.getByLabel('First Name*')).toBeEnabled();
  await page.getByLabel('First Name*').fill('Patricia');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `User 'Patricia Plain${run}' updated.`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/user-management\/users(\?|$)/);
  const saved = await admin.get<UserDetail>(`/user/${plain._id}`);
  expect(saved).toMatchObject({ firstName: 'Patricia', administrativeRole: null });

  // A user whose role grants more than the caller's: the field shows that role, locked; the
  // server's refusal is a toast, and the form keeps what was typed.
  await page.goto(`/app/user-management/users/edit/${higher._id}`);
  await expect(role).toHaveValue(above.name);
  await expect(role).toBeDisabled();
  await page.getByLabel('Last Name*').fill('Changed');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, userMessages.accountAboveCaller)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/edit/${higher._id}$`));
  await expect(page.getByLabel('Last Name*')).toHaveValue('Changed');
  expect((await admin.get<UserDetail>(`/user/${higher._id}`)).lastName).toBe(`Higher${run}`);
});

test('a role above the caller is refused with a toast and the role form keeps what was typed', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, ADMIN);
  const run = Date.now().toString(36);
  const roles = await createRole(admin, `Roles editor ${run}`, { 'role-permission': ['view', 'edit'] });
  const above = await createRole(admin, `Users viewer ${run}`, { users: ['view'] });
  const caller = { email: `roles.${run}@example.com`, password: 'roles01' };
  await createUser(admin, {
    ...caller,
    firstName: 'Rory',
    lastName: `Roles${run}`,
    adminstrativeRoleId: roles._id,
  });

  await openSignedIn(page, caller, `/app/user-management/role-permission/edit/${above._id}`);
  await expect(page.getByRole('heading', { name: 'Edit Role' })).toBeVisible();
  await expect(page.getByLabel('Role name')).toHaveValue(above.name);
  await page.getByLabel('Role name').fill(`Renamed ${run}`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, roleMessages.roleAboveCaller)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/role-permission/edit/${above._id}$`));
  await expect(page.getByLabel('Role name')).toHaveValue(`Renamed ${run}`);
  expect((await admin.get<RoleDetail>(`/administrator-role/${above._id}`)).name).toBe(above.name);
});
