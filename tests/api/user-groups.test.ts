import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import { messages } from '../../contract/messages.ts';
import { userGroupPaths as p, userGroupMessages } from '../../contract/user-groups.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { userGroupMembers, userGroups } from '../../server/db/schema/user-groups.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let viewer: string;
let lead: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
  // A role that may only view groups.
  const [role] = await t.db.insert(administratorRoles).values({ name: 'Group viewer' }).returning();
  const [sub] = await t.db.select().from(submodules).where(eq(submodules.slug, 'users-group'));
  if (!role || !sub) throw new Error('fixture');
  await t.db.insert(rolePermissions).values({ roleId: role.id, submoduleId: sub.id, canView: true });
  await t.createUser({
    email: 'group-viewer@example.com',
    password: 'secret1',
    administrativeRoleId: role.id,
  });
  viewer = await t.login('group-viewer@example.com', 'secret1');
});
afterAll(() => t.close());

const create = async (name: string) => {
  const response = await t.call('POST', p.list, { token: admin, body: { name } });
  expect(response.status).toBe(201);
  return response.body.results as { _id: string; name: string; status: boolean; version: number };
};
const groupCount = async () => t.db.$count(userGroups);
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('user groups', () => {
  it('creates a group with a trimmed name and lists it first', async () => {
    const group = await create('  Night Shift  ');
    expect(group).toMatchObject({ name: 'Night Shift', status: true, version: 1, memberCount: 0 });
    const list = await t.call('GET', `${p.list}?page=1&limit=2`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.results.data[0]._id).toBe(group._id);
    expect(list.body.results).toMatchObject({ page: 1, limit: 2 });
    expect(list.body.results.data).toHaveLength(2);
    expect(list.body.results.totalPages).toBe(Math.ceil(list.body.results.total / 2));
  });

  it("answers 'Group name is required.' for a missing, blank or non-string name and writes nothing", async () => {
    const before = await groupCount();
    for (const body of [{}, { name: '   ' }, { name: 42 }, { name: 'x'.repeat(101) }]) {
      const response = await t.call('POST', p.list, { token: admin, body });
      expect(response.status).toBe(422);
      expect(response.body.errors.name).toBe(
        typeof body.name === 'string' && body.name.length > 100
          ? userGroupMessages.nameTooLong
          : userGroupMessages.nameRequired,
      );
    }
    const nul = await t.call('POST', p.list, { token: admin, body: { name: 'Night\u0000Shift' } });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.name).toBe(messages.invalidCharacters);
    const malformed = await t.call('POST', p.list, {
      token: admin,
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await groupCount()).toBe(before);
  });

  it('searches by name (SQL and LIKE characters match literally), filters by status and pages', async () => {
    const a = await create('Search 100% <b>Zeta</b>');
    await create('Search 1000 Zeta');
    const found = await t.call('GET', `${p.list}?search=${encodeURIComponent('100%')}`, { token: admin });
    expect(found.body.results.data.map((row: { _id: string }) => row._id)).toEqual([a._id]);
    const injection = await t.call('GET', `${p.list}?search=${encodeURIComponent("' or 1=1 --")}`, {
      token: admin,
    });
    expect(injection.status).toBe(200);
    expect(injection.body.results.total).toBe(0);

    await t.call('POST', p.one(a._id), { token: admin });
    const off = await t.call('GET', `${p.list}?status=false&limit=100`, { token: admin });
    expect(off.body.results.data.every((row: { status: boolean }) => row.status === false)).toBe(true);
    expect(off.body.results.data.map((row: { _id: string }) => row._id)).toContain(a._id);
    const on = await t.call('GET', `${p.list}?status=true&limit=100`, { token: admin });
    expect(on.body.results.data.map((row: { _id: string }) => row._id)).not.toContain(a._id);

    const beyond = await t.call('GET', `${p.list}?page=999&limit=10`, { token: admin });
    expect(beyond.status).toBe(200);
    expect(beyond.body.results.data).toEqual([]);
    expect(beyond.body.results.total).toBeGreaterThan(0);
    // Bad page, limit and status fall back to the defaults instead of failing.
    const fallback = await t.call('GET', `${p.list}?page=abc&limit=7&status=maybe`, { token: admin });
    expect(fallback.body.results).toMatchObject({ page: 1, limit: 10 });
  });

  it('toggles status with the spec message and the updated row; unknown ids get 404', async () => {
    const group = await create('Toggle me');
    const off = await t.call('POST', p.one(group._id), { token: admin });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      message: messages.statusUpdated,
      results: { _id: group._id, status: false, version: 2 },
    });
    const on = await t.call('POST', p.one(group._id), { token: admin });
    expect(on.body.results).toMatchObject({ status: true, version: 3 });
    expect((await t.call('POST', p.one(MISSING), { token: admin })).status).toBe(404);
  });

  it('updates with the version it read; a stale version gets 409 with the current record', async () => {
    const group = await create('Before');
    const updated = await t.call('PATCH', p.one(group._id), {
      token: admin,
      body: { name: 'After', version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: adminMessages.updated,
      results: { name: 'After', version: 2 },
    });
    const stale = await t.call('PATCH', p.one(group._id), {
      token: admin,
      body: { name: 'Lost', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: adminMessages.staleVersion,
      results: { name: 'After', version: 2 },
    });
    const invalid = await t.call('PATCH', p.one(group._id), {
      token: admin,
      body: { name: '', version: 'x' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toMatchObject({
      name: userGroupMessages.nameRequired,
      version: userGroupMessages.versionRequired,
    });
    expect(
      (await t.call('PATCH', p.one(MISSING), { token: admin, body: { name: 'A', version: 1 } })).status,
    ).toBe(404);
    const [row] = await t.db.select().from(userGroups).where(eq(userGroups.id, group._id));
    expect(row).toMatchObject({ name: 'After', version: 2 });
  });

  it('bulk publishes, unpublishes and deletes; one unknown id changes nothing', async () => {
    const a = await create('Bulk A');
    const b = await create('Bulk B');
    const off = await t.call('POST', p.bulkUnpublish, { token: admin, body: { bulkId: [a._id, b._id] } });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(messages.statusUpdated);
    const rows = await t.db.select().from(userGroups).where(eq(userGroups.status, false));
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([a._id, b._id]));

    const partly = await t.call('POST', p.bulkPublish, { token: admin, body: { bulkId: [a._id, MISSING] } });
    expect(partly.status).toBe(404);
    const [stillOff] = await t.db.select().from(userGroups).where(eq(userGroups.id, a._id));
    expect(stillOff?.status).toBe(false);
    expect((await t.call('POST', p.bulkPublish, { token: admin, body: { bulkId: [a._id] } })).status).toBe(
      200,
    );

    for (const body of [{}, { bulkId: [] }, { bulkId: ['nope'] }, { bulkId: 'x' }]) {
      expect((await t.call('DELETE', p.bulkDelete, { token: admin, body })).status).toBe(422);
    }
    const before = await groupCount();
    expect(
      (await t.call('DELETE', p.delete, { token: admin, body: { bulkId: [a._id, MISSING] } })).status,
    ).toBe(404);
    expect(await groupCount()).toBe(before);
    // One record is worded as one, not as a selection.
    const deleted = await t.call('DELETE', p.delete, { token: admin, body: { bulkId: [a._id] } });
    expect(deleted.body).toEqual({ message: adminMessages.deleted, results: null });
    expect((await t.call('DELETE', p.bulkDelete, { token: admin, body: { bulkId: [b._id] } })).status).toBe(
      200,
    );
    expect(await groupCount()).toBe(before - 2);
  });

  it('adds and removes members, and pages them in the group information', async () => {
    const group = await create('Members');
    const u1 = await t.createUser({
      email: 'member-one@example.com',
      password: 'secret1',
      firstName: 'Amy',
      lastName: 'One',
    });
    const u2 = await t.createUser({
      email: 'member-two@example.com',
      password: 'secret1',
      firstName: 'Bob',
      lastName: 'Two',
    });
    const added = await t.call('POST', p.edit, {
      token: admin,
      body: { groupId: group._id, userIds: [u1.id, u2.id, u1.id], action: 'create' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: userGroupMessages.membersAdded,
      results: { memberCount: 2 },
    });
    // Adding an existing member again is harmless.
    await t.call('POST', p.edit, {
      token: admin,
      body: { groupId: group._id, userIds: [u1.id], action: 'create' },
    });

    const page1 = await t.call('GET', `${p.information(group._id)}?limit=2&page=1`, { token: admin });
    expect(page1.body.results.group).toMatchObject({ _id: group._id, memberCount: 2 });
    expect(page1.body.results.members.data.map((m: { email: string }) => m.email)).toEqual([
      'member-one@example.com',
      'member-two@example.com',
    ]);
    const searched = await t.call('GET', `${p.information(group._id)}?search=bob two`, { token: admin });
    expect(searched.body.results.members.data.map((m: { _id: string }) => m._id)).toEqual([u2.id]);

    const removed = await t.call('POST', p.edit, {
      token: admin,
      body: { groupId: group._id, userIds: [u1.id], action: 'delete' },
    });
    expect(removed.body).toMatchObject({
      message: userGroupMessages.membersRemoved,
      results: { memberCount: 1 },
    });

    const before = await t.db.$count(userGroupMembers);
    const unknownUser = await t.call('POST', p.edit, {
      token: admin,
      body: { groupId: group._id, userIds: [u1.id, MISSING], action: 'create' },
    });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body.errors.userIds).toBe(userGroupMessages.userNotFound);
    const bad = await t.call('POST', p.edit, {
      token: admin,
      body: { groupId: 'x', userIds: [], action: 'add' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      groupId: userGroupMessages.groupRequired,
      userIds: userGroupMessages.usersRequired,
      action: userGroupMessages.actionRequired,
    });
    const noGroup = await t.call('POST', p.edit, {
      token: admin,
      body: { groupId: MISSING, userIds: [u1.id], action: 'create' },
    });
    expect(noGroup.status).toBe(404);
    expect(await t.db.$count(userGroupMembers)).toBe(before);
    expect((await t.call('GET', p.information(MISSING), { token: admin })).status).toBe(404);
  });

  it('answers the light list to any signed-in user, sorted by name', async () => {
    const response = await t.call('GET', p.info, { token: lead });
    expect(response.status).toBe(200);
    const names = response.body.results.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(Object.keys(response.body.results[0]).sort()).toEqual(['_id', 'name']);
    expect((await t.call('GET', p.info)).status).toBe(401);
  });

  it('refuses with 403 what the role may not do, and writes nothing', async () => {
    const group = await create('Guarded');
    expect((await t.call('GET', p.list, { token: viewer })).status).toBe(200);
    const before = await groupCount();
    const refused = [
      await t.call('POST', p.list, { token: viewer, body: { name: 'No' } }),
      await t.call('PATCH', p.one(group._id), { token: viewer, body: { name: 'No', version: 1 } }),
      await t.call('POST', p.one(group._id), { token: viewer }),
      await t.call('POST', p.bulkUnpublish, { token: viewer, body: { bulkId: [group._id] } }),
      await t.call('DELETE', p.bulkDelete, { token: viewer, body: { bulkId: [group._id] } }),
      await t.call('POST', p.edit, {
        token: viewer,
        body: { groupId: group._id, userIds: [group._id], action: 'create' },
      }),
      await t.call('GET', p.list, { token: lead }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(refused[0]?.body).toEqual({ message: messages.forbidden });
    expect(await groupCount()).toBe(before);
    const [row] = await t.db.select().from(userGroups).where(eq(userGroups.id, group._id));
    expect(row).toMatchObject({ name: 'Guarded', status: true, version: 1 });
  });
});
