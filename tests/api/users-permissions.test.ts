import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { userPaths } from '../../contract/users.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import {
  countUsers,
  tokenWithUserPermissions,
  type UserLookups,
  userLookups,
  validUser,
} from './users-fixtures.ts';

let t: TestContext;
let l: UserLookups;
beforeAll(async () => {
  t = await createTestContext();
  l = await userLookups(t.db);
});
afterAll(() => t.close());

const userCount = () => countUsers(t.db);

describe('permissions', () => {
  it('refuses each route to a role lacking its action, and allows the one it has', async () => {
    const viewer = await tokenWithUserPermissions(t, 'viewer@example.com', { canView: true });
    const [someone] = await t.db.select().from(users).where(eq(users.email, demo.lead.email));
    const id = someone?.id as string;
    expect((await t.call('GET', userPaths.list, { token: viewer })).status).toBe(200);
    expect((await t.call('GET', userPaths.one(id), { token: viewer })).status).toBe(200);
    const before = await userCount();
    const refused = [
      await t.call('POST', userPaths.list, {
        token: viewer,
        body: validUser(l, { email: 'v2@example.com' }),
      }),
      await t.call('PATCH', userPaths.one(id), { token: viewer, body: { ...validUser(l), version: 1 } }),
      await t.call('POST', userPaths.one(id), { token: viewer }),
      await t.call('POST', userPaths.bulkOff, { token: viewer, body: { bulkId: [id] } }),
      await t.call('POST', userPaths.bulkOn, { token: viewer, body: { bulkId: [id] } }),
      await t.call('DELETE', userPaths.bulkDelete, { token: viewer, body: { bulkId: [id] } }),
      await t.call('POST', userPaths.batch, { token: viewer, body: { csv: 'firstName\r\n' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(refused[0]?.body.message).toBe(messages.forbidden);
    expect(await userCount()).toBe(before);
    const [after] = await t.db.select().from(users).where(eq(users.id, id));
    expect(after?.status).toBe(true);

    const nobody = await tokenWithUserPermissions(t, 'nobody@example.com', {});
    expect((await t.call('GET', userPaths.list, { token: nobody })).status).toBe(403);
    expect((await t.call('GET', userPaths.export, { token: nobody })).status).toBe(403);
    expect((await t.call('GET', userPaths.publishedProfileFields, { token: nobody })).status).toBe(403);
    const lead = await t.login(demo.lead.email, demo.lead.password);
    expect((await t.call('GET', userPaths.list, { token: lead })).status).toBe(403);
    expect((await t.call('GET', userPaths.list)).status).toBe(401);
  });
});
