import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { RoleDetail, RoleInfo, RoleModule, RoleRow } from '../../contract/roles.ts';
import { administratorRolePaths, roleMessages } from '../../contract/roles.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

type Grants = Record<string, Partial<Record<'view' | 'add' | 'edit' | 'delete' | 'publish', boolean>>>;

let t: TestContext;
let admin: string;
let lead: string;
let sub: Record<string, string>;
let systemRoleId: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
  const subs = await t.db.select({ id: submodules.id, slug: submodules.slug }).from(submodules);
  sub = Object.fromEntries(subs.map((row) => [row.slug, row.id]));
  const [system] = await t.db
    .select({ id: administratorRoles.id })
    .from(administratorRoles)
    .where(eq(administratorRoles.isSystem, true));
  systemRoleId = system?.id ?? '';
});
afterAll(() => t.close());

const permissionsOf = (grants: Grants) =>
  Object.entries(grants).map(([slug, actions]) => ({ submoduleId: sub[slug], ...actions }));

let userCounter = 0;
/** A role granting the given actions per submodule slug (written directly), and a signed-in user holding it. */
async function userWithRole(name: string, grants: Grants) {
  const [role] = await t.db.insert(administratorRoles).values({ name }).returning();
  if (!role) throw new Error('Inserting a role returned nothing');
  const rows = Object.entries(grants).map(([slug, g]) => ({
    roleId: role.id,
    submoduleId: sub[slug] ?? '',
    canView: g.view ?? false,
    canAdd: g.add ?? false,
    canEdit: g.edit ?? false,
    canDelete: g.delete ?? false,
    canPublish: g.publish ?? false,
  }));
  if (rows.length > 0) await t.db.insert(rolePermissions).values(rows);
  userCounter += 1;
  const email = `role-user-${userCounter}@example.com`;
  const user = await t.createUser({ email, password: 'secret1', administrativeRoleId: role.id });
  return { role, user, token: await t.login(email, 'secret1') };
}

async function createRole(name: string, grants: Grants = {}, status = true) {
  const response = await t.call('POST', administratorRolePaths.list, {
    token: admin,
    body: { name, status, permissions: permissionsOf(grants) },
  });
  expect(response.status).toBe(201);
  return response.body.results as RoleDetail;
}

const roleCount = () => t.db.$count(administratorRoles);
const permissionCount = () => t.db.$count(rolePermissions);
const grantOf = (detail: RoleDetail, slug: string) =>
  detail.permissions.find((p) => p.submoduleId === sub[slug]);

// What is special to administrator roles; the shared list, status, bulk, 404, 409 and 422 behaviour
// is in conformance.test.ts.

describe('GET /administrator-role/info', () => {
  it('lists every role, light, by name, for users who may view users', async () => {
    const response = await t.call('GET', administratorRolePaths.info, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    const results = response.body.results as RoleInfo[];
    expect(results.map((role) => role.name).slice(0, 2)).toEqual(['Administrator', 'Content Manager']);
    for (const role of results) expect(Object.keys(role).sort()).toEqual(['_id', 'name', 'status']);

    const viewer = await userWithRole('Users viewer', { users: { view: true } });
    const seen = await t.call('GET', administratorRolePaths.info, { token: viewer.token });
    expect(seen.status).toBe(200);
    expect((seen.body.results as RoleInfo[]).map((role) => role.name)).toContain('Users viewer');
  });

  it('refuses anonymous callers, learners and roles that may not view users', async () => {
    expect((await t.call('GET', administratorRolePaths.info)).status).toBe(401);
    expect((await t.call('GET', administratorRolePaths.info, { token: lead })).status).toBe(403);
    const other = await userWithRole('Roles only', { 'role-permission': { view: true } });
    const response = await t.call('GET', administratorRolePaths.info, { token: other.token });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.forbidden);
  });
});

describe('GET /administrator-role/module-submodule', () => {
  it('answers the modules with their submodules in menu order', async () => {
    const response = await t.call('GET', administratorRolePaths.modules, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(roleMessages.modulesFetched);
    const tree = response.body.results as RoleModule[];
    expect(tree.map((module) => module.slug)).toEqual([
      'user-management',
      'content-management',
      'event-management',
    ]);
    expect(tree[0]?.submodules.map((s) => s.slug)).toEqual([
      'users',
      'users-profile-field',
      'users-group',
      'users-team',
      'role-permission',
    ]);
    expect(tree[0]?.submodules[0]).toEqual({ _id: sub.users, name: 'Users', slug: 'users' });
    expect(tree.flatMap((module) => module.submodules)).toHaveLength(Object.keys(sub).length);
  });

  it('is for roles that may view roles', async () => {
    expect((await t.call('GET', administratorRolePaths.modules, { token: lead })).status).toBe(403);
    const viewer = await userWithRole('Matrix viewer', { 'role-permission': { view: true } });
    expect((await t.call('GET', administratorRolePaths.modules, { token: viewer.token })).status).toBe(200);
  });
});

describe('POST /administrator-role', () => {
  it('creates a role with its matrix and answers it', async () => {
    const response = await t.call('POST', administratorRolePaths.list, {
      token: admin,
      body: {
        name: '  Support desk  ',
        status: false,
        permissions: permissionsOf({
          users: { view: true, edit: true },
          courses: { view: true },
          lessons: {},
        }),
      },
    });
    expect(response.status).toBe(201);
    const role = response.body.results as RoleDetail;
    expect(role).toMatchObject({
      name: 'Support desk',
      status: false,
      version: 1,
      isSystem: false,
      userCount: 0,
    });
    expect(role.permissions).toHaveLength(Object.keys(sub).length);
    expect(grantOf(role, 'users')).toEqual({
      submoduleId: sub.users,
      view: true,
      add: false,
      edit: true,
      delete: false,
      publish: false,
    });
    expect(grantOf(role, 'courses')?.view).toBe(true);
    // A submodule with nothing ticked keeps no row.
    const rows = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role._id));
    expect(rows).toHaveLength(2);
  });

  it("answers the contract's messages for a bad name, status or matrix and writes nothing", async () => {
    const before = [await roleCount(), await permissionCount()];
    const cases: [unknown, Record<string, string>][] = [
      [{ name: 42 }, { name: roleMessages.nameRequired }],
      [{ name: 'x'.repeat(101) }, { name: roleMessages.nameTooLong }],
      [{ name: 'Ok', status: 'yes' }, { status: roleMessages.statusInvalid }],
      [{ name: 'Ok', permissions: 'all' }, { permissions: roleMessages.permissionsInvalid }],
      [
        { name: 'Ok', permissions: [{ submoduleId: 'nope' }] },
        { 'permissions.0.submoduleId': roleMessages.submoduleInvalid },
      ],
      [
        { name: 'Ok', permissions: [{ submoduleId: sub.users, view: 'true' }] },
        { 'permissions.0.view': roleMessages.actionInvalid },
      ],
      [
        { name: 'Ok', permissions: [{ submoduleId: sub.users }, { submoduleId: sub.users }] },
        { permissions: roleMessages.submoduleDuplicate },
      ],
      [
        { name: 'Ok', permissions: [{ submoduleId: '00000000-0000-4000-8000-000000000000', view: true }] },
        { permissions: roleMessages.submoduleUnknown },
      ],
      [
        {
          name: 'Ok',
          permissions: Array.from({ length: 501 }, (_, i) => ({
            submoduleId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          })),
        },
        { permissions: roleMessages.permissionsTooMany },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await t.call('POST', administratorRolePaths.list, { token: admin, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.body.errors).toMatchObject(errors);
    }
    expect([await roleCount(), await permissionCount()]).toEqual(before);
  });

  it('keeps SQL and HTML characters as text', async () => {
    const name = `Robert'); DROP TABLE administrator_roles;-- <b>x</b>`;
    const role = await createRole(name);
    expect(role.name).toBe(name);
    const search = await t.call(
      'GET',
      `${administratorRolePaths.list}?search=${encodeURIComponent("'); DROP")}`,
      {
        token: admin,
      },
    );
    expect((search.body.results.data as RoleRow[]).map((row) => row.name)).toEqual([name]);
  });
});

describe('GET /administrator-role', () => {
  it('shows the system role with its users counted', async () => {
    const response = await t.call('GET', `${administratorRolePaths.list}?search=Administrator&limit=500`, {
      token: admin,
    });
    const row = (response.body.results.data as RoleRow[]).find((r) => r._id === systemRoleId);
    const holders = await t.db.$count(users, eq(users.administrativeRoleId, systemRoleId));
    expect(holders).toBeGreaterThan(0);
    expect(row).toMatchObject({ name: 'Administrator', isSystem: true, status: true, userCount: holders });
    expect(row && Object.keys(row).sort()).toEqual(
      ['_id', 'createdAt', 'isSystem', 'name', 'status', 'userCount', 'version'].sort(),
    );
  });
});

describe('GET /administrator-role/{id}', () => {
  it('answers the role with every submodule, the system role with every action', async () => {
    const system = await t.call('GET', administratorRolePaths.one(systemRoleId), { token: admin });
    expect(system.status).toBe(200);
    const detail = system.body.results as RoleDetail;
    expect(detail.isSystem).toBe(true);
    expect(detail.permissions.every((p) => p.view && p.add && p.edit && p.delete && p.publish)).toBe(true);
  });
});

describe('PATCH /administrator-role/{id}', () => {
  it('replaces name, status and matrix and bumps the version', async () => {
    const role = await createRole('Editable', { users: { view: true }, courses: { view: true } });
    const response = await t.call('PATCH', administratorRolePaths.one(role._id), {
      token: admin,
      body: {
        name: 'Edited',
        status: false,
        version: 1,
        permissions: permissionsOf({ users: { view: true, add: true } }),
      },
    });
    expect(response.status).toBe(200);
    const updated = response.body.results as RoleDetail;
    expect(updated).toMatchObject({ name: 'Edited', status: false, version: 2 });
    expect(grantOf(updated, 'users')).toMatchObject({ view: true, add: true, edit: false });
    expect(grantOf(updated, 'courses')?.view).toBe(false);

    const reread = await t.call('GET', administratorRolePaths.one(role._id), { token: admin });
    expect(reread.body.results).toEqual(updated);
  });

  it('answers a stale version with the current record and its matrix, writing nothing', async () => {
    const role = await createRole('Stale', { users: { view: true } });
    const fresh = await t.call('PATCH', administratorRolePaths.one(role._id), {
      token: admin,
      body: { name: 'Stale 2', version: 1, permissions: permissionsOf({ users: { view: true } }) },
    });
    expect(fresh.status).toBe(200);
    const stale = await t.call('PATCH', administratorRolePaths.one(role._id), {
      token: admin,
      body: { name: 'Stale lost', version: 1, permissions: [] },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.results).toMatchObject({ _id: role._id, name: 'Stale 2', version: 2 });
    expect(grantOf(stale.body.results, 'users')?.view).toBe(true);
    expect(await t.db.$count(rolePermissions, eq(rolePermissions.roleId, role._id))).toBe(1);
  });

  it('checks the matrix on update as on create, writing nothing', async () => {
    const role = await createRole('Validated', { users: { view: true } });
    const before = await t.call('GET', administratorRolePaths.one(role._id), { token: admin });
    const response = await t.call('PATCH', administratorRolePaths.one(role._id), {
      token: admin,
      body: {
        name: 'X',
        version: 1,
        permissions: [{ submoduleId: '00000000-0000-4000-8000-000000000001', view: true }],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({ permissions: roleMessages.submoduleUnknown });
    const after = await t.call('GET', administratorRolePaths.one(role._id), { token: admin });
    expect(after.body.results).toEqual(before.body.results);
  });

  it('lets the system role be renamed but never unpublished or stripped', async () => {
    const read = async () =>
      (await t.call('GET', administratorRolePaths.one(systemRoleId), { token: admin })).body
        .results as RoleDetail;
    const before = await read();
    const everything = before.permissions;
    for (const body of [
      { name: before.name, status: false, version: before.version, permissions: everything },
      {
        name: before.name,
        version: before.version,
        permissions: everything.map((p, i) => (i === 0 ? { ...p, delete: false } : p)),
      },
      { name: before.name, version: before.version, permissions: [{ submoduleId: sub.users, view: true }] },
    ]) {
      const response = await t.call('PATCH', administratorRolePaths.one(systemRoleId), {
        token: admin,
        body,
      });
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(roleMessages.systemRoleLocked);
    }
    expect(await read()).toEqual(before);

    const renamed = await t.call('PATCH', administratorRolePaths.one(systemRoleId), {
      token: admin,
      body: { name: 'Administrator', version: before.version, permissions: everything },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.results).toMatchObject({ status: true, version: before.version + 1 });
  });
});

describe('status toggle and bulk status', () => {
  it('answers a toggled role as its list row, with its user count', async () => {
    const role = await createRole('Toggle me');
    const response = await t.call('POST', administratorRolePaths.one(role._id), { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({ _id: role._id, status: false, userCount: 0 });
  });

  it('never unpublishes the system role, singly or in bulk', async () => {
    const other = await createRole('Beside the system role');
    const single = await t.call('POST', administratorRolePaths.one(systemRoleId), { token: admin });
    expect(single.status).toBe(409);
    expect(single.body.message).toBe(roleMessages.systemRoleLocked);
    const bulk = await t.call('POST', administratorRolePaths.bulkOff, {
      token: admin,
      body: { bulkId: [other._id, systemRoleId] },
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body.message).toBe(roleMessages.bulkSystemRole);
    const rows = await t.db
      .select({ status: administratorRoles.status })
      .from(administratorRoles)
      .where(inArray(administratorRoles.id, [other._id, systemRoleId]));
    expect(rows.map((row) => row.status)).toEqual([true, true]);
  });
});

describe('DELETE /administrator-role/bulk-delete', () => {
  it('deletes a role with its matrix', async () => {
    const role = await createRole('Delete A', { users: { view: true }, courses: { view: true } });
    expect(await t.db.$count(rolePermissions, eq(rolePermissions.roleId, role._id))).toBe(2);
    const response = await t.call('DELETE', administratorRolePaths.bulkDelete, {
      token: admin,
      body: { bulkId: [role._id] },
    });
    expect(response.status).toBe(200);
    expect(await t.db.$count(administratorRoles, eq(administratorRoles.id, role._id))).toBe(0);
    expect(await t.db.$count(rolePermissions, eq(rolePermissions.roleId, role._id))).toBe(0);
  });

  it('refuses the system role and roles still assigned, deleting nothing', async () => {
    const free = await createRole('Free role');
    const held = await userWithRole('Held role', { users: { view: true } });
    const system = await t.call('DELETE', administratorRolePaths.bulkDelete, {
      token: admin,
      body: { bulkId: [free._id, systemRoleId] },
    });
    expect(system.status).toBe(409);
    expect(system.body.message).toBe(roleMessages.bulkSystemRole);

    const single = await t.call('DELETE', administratorRolePaths.bulkDelete, {
      token: admin,
      body: { bulkId: [held.role.id] },
    });
    expect(single.status).toBe(409);
    expect(single.body.message).toBe(roleMessages.roleInUse(1));
    expect(single.body.message).toBe(
      'This role is assigned to 1 user. Assign them another role before deleting it.',
    );

    const both = await t.call('DELETE', administratorRolePaths.bulkDelete, {
      token: admin,
      body: { bulkId: [free._id, held.role.id] },
    });
    expect(both.status).toBe(409);
    expect(both.body.message).toBe(roleMessages.bulkRoleInUse(1));
    expect(
      await t.db.$count(
        administratorRoles,
        inArray(administratorRoles.id, [free._id, held.role.id, systemRoleId]),
      ),
    ).toBe(3);
  });
});

describe('permissions', () => {
  it('applies a changed role on the very next request of its users', async () => {
    const created = await createRole('Changing role', { 'role-permission': { view: true } });
    const email = 'changing-role@example.com';
    await t.createUser({ email, password: 'secret1', administrativeRoleId: created._id });
    const token = await t.login(email, 'secret1');
    expect((await t.call('GET', administratorRolePaths.list, { token })).status).toBe(200);
    expect(
      (await t.call('POST', administratorRolePaths.list, { token, body: { name: 'By them' } })).status,
    ).toBe(403);

    const grant = await t.call('PATCH', administratorRolePaths.one(created._id), {
      token: admin,
      body: {
        name: created.name,
        version: 1,
        permissions: permissionsOf({ 'role-permission': { view: true, add: true } }),
      },
    });
    expect(grant.status).toBe(200);
    expect(
      (await t.call('POST', administratorRolePaths.list, { token, body: { name: 'By them' } })).status,
    ).toBe(201);

    const revoke = await t.call('PATCH', administratorRolePaths.one(created._id), {
      token: admin,
      body: { name: created.name, version: 2, permissions: [] },
    });
    expect(revoke.status).toBe(200);
    expect((await t.call('GET', administratorRolePaths.list, { token })).status).toBe(403);

    await t.call('PATCH', administratorRolePaths.one(created._id), {
      token: admin,
      body: {
        name: created.name,
        version: 3,
        permissions: permissionsOf({ 'role-permission': { view: true } }),
      },
    });
    expect((await t.call('GET', administratorRolePaths.list, { token })).status).toBe(200);
    // Unpublishing the role takes the administration away at once, too.
    expect((await t.call('POST', administratorRolePaths.one(created._id), { token: admin })).status).toBe(
      200,
    );
    expect((await t.call('GET', administratorRolePaths.list, { token })).status).toBe(403);
    const me = await t.call('GET', paths.me, { token });
    expect(me.body.results.adminstrativeRoleId).toMatchObject({ status: false });
  });

  it('keeps the user counts in step with assignments', async () => {
    const role = await createRole('Counted');
    await t.createUser({
      email: 'counted-1@example.com',
      password: 'secret1',
      administrativeRoleId: role._id,
    });
    await t.createUser({
      email: 'counted-2@example.com',
      password: 'secret1',
      administrativeRoleId: role._id,
    });
    const response = await t.call('GET', `${administratorRolePaths.list}?search=Counted`, { token: admin });
    expect(response.body.results.data[0]).toMatchObject({ name: 'Counted', userCount: 2 });
    const refused = await t.call('DELETE', administratorRolePaths.bulkDelete, {
      token: admin,
      body: { bulkId: [role._id] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This role is assigned to 2 users. Assign them another role before deleting it.',
    );
  });
});
