import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { users } from '../../server/db/schema/users.ts';
import { allow, permission } from '../../server/http/access.ts';
import type { AppEnv } from '../../server/http/app-env.ts';
import { handleError } from '../../server/http/errors.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let guarded: Hono<AppEnv>;
beforeAll(async () => {
  t = await createTestContext();
  // A route of a later resource, guarded the way its router will guard it.
  guarded = new Hono<AppEnv>()
    .delete('/users', allow(t.db, permission('user-management', 'users', 'delete')), (c) =>
      c.json({ message: 'deleted', results: null }),
    )
    .onError(handleError(console));
});
afterAll(() => t.close());

const deleteUsers = (token?: string) =>
  guarded.request('/users', { method: 'DELETE', headers: token ? { authorization: `Bearer ${token}` } : {} });

async function submoduleId(slug: string) {
  const [row] = await t.db.select({ id: submodules.id }).from(submodules).where(eq(submodules.slug, slug));
  return row?.id ?? '';
}

async function userWithRole(email: string, grant: Partial<typeof rolePermissions.$inferInsert>) {
  const [role] = await t.db.insert(administratorRoles).values({ name: email }).returning();
  if (!role) throw new Error('Inserting a role returned nothing');
  await t.db
    .insert(rolePermissions)
    .values({ roleId: role.id, submoduleId: await submoduleId('users'), ...grant });
  await t.createUser({ email, password: 'secret1', administrativeRoleId: role.id });
  return { roleId: role.id, token: await t.login(email, 'secret1') };
}

describe('allow with a permission', () => {
  it('lets the built-in administrator role through', async () => {
    const response = await deleteUsers(await t.login(demo.admin.email, demo.admin.password));
    expect(response.status).toBe(200);
  });

  it('answers 403 to a role that may view users but not delete them', async () => {
    const { token } = await userWithRole('viewer@example.com', { canView: true });
    const response = await deleteUsers(token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: messages.forbidden });
  });

  it('lets a role with the permission through, and stops it once the permission or the role is off', async () => {
    const { roleId, token } = await userWithRole('deleter@example.com', { canView: true, canDelete: true });
    expect((await deleteUsers(token)).status).toBe(200);

    await t.db.update(administratorRoles).set({ status: false }).where(eq(administratorRoles.id, roleId));
    expect((await deleteUsers(token)).status).toBe(403);

    await t.db.update(administratorRoles).set({ status: true }).where(eq(administratorRoles.id, roleId));
    expect((await deleteUsers(token)).status).toBe(200);
    await t.db
      .update(rolePermissions)
      .set({ canDelete: false })
      .where(
        and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.submoduleId, await submoduleId('users'))),
      );
    expect((await deleteUsers(token)).status).toBe(403);
  });

  it('follows a user moved to another role on the next request', async () => {
    const { token } = await userWithRole('mover@example.com', { canDelete: true });
    expect((await deleteUsers(token)).status).toBe(200);
    await t.db.update(users).set({ administrativeRoleId: null }).where(eq(users.email, 'mover@example.com'));
    expect((await deleteUsers(token)).status).toBe(403);
  });

  it('answers 403 to a user without an administrator role, and 401 without a session', async () => {
    const lead = await deleteUsers(await t.login(demo.lead.email, demo.lead.password));
    expect(lead.status).toBe(403);
    const anonymous = await deleteUsers();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: messages.unauthenticated });
  });
});
