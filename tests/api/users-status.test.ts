import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { userMessages, userPaths } from '../../contract/users.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { tokenWithEveryPermission, userLookups } from './users-fixtures.ts';

let t: TestContext;
let admin: string;
let adminId: string;
let adminRole: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  const [me] = await t.db.select().from(users).where(eq(users.email, demo.admin.email));
  adminId = me?.id as string;
  adminRole = (await userLookups(t.db)).adminRoles.Administrator as string;
});
afterAll(() => t.close());

let n = 0;
const newUser = async (fields: Partial<typeof users.$inferInsert> = {}) => {
  n += 1;
  return (await t.createUser({ email: `status${n}@example.com`, password: 'secret12', ...fields })).id;
};
const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (await t.db.select({ id: users.id, status: users.status }).from(users).where(inArray(users.id, ids))).map(
      (row) => [row.id, row.status],
    ),
  );

describe('POST /user/{id}', () => {
  it('flips the status and answers the updated row', async () => {
    const id = await newUser();
    const off = await t.call('POST', userPaths.one(id), { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Status is updated successfully.');
    expect(off.body.results).toMatchObject({ _id: id, status: false, version: 2 });
    const on = await t.call('POST', userPaths.one(id), { token: admin });
    expect(on.body.results).toMatchObject({ _id: id, status: true, version: 3 });
  });

  it('ends a disabled user’s sessions at once', async () => {
    const id = await newUser();
    const token = await t.login(`status${n}@example.com`, 'secret12');
    expect((await t.call('GET', paths.me, { token })).status).toBe(200);
    await t.call('POST', userPaths.one(id), { token: admin });
    expect((await t.call('GET', paths.me, { token })).status).toBe(401);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.call('POST', userPaths.one('00000000-0000-4000-8000-000000000000'), {
      token: admin,
    });
    expect(response.status).toBe(404);
  });

  it('refuses to disable the caller’s own account', async () => {
    const response = await t.call('POST', userPaths.one(adminId), { token: admin });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(userMessages.selfDisable);
    expect(await statusOf([adminId])).toEqual({ [adminId]: true });
  });
});

describe('bulk enable, disable and delete', () => {
  it('disables and enables every selected user', async () => {
    const ids = [await newUser(), await newUser()];
    const off = await t.call('POST', userPaths.bulkOff, { token: admin, body: { bulkId: ids } });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(messages.statusUpdated);
    expect(await statusOf(ids)).toEqual({ [ids[0] as string]: false, [ids[1] as string]: false });
    const on = await t.call('POST', userPaths.bulkOn, { token: admin, body: { bulkId: ids } });
    expect(on.status).toBe(200);
    expect(await statusOf(ids)).toEqual({ [ids[0] as string]: true, [ids[1] as string]: true });
  });

  it('works behind the Idempotency-Key store, which reads the body first', async () => {
    const ids = [await newUser()];
    const headers = { 'Idempotency-Key': 'users-bulk-disable-1' };
    const first = await t.call('POST', userPaths.bulkOff, {
      token: admin,
      body: { bulkId: ids },
      headers,
    });
    expect(first.status).toBe(200);
    const again = await t.call('POST', userPaths.bulkOff, {
      token: admin,
      body: { bulkId: ids },
      headers,
    });
    expect(again.status).toBe(200);
    expect(await statusOf(ids)).toEqual({ [ids[0] as string]: false });
    const self = await t.call('POST', userPaths.bulkOff, {
      token: admin,
      body: { bulkId: [adminId] },
      headers: { 'Idempotency-Key': 'users-bulk-disable-2' },
    });
    expect(self.status).toBe(409);
  });

  it('deletes every selected user', async () => {
    const ids = [await newUser(), await newUser()];
    const response = await t.call('DELETE', userPaths.bulkDelete, { token: admin, body: { bulkId: ids } });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(adminMessages.bulkDeleted);
    expect(await statusOf(ids)).toEqual({});
  });

  it('changes nothing when one id is unknown or the body is malformed', async () => {
    const id = await newUser();
    const unknown = await t.call('DELETE', userPaths.bulkDelete, {
      token: admin,
      body: { bulkId: [id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
    for (const body of [{}, { bulkId: [] }, { bulkId: ['nope'] }, { bulkId: id }]) {
      const response = await t.call('POST', userPaths.bulkOff, { token: admin, body });
      expect(response.status).toBe(422);
    }
    const broken = await t.call('DELETE', userPaths.bulkDelete, {
      token: admin,
      rawBody: '{"bulkId": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await statusOf([id])).toEqual({ [id]: true });
  });

  it('refuses to disable or delete the caller, leaving the others as they were', async () => {
    const other = await newUser();
    const disable = await t.call('POST', userPaths.bulkOff, {
      token: admin,
      body: { bulkId: [other, adminId] },
    });
    expect(disable.status).toBe(409);
    expect(disable.body.message).toBe(userMessages.selfDisable);
    const remove = await t.call('DELETE', userPaths.bulkDelete, {
      token: admin,
      body: { bulkId: [adminId, other] },
    });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe(userMessages.selfDelete);
    expect(await statusOf([other, adminId])).toEqual({ [other]: true, [adminId]: true });
  });

  it('keeps at least one enabled user on the built-in role', async () => {
    // Removing both holders of the built-in role at once is refused; one may go while the other holds
    // it. The manager holds every permission, as acting on the built-in role's holders takes.
    const manager = await tokenWithEveryPermission(t, 'manager@example.com');
    const second = await newUser({ administrativeRoleId: adminRole });
    const both = [adminId, second];
    const response = await t.call('POST', userPaths.bulkOff, { token: manager, body: { bulkId: both } });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(userMessages.lastSystemAdmin);
    const removal = await t.call('DELETE', userPaths.bulkDelete, { token: manager, body: { bulkId: both } });
    expect(removal.body.message).toBe(userMessages.lastSystemAdmin);
    expect(await statusOf(both)).toEqual({ [adminId]: true, [second]: true });
    // One of the two may go: the other still holds the role.
    const one = await t.call('POST', userPaths.one(second), { token: manager });
    expect(one.status).toBe(200);
    const last = await t.call('POST', userPaths.one(adminId), { token: manager });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(userMessages.lastSystemAdmin);
    expect(await statusOf(both)).toEqual({ [adminId]: true, [second]: false });
  });
});
