import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

/** A role granting `view` on the given submodule slugs only, and a signed-in user holding it. */
async function userWithRole(name: string, viewable: string[], status = true) {
  const [role] = await t.db.insert(administratorRoles).values({ name, status }).returning();
  if (!role) throw new Error('Inserting a role returned nothing');
  const subs = await t.db.select({ id: submodules.id, slug: submodules.slug }).from(submodules);
  const granted = subs.filter((sub) => viewable.includes(sub.slug));
  if (granted.length > 0) {
    await t.db
      .insert(rolePermissions)
      .values(granted.map((sub) => ({ roleId: role.id, submoduleId: sub.id, canView: true })));
  }
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  await t.createUser({ email, password: 'secret1', administrativeRoleId: role.id });
  return { role, token: await t.login(email, 'secret1') };
}

describe('GET /sidebar', () => {
  it('shows the administrator every module and submodule, in menu order, with client paths', async () => {
    const response = await t.call('GET', '/sidebar', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.sidebarFetched);
    const menu = response.body.results as {
      name: string;
      slug: string;
      icon: string;
      children: { name: string; slug: string; path: string; _id: string }[];
    }[];
    expect(menu.map((module) => module.slug)).toEqual([
      'user-management',
      'content-management',
      'event-management',
    ]);
    expect(menu[0]?.children.map((child) => child.path)).toEqual([
      '/app/user-management/users',
      '/app/user-management/users-profile-field',
      '/app/user-management/users-group',
      '/app/user-management/users-team',
      '/app/user-management/role-permission',
    ]);
    expect(menu[1]?.children.map((child) => child.slug)).toEqual([
      'course-category',
      'courses',
      'lessons',
      'quizzes',
      'assignments',
      'checklists',
      'elearning',
    ]);
    expect(menu[2]?.children.map((child) => child.path)).toEqual([
      '/app/event-management/event',
      '/app/event-management/event-category',
      '/app/event-management/virtual-meeting',
      '/app/event-management/attendees',
    ]);
    for (const module of menu) {
      expect(module).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        slug: expect.any(String),
        icon: expect.any(String),
        children: expect.any(Array),
      });
    }
  });

  it('shows a limited role only what it may view, dropping empty modules', async () => {
    const { token } = await userWithRole('Event Viewer', ['event', 'attendees']);
    const response = await t.call('GET', '/sidebar', { token });
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(1);
    expect(response.body.results[0].slug).toBe('event-management');
    expect(response.body.results[0].children.map((child: { slug: string }) => child.slug)).toEqual([
      'event',
      'attendees',
    ]);
  });

  it('follows a change of the role on the next request', async () => {
    const { role, token } = await userWithRole('Shrinking Role', ['users', 'courses']);
    expect((await t.call('GET', '/sidebar', { token })).body.results).toHaveLength(2);
    const [courses] = await t.db.select().from(submodules).where(eq(submodules.slug, 'courses'));
    await t.db
      .update(rolePermissions)
      .set({ canView: false })
      .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.submoduleId, courses?.id ?? '')));
    const after = await t.call('GET', '/sidebar', { token });
    expect(after.body.results.map((module: { slug: string }) => module.slug)).toEqual(['user-management']);
  });

  it('is empty for a team lead without an administrator role', async () => {
    const token = await t.login(demo.lead.email, demo.lead.password);
    const response = await t.call('GET', '/sidebar', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.sidebarFetched, results: [] });
  });

  it('is empty for a role whose status is off', async () => {
    const { token } = await userWithRole('Switched Off', ['users'], false);
    const response = await t.call('GET', '/sidebar', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.sidebarFetched, results: [] });
  });

  it('needs a session', async () => {
    const response = await t.call('GET', '/sidebar');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: messages.unauthenticated });
  });
});

describe('GET /sidebar/user-portal', () => {
  const names = (body: { results: { name: string; children?: { name: string }[] }[] }) =>
    body.results.flatMap((entry) => [
      entry.name,
      ...(entry.children ?? []).map((child) => `> ${child.name}`),
    ]);

  it('gives a learner who leads no team My Dashboard and Training Resources, and no Team Dashboard', async () => {
    await t.createUser({ email: 'plain-learner@example.com', password: 'secret1' });
    const token = await t.login('plain-learner@example.com', 'secret1');
    const response = await t.call('GET', '/sidebar/user-portal', { token });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.sidebarFetched);
    expect(names(response.body)).toEqual(['My Dashboard', 'Learning Resources', '> Training Resources']);
    expect(response.body.results[0]).toEqual({
      slug: 'my-dashboard',
      name: 'My Dashboard',
      path: '/user-portal/user-dashboard',
    });
  });

  it('gives a team lead Team Dashboard too', async () => {
    const token = await t.login(demo.lead.email, demo.lead.password);
    const response = await t.call('GET', '/sidebar/user-portal', { token });
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual([
      'My Dashboard',
      'Learning Resources',
      '> Training Resources',
      'Team Dashboard',
    ]);
    expect(response.body.results.at(-1).path).toBe('/user-portal/team-dashboard');
  });

  it('gives an administrator who manages teams Team Dashboard, one who does not none', async () => {
    expect(names((await t.call('GET', '/sidebar/user-portal', { token: adminToken })).body)).toContain(
      'Team Dashboard',
    );
    const { token } = await userWithRole('Course Viewer', ['courses']);
    expect(names((await t.call('GET', '/sidebar/user-portal', { token })).body)).not.toContain(
      'Team Dashboard',
    );
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/sidebar/user-portal')).status).toBe(401);
  });
});
