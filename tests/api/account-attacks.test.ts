import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { administratorRolePaths, roleMessages } from '../../contract/roles.ts';
import { userMessages, userPaths } from '../../contract/users.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { queryRows } from '../../server/db/rows.ts';
import { administratorRoles } from '../../server/db/schema/administrator-roles.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { teamIds } from './team-fixtures.ts';
import { tokenWithUserPermissions, userLookups, validUser } from './users-fixtures.ts';

/**
 * The attacks an insider tried on a fresh install, replayed: each must now be refused and change
 * nothing. (Idempotency-Key reuse, resend floods, forgot-password timing and sign-in spraying are
 * replayed in idempotency.test.ts, team-members.test.ts, trainings.test.ts, password.test.ts and
 * auth.test.ts.)
 */
let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let adminId: string;
let systemRole: string;
beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  const [admin] = await t.db.select().from(users).where(eq(users.email, demo.admin.email));
  const [role] = await t.db.select().from(administratorRoles).where(eq(administratorRoles.isSystem, true));
  adminId = admin?.id as string;
  systemRole = role?.id as string;
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const userByEmail = async (email: string) =>
  (await t.db.select().from(users).where(sql`lower(${users.email}) = ${email}`))[0];

describe('a team lead taking over accounts', () => {
  it('cannot import the administrator into their team, nor learn more than the add form tells', async () => {
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const response = await t.call('POST', paths.memberImport(team.growth), {
      token: lead,
      body: {
        rows: [
          { row: 2, values: { firstName: 'Ad', lastName: 'Min', email: demo.admin.email } },
          { row: 3, values: { firstName: 'Le', lastName: 'Ad', email: demo.lead2.email } },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.results.map((row: { status: string; message: string }) => row)).toEqual([
      expect.objectContaining({ status: 'refused', message: userMessages.duplicateEmail }),
      expect.objectContaining({ status: 'refused', message: userMessages.duplicateEmail }),
    ]);
    const admitted = await t.db.$count(
      teamMembers,
      sql`${teamMembers.teamId} = ${team.growth} and ${teamMembers.userId} in (select id from users where lower(email) in (${demo.admin.email}, ${demo.lead2.email}))`,
    );
    expect(admitted).toBe(0);
  });

  it('cannot change the password of a member who is also in a team they do not lead', async () => {
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const shared = await t.createUser({ email: 'shared@example.com', password: 'shared-pass-1' });
    await t.db.insert(teamMembers).values([
      { teamId: team.growth, userId: shared.id },
      { teamId: team.freedom, userId: shared.id },
    ]);
    const before = await userRow(shared.id);
    const response = await t.call('PATCH', paths.member(shared.id), {
      token: lead,
      body: {
        teamId: team.growth,
        firstName: 'Taken',
        lastName: 'Over',
        email: 'shared@example.com',
        password: 'attacker-1',
        confirmPassword: 'attacker-1',
      },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.forbidden);
    expect(await userRow(shared.id)).toEqual(before);
    const detail = await t.call('GET', paths.member(shared.id), { token: lead });
    expect(detail.body.results.editable).toBe(false);
  });

  it('cannot change the administrator even once the administrator is in their team', async () => {
    const lead = await t.login(demo.lead.email, demo.lead.password);
    await t.db.insert(teamMembers).values({ teamId: team.growth, userId: adminId }).onConflictDoNothing();
    const before = await userRow(adminId);
    const response = await t.call('PATCH', paths.member(adminId), {
      token: lead,
      body: {
        teamId: team.growth,
        firstName: 'Ad',
        lastName: 'Min',
        email: demo.admin.email,
        password: 'attacker-1',
        confirmPassword: 'attacker-1',
      },
    });
    expect(response.status).toBe(403);
    expect(await userRow(adminId)).toEqual(before);
    expect(await t.login(demo.admin.email, demo.admin.password)).toBeTruthy();
    await t.db
      .delete(teamMembers)
      .where(sql`${teamMembers.teamId} = ${team.growth} and ${teamMembers.userId} = ${adminId}`);
  });

  it('still manages a member of their own teams only', async () => {
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const own = await t.createUser({ email: 'own-member@example.com', password: 'own-pass-1' });
    await t.db.insert(teamMembers).values({ teamId: team.growth, userId: own.id });
    const response = await t.call('PATCH', paths.member(own.id), {
      token: lead,
      body: {
        teamId: team.growth,
        firstName: 'Own',
        lastName: 'Member',
        email: 'own-member@example.com',
        password: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.results.editable).toBe(true);
    expect(await verifyPassword('new-pass-1', (await userRow(own.id))?.passwordHash as string)).toBe(true);
  });
});

describe('an administrator giving out more than they hold', () => {
  it('cannot give themselves the built-in role with only users view and edit', async () => {
    const token = await tokenWithUserPermissions(t, 'editor@example.com', { canView: true, canEdit: true });
    const me = await userByEmail('editor@example.com');
    const lookups = await userLookups(t.db);
    const detail = await t.call('GET', userPaths.one(me?.id as string), { token });
    const response = await t.call('PATCH', userPaths.one(me?.id as string), {
      token,
      body: {
        ...validUser(lookups, { email: 'editor@example.com' }),
        password: '',
        confirmPassword: '',
        adminstrativeRoleId: systemRole,
        version: detail.body.results.version,
      },
    });
    expect(response.status).toBe(403);
    expect((await userByEmail('editor@example.com'))?.administrativeRoleId).toBe(me?.administrativeRoleId);
    const roles = await t.call('GET', administratorRolePaths.list, { token });
    expect(roles.status).toBe(403);
  });

  it('cannot create a user with the built-in role with only users add', async () => {
    const token = await tokenWithUserPermissions(t, 'adder@example.com', { canView: true, canAdd: true });
    const lookups = await userLookups(t.db);
    const response = await t.call('POST', userPaths.list, {
      token,
      body: validUser(lookups, { email: 'escalated@example.com', adminstrativeRoleId: systemRole }),
    });
    expect(response.status).toBe(403);
    expect(await userByEmail('escalated@example.com')).toBeUndefined();
  });

  it('cannot import a user with the built-in role', async () => {
    const token = await tokenWithUserPermissions(t, 'importer@example.com', { canView: true, canAdd: true });
    const csv = [
      'firstName,lastName,email,membership,roles,groups,administrativeRole',
      'Csv,Admin,csv-admin@example.com,Gold,Growth,Sales,Administrator',
    ].join('\n');
    const response = await t.call('POST', userPaths.batch, { token, body: { csv, firstRow: 2 } });
    expect(response.status).toBe(200);
    expect(response.body.results.rows[0]).toMatchObject({
      status: 'refused',
      reason: userMessages.importRoleNotGranted,
    });
    expect(await userByEmail('csv-admin@example.com')).toBeUndefined();
  });

  it('cannot write a role matrix granting a permission they lack', async () => {
    const token = await tokenWithUserPermissions(t, 'roles-limited@example.com', { canView: true });
    const [role] = await t.db
      .select({ id: administratorRoles.id })
      .from(administratorRoles)
      .where(eq(administratorRoles.name, 'Role of roles-limited@example.com'));
    // Let the caller manage roles, but hold nothing else.
    const submoduleOf = async (slug: string) =>
      (await queryRows<{ id: string }>(t.db, sql`select id from submodules where slug = ${slug}`))[0] as {
        id: string;
      };
    const rolesScreen = await submoduleOf('role-permission');
    const teamsScreen = await submoduleOf('users-team');
    await t.db.execute(
      sql`insert into role_permissions (role_id, submodule_id, can_view, can_add, can_edit)
          values (${role?.id}, ${rolesScreen.id}, true, true, true)`,
    );
    const response = await t.call('POST', administratorRolePaths.list, {
      token,
      body: { name: 'Sneaky', status: true, permissions: [{ submoduleId: teamsScreen.id, delete: true }] },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.permissions).toBe(roleMessages.permissionNotHeld);
    const own = await t.call('PATCH', administratorRolePaths.one(role?.id as string), {
      token,
      body: {
        name: 'Role of roles-limited@example.com',
        status: true,
        permissions: [{ submoduleId: rolesScreen.id, view: true, add: true, edit: true, delete: true }],
        version: 1,
      },
    });
    expect(own.status).toBe(422);
    expect(own.body.errors.permissions).toBe(roleMessages.permissionNotHeld);
  });
});

describe('sessions that outlived a credential change', () => {
  it('ends the sessions of a user whose password an administrator sets', async () => {
    const admin = await t.login(demo.admin.email, demo.admin.password);
    const lookups = await userLookups(t.db);
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(lookups, {
        email: 'victim@example.com',
        password: 'victim-1',
        confirmPassword: 'victim-1',
      }),
    });
    const victim = await t.login('victim@example.com', 'victim-1');
    expect((await t.call('GET', paths.me, { token: victim })).status).toBe(200);
    const response = await t.call('PATCH', userPaths.one(created.body.results._id), {
      token: admin,
      body: {
        ...validUser(lookups, { email: 'victim@example.com' }),
        password: 'changed-1',
        confirmPassword: 'changed-1',
        version: created.body.results.version,
      },
    });
    expect(response.status).toBe(200);
    const after = await t.call('GET', paths.me, { token: victim });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(messages.unauthenticated);
    // The administrator's own session is untouched.
    expect((await t.call('GET', paths.me, { token: admin })).status).toBe(200);
  });

  it('does not bring back tokens from before a disable when the user is enabled again', async () => {
    const admin = await t.login(demo.admin.email, demo.admin.password);
    const user = await t.createUser({ email: 'revived@example.com', password: 'revived-1' });
    const old = await t.login('revived@example.com', 'revived-1');
    await t.call('POST', userPaths.bulkOff, { token: admin, body: { bulkId: [user.id] } });
    await t.call('POST', userPaths.bulkOn, { token: admin, body: { bulkId: [user.id] } });
    expect((await t.call('GET', paths.me, { token: old })).status).toBe(401);
    expect(
      (await t.call('GET', paths.me, { token: await t.login('revived@example.com', 'revived-1') })).status,
    ).toBe(200);
  });
});

describe('a deleted user', () => {
  it('leaves no profile picture behind', async () => {
    const admin = await t.login(demo.admin.email, demo.admin.password);
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    for (const [name, value] of Object.entries({
      firstName: 'Pic',
      lastName: 'Ture',
      email: 'picture@example.com',
      teamId: team.growth,
      password: 'picture-1',
      confirmPassword: 'picture-1',
    }))
      form.set(name, value);
    form.set('profilePicture', new File([png], 'me.png', { type: 'image/png' }));
    const added = await t.call('POST', paths.addMember, { token: lead, form });
    expect(added.status).toBe(201);
    const picture = added.body.results.profilePicture as string;
    expect((await t.app.request(picture)).status).toBe(200);
    const name = picture.split('/').pop() as string;
    const stored = join(t.config.dataDir, 'files', 'profile-pictures', name);
    expect(existsSync(stored)).toBe(true);
    const removed = await t.call('DELETE', userPaths.bulkDelete, {
      token: admin,
      body: { bulkId: [added.body.results._id] },
    });
    expect(removed.status).toBe(200);
    expect((await t.app.request(picture)).status).toBe(404);
    expect(existsSync(stored)).toBe(false);
  });
});
