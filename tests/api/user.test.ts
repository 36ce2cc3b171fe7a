import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { teams } from '../../server/db/schema/teams.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /user/me', () => {
  it('answers the administrator with the role and every permission', async () => {
    const token = await t.login(demo.admin.email, demo.admin.password);
    const response = await t.call('GET', '/user/me', { token });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.userFetched);
    const user = response.body.results;
    expect(Object.keys(user).sort()).toEqual(
      [
        '_id',
        'adminstrativeRoleId',
        'defaultTeamId',
        'email',
        'firstName',
        'lastName',
        'profilePicture',
      ].sort(),
    );
    expect(user.adminstrativeRoleId).toMatchObject({
      _id: expect.any(String),
      name: 'Administrator',
      status: true,
    });
    const permissions = user.adminstrativeRoleId.permissions as Record<string, string[]>;
    expect(Object.keys(permissions)).toHaveLength(await t.db.$count(submodules));
    expect(permissions['user-management.users']).toEqual(['view', 'add', 'edit', 'delete', 'publish']);
    expect(permissions['event-management.attendees']).toEqual(['view', 'add', 'edit', 'delete', 'publish']);
  });

  it('answers a team lead with no role and the default team', async () => {
    const token = await t.login(demo.lead.email, demo.lead.password);
    const response = await t.call('GET', '/user/me', { token });
    expect(response.status).toBe(200);
    const [growth] = await t.db.select().from(teams).where(eq(teams.title, 'Growth Team'));
    expect(response.body.results).toEqual({
      _id: expect.any(String),
      firstName: 'Taylor',
      lastName: 'Morgan',
      email: 'lead@example.com',
      profilePicture: null,
      adminstrativeRoleId: null,
      defaultTeamId: growth?.id,
    });
  });

  it('lists only the granted actions of a limited role', async () => {
    const [role] = await t.db
      .insert(administratorRoles)
      .values({ name: 'Course Editor', status: false })
      .returning();
    const [courses] = await t.db.select().from(submodules).where(eq(submodules.slug, 'courses'));
    if (!role || !courses) throw new Error('Setup failed');
    await t.db
      .insert(rolePermissions)
      .values({ roleId: role.id, submoduleId: courses.id, canView: true, canEdit: true });
    await t.createUser({ email: 'editor@example.com', password: 'secret1', administrativeRoleId: role.id });
    const token = await t.login('editor@example.com', 'secret1');
    const response = await t.call('GET', '/user/me', { token });
    expect(response.body.results.adminstrativeRoleId).toEqual({
      _id: role.id,
      name: 'Course Editor',
      status: false,
      permissions: { 'content-management.courses': ['view', 'edit'] },
    });
  });

  it('needs a session', async () => {
    const response = await t.call('GET', '/user/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: messages.unauthenticated });
  });
});
