import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { RoleInfo } from '../../contract/roles.ts';
import { administratorRoles, rolePermissions, submodules } from '../../server/db/schema.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let lead: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
});
afterAll(() => t.close());

let userCounter = 0;
/** A role granting the given actions per submodule slug, and a signed-in user holding it. */
async function userWithRole(
  name: string,
  grants: Record<string, Partial<Record<'view' | 'add' | 'edit' | 'delete' | 'publish', boolean>>>,
) {
  const [role] = await t.db.insert(administratorRoles).values({ name }).returning();
  if (!role) throw new Error('Inserting a role returned nothing');
  const subs = await t.db.select({ id: submodules.id, slug: submodules.slug }).from(submodules);
  const rows = subs
    .filter((sub) => sub.slug in grants)
    .map((sub) => {
      const g = grants[sub.slug] ?? {};
      return {
        roleId: role.id,
        submoduleId: sub.id,
        canView: g.view ?? false,
        canAdd: g.add ?? false,
        canEdit: g.edit ?? false,
        canDelete: g.delete ?? false,
        canPublish: g.publish ?? false,
      };
    });
  if (rows.length > 0) await t.db.insert(rolePermissions).values(rows);
  userCounter += 1;
  const email = `role-user-${userCounter}@example.com`;
  const user = await t.createUser({ email, password: 'secret1', administrativeRoleId: role.id });
  return { role, user, token: await t.login(email, 'secret1') };
}

describe('GET /administrator-role/info', () => {
  it('lists every role, light, by name, for users who may view users', async () => {
    const response = await t.call('GET', paths.administratorRoleInfo, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    const results = response.body.results as RoleInfo[];
    expect(results.map((role) => role.name)).toEqual(['Administrator', 'Content Manager']);
    for (const role of results) expect(Object.keys(role).sort()).toEqual(['_id', 'name', 'status']);

    const viewer = await userWithRole('Users viewer', { users: { view: true } });
    const seen = await t.call('GET', paths.administratorRoleInfo, { token: viewer.token });
    expect(seen.status).toBe(200);
    expect((seen.body.results as RoleInfo[]).map((role) => role.name)).toContain('Users viewer');
  });

  it('refuses anonymous callers, learners and roles that may not view users', async () => {
    expect((await t.call('GET', paths.administratorRoleInfo)).status).toBe(401);
    expect((await t.call('GET', paths.administratorRoleInfo, { token: lead })).status).toBe(403);
    const other = await userWithRole('Roles only', { 'role-permission': { view: true } });
    const response = await t.call('GET', paths.administratorRoleInfo, { token: other.token });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.forbidden);
  });
});
