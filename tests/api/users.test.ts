import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { userMessages, userPaths } from '../../contract/users.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { userGroupMembers } from '../../server/db/schema/user-groups.ts';
import { userMembershipRoles, users } from '../../server/db/schema/users.ts';
import { demo, type TestContext } from './helpers.ts';
import { countUsers, openUsersTest, type UserLookups, validUser } from './users-fixtures.ts';

let t: TestContext;
let admin: string;
let l: UserLookups;
beforeAll(async () => {
  ({ t, admin, l } = await openUsersTest());
});
afterAll(() => t.close());

const userCount = () => countUsers(t.db);

// What is special to users; the shared list, status, bulk, 404, 409 and 422 behaviour is in
// conformance.test.ts.

describe('POST /user', () => {
  it('creates a user with groups, roles, level and a password that signs in', async () => {
    const response = await t.call('POST', userPaths.list, { token: admin, body: validUser(l) });
    expect(response.status).toBe(201);
    const user = response.body.results;
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      status: true,
      version: 1,
      groups: [{ _id: l.groups.Sales, name: 'Sales' }],
      membershipRoles: [{ _id: l.roles.Growth, name: 'Growth' }],
      membership: { _id: l.levels.Gold, name: 'Gold' },
      administrativeRole: null,
      profileFields: {},
    });
    expect(await t.login('ada@example.com', 'secret12')).toEqual(expect.any(String));
  });

  it('answers every message of the user form and writes nothing', async () => {
    const before = await userCount();
    const response = await t.call('POST', userPaths.list, { token: admin, body: {} });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      groupId: 'You must select at least one user group.',
      roleId: 'You must select at least one role.',
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Email is required.',
      password: 'Password is required.',
      confirmPassword: 'Confirm password is required.',
      membershipId: 'Membership level is required.',
    });
    expect(await userCount()).toBe(before);
  });

  it('checks password length, confirmation and email shape', async () => {
    const short = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'x@example.com', password: 'abc', confirmPassword: 'abc' }),
    });
    expect(short.body.errors).toEqual({ password: 'Password length should be 6 character at least.' });
    const mismatch = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'x@example.com', confirmPassword: 'secret13' }),
    });
    expect(mismatch.body.errors).toEqual({ confirmPassword: 'Password does not match.' });
    const email = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'not-an-email' }),
    });
    expect(email.body.errors).toEqual({ email: userMessages.emailInvalid });
  });

  it('refuses unknown groups, roles, levels and administrator roles', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, {
        email: 'x@example.com',
        groupId: [unknown],
        roleId: [unknown],
        membershipId: unknown,
        adminstrativeRoleId: unknown,
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      groupId: userMessages.invalidChoice,
      roleId: userMessages.invalidChoice,
      membershipId: userMessages.membershipRequired,
      adminstrativeRoleId: userMessages.invalidChoice,
    });
    const [found] = await t.db.select().from(users).where(eq(users.email, 'x@example.com'));
    expect(found).toBeUndefined();
  });

  it('answers 409 with an email error for an email that has an account, in any case', async () => {
    const before = await userCount();
    const response = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'ADMIN@example.com' }),
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: userMessages.duplicateEmail,
      errors: { email: userMessages.duplicateEmail },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses wrong types, a huge name, markup in the email and NUL characters without writing', async () => {
    const before = await userCount();
    const wrongTypes = await t.call('POST', userPaths.list, {
      token: admin,
      body: { ...validUser(l, { email: 'y@example.com' }), groupId: 'Sales', roleId: [1], firstName: 42 },
    });
    expect(wrongTypes.status).toBe(422);
    const huge = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'y@example.com', firstName: 'x'.repeat(5000) }),
    });
    expect(huge.status).toBe(422);
    const html = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: "<script>'; drop table users;--@x" }),
    });
    expect(html.status).toBe(422);
    const nul = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'nul@example.com', firstName: 'a\u0000b' }),
    });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({ firstName: messages.invalidCharacters });
    expect(await userCount()).toBe(before);
  });
});

describe('GET /user/{id} and PATCH /user/{id}', () => {
  let id: string;
  beforeAll(async () => {
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
    });
    id = created.body.results._id;
  });

  it('reads the record with its links; /user/me still reaches the signed-in user', async () => {
    const response = await t.call('GET', userPaths.one(id), { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({
      _id: id,
      firstName: 'Grace',
      version: 1,
      groups: [{ _id: l.groups.Sales, name: 'Sales' }],
      membership: { _id: l.levels.Gold, name: 'Gold' },
    });
    const me = await t.call('GET', paths.me, { token: admin });
    expect(me.status).toBe(200);
    expect(me.body.results.firstName).toBe('System');
  });

  it('updates fields and links, keeps the password when none is typed, and bumps the version', async () => {
    const joined = new Date('2024-01-02T03:04:05Z');
    await t.db.update(userGroupMembers).set({ joinedAt: joined }).where(eq(userGroupMembers.userId, id));
    const response = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: {
        ...validUser(l, { email: 'grace.h@example.com', firstName: 'Grace', lastName: 'Brewster' }),
        groupId: [l.groups.Sales as string, l.groups.Leadership as string],
        roleId: [l.roles.Empire as string],
        adminstrativeRoleId: l.adminRoles['Content Manager'],
        password: '',
        confirmPassword: '',
        version: 1,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({
      lastName: 'Brewster',
      email: 'grace.h@example.com',
      version: 2,
      groups: [
        { _id: l.groups.Leadership, name: 'Leadership' },
        { _id: l.groups.Sales, name: 'Sales' },
      ],
      membershipRoles: [{ _id: l.roles.Empire, name: 'Empire' }],
      administrativeRole: { _id: l.adminRoles['Content Manager'], name: 'Content Manager', status: true },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword('secret12', row?.passwordHash ?? '')).toBe(true);
    expect(await t.db.$count(userMembershipRoles, eq(userMembershipRoles.userId, id))).toBe(1);
    const memberships = await t.db
      .select({ groupId: userGroupMembers.groupId, joinedAt: userGroupMembers.joinedAt })
      .from(userGroupMembers)
      .where(eq(userGroupMembers.userId, id));
    expect(memberships).toHaveLength(2);
    // The group the user stays in keeps the day they joined it; the new one starts now.
    const byGroup = new Map(memberships.map((m) => [m.groupId, m.joinedAt]));
    expect(byGroup.get(l.groups.Sales as string)).toEqual(joined);
    expect(byGroup.get(l.groups.Leadership as string)?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('changes the password when one is typed, checking it like the create form', async () => {
    const short = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: {
        ...validUser(l, { email: 'grace.h@example.com', password: 'abc', confirmPassword: 'abc' }),
        version: 2,
      },
    });
    expect(short.body.errors).toEqual({ password: userMessages.passwordMin });
    const missing = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: {
        ...validUser(l, { email: 'grace.h@example.com', password: 'newpass1', confirmPassword: '' }),
        version: 2,
      },
    });
    expect(missing.body.errors).toEqual({ confirmPassword: userMessages.confirmPasswordRequired });
    const ok = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: {
        ...validUser(l, { email: 'grace.h@example.com', password: 'newpass1', confirmPassword: 'newpass1' }),
        version: 2,
      },
    });
    expect(ok.status).toBe(200);
    expect(await t.login('grace.h@example.com', 'newpass1')).toEqual(expect.any(String));
  });

  it('answers 409 for an email of another account, changing nothing', async () => {
    const taken = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: { ...validUser(l, { email: demo.lead.email, password: '', confirmPassword: '' }), version: 3 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ email: userMessages.duplicateEmail });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: 'grace.h@example.com', version: 3 });
  });

  it('does not take the built-in role from its last enabled user', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, demo.admin.email));
    const response = await t.call('PATCH', userPaths.one(me?.id as string), {
      token: admin,
      body: {
        ...validUser(l, { email: demo.admin.email, firstName: 'System', lastName: 'Administrator' }),
        password: '',
        confirmPassword: '',
        adminstrativeRoleId: l.adminRoles['Content Manager'],
        version: me?.version as number,
      },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(userMessages.lastSystemAdmin);
    const [after] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, me?.id as string));
    expect(after?.administrativeRoleId).toBe(l.adminRoles.Administrator);
  });
});
