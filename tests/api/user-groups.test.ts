import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// What is special to user groups; the shared list, status, bulk, 404, 409 and 422 behaviour is in
// conformance.test.ts.

describe('user groups', () => {
  it('creates a group with a trimmed name and no members', async () => {
    const group = await create('  Night Shift  ');
    expect(group).toMatchObject({ name: 'Night Shift', status: true, version: 1, memberCount: 0 });
    const [row] = await t.db.select().from(userGroups).where(eq(userGroups.id, group._id));
    expect(row?.name).toBe('Night Shift');
  });

  it('refuses a non-string, over-long or NUL-bearing name with its message, on create and update, and writes nothing', async () => {
    const before = await groupCount();
    for (const body of [{ name: 42 }, { name: 'x'.repeat(101) }]) {
      const response = await t.call('POST', p.list, { token: admin, body });
      expect(response.status).toBe(422);
      expect(response.body.errors.name).toBe(
        typeof body.name === 'string' ? userGroupMessages.nameTooLong : userGroupMessages.nameRequired,
      );
    }
    const nul = await t.call('POST', p.list, { token: admin, body: { name: 'Night\u0000Shift' } });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.name).toBe(messages.invalidCharacters);
    expect(await groupCount()).toBe(before);

    const group = await create('Before');
    const tooLong = await t.call('PATCH', p.one(group._id), {
      token: admin,
      body: { name: 'x'.repeat(101), version: 1 },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual({ name: userGroupMessages.nameTooLong });
    const [row] = await t.db.select().from(userGroups).where(eq(userGroups.id, group._id));
    expect(row).toMatchObject({ name: 'Before', version: 1 });
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

  it('refuses member changes to a role that may only view groups, and writes nothing', async () => {
    const group = await create('Guarded');
    const before = await t.db.$count(userGroupMembers);
    const refused = await t.call('POST', p.edit, {
      token: viewer,
      body: { groupId: group._id, userIds: [group._id], action: 'create' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.forbidden });
    expect(await t.db.$count(userGroupMembers)).toBe(before);
    const information = await t.call('GET', p.information(group._id), { token: viewer });
    expect(information.status).toBe(200);
    expect(information.body.results.group).toMatchObject({ _id: group._id, memberCount: 0 });
  });
});
