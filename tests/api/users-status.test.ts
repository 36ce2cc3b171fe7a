import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// What is special to disabling and deleting users (sessions, the caller's own account, the built-in
// role); the shared status toggle, bulk routes and their 404 and 422 answers are in conformance.test.ts.

describe('POST /user/{id}', () => {
  it('ends a disabled user’s sessions at once', async () => {
    const id = await newUser();
    const token = await t.login(`status${n}@example.com`, 'secret12');
    expect((await t.call('GET', paths.me, { token })).status).toBe(200);
    await t.call('POST', userPaths.one(id), { token: admin });
    expect((await t.call('GET', paths.me, { token })).status).toBe(401);
  });

  it('refuses to disable the caller’s own account', async () => {
    const response = await t.call('POST', userPaths.one(adminId), { token: admin });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(userMessages.selfDisable);
    expect(await statusOf([adminId])).toEqual({ [adminId]: true });
  });
});

describe('bulk enable, disable and delete', () => {
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
