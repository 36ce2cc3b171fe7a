import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { userPaths } from '../../contract/users.ts';
import { passwordResetTokens } from '../../server/db/schema/auth.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { users } from '../../server/db/schema/users.ts';
import { APP_URL, demo, type TestContext } from './helpers.ts';
import { teamIds } from './team-fixtures.ts';
import { countUsers, openUsersTest, type UserLookups, validUser } from './users-fixtures.ts';

// The welcome mail of an account made on Add User, and 'Require Password Reset' on Add/Edit User.

let t: TestContext;
let admin: string;
let l: UserLookups;
beforeAll(async () => {
  ({ t, admin, l } = await openUsersTest());
});
afterAll(() => t.close());

const mailsTo = (email: string) =>
  t.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));

const tokenIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('the welcome mail of a new account', () => {
  it('links to sign in when the administrator set a password, and issues no reset link', async () => {
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'welcome-a@example.com', firstName: 'Grace' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.results.resetPassword).toBe(false);
    const mails = await mailsTo('welcome-a@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Welcome to Training Admin');
    expect(mails[0]?.text).toContain('Hello Grace,');
    expect(mails[0]?.text).toContain(`${APP_URL}/login`);
    expect(mails[0]?.text).not.toContain('/reset-password/');
    expect(mails[0]?.html).toContain(`href="${APP_URL}/login"`);
    const id = created.body.results._id as string;
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, id))).toBe(0);
  });

  it("links to setting a password, for a week, when 'Require Password Reset' is on", async () => {
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'welcome-b@example.com', resetPassword: true }),
    });
    expect(created.status).toBe(201);
    expect(created.body.results.resetPassword).toBe(true);
    const [mail] = await mailsTo('welcome-b@example.com');
    expect(mail?.text).toContain('within 7 days to set your password');
    expect(mail?.text).not.toContain(`${APP_URL}/login`);
    const token = tokenIn(mail?.text ?? '');
    expect(mail?.text).toContain(`${APP_URL}/reset-password/${token}`);
    const id = created.body.results._id as string;
    const lasting = await t.db.$count(
      passwordResetTokens,
      and(
        eq(passwordResetTokens.userId, id),
        gt(passwordResetTokens.expiresAt, sql`now() + interval '6 days'`),
      ),
    );
    expect(lasting).toBe(1);

    // The link works on the reset screen's route, and the password set there signs in.
    const reset = await t.call('POST', paths.resetPassword, {
      body: { token, newPassword: 'chosen12', confirmPassword: 'chosen12' },
    });
    expect(reset.status).toBe(200);
    expect(await t.login('welcome-b@example.com', 'chosen12')).toEqual(expect.any(String));
  });

  it('sends nothing when the account is refused', async () => {
    const before = await countUsers(t.db);
    const refused = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'welcome-c@example.com', roleId: [] }),
    });
    expect(refused.status).toBe(422);
    expect(await countUsers(t.db)).toBe(before);
    expect(await mailsTo('welcome-c@example.com')).toHaveLength(0);
  });

  it('refuses a reset flag that is not a boolean and writes nothing', async () => {
    const refused = await t.call('POST', userPaths.list, {
      token: admin,
      body: { ...validUser(l, { email: 'welcome-d@example.com' }), resetPassword: 'yes' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('resetPassword');
    expect(await mailsTo('welcome-d@example.com')).toHaveLength(0);
  });
});

describe("'Require Password Reset' on Edit User", () => {
  it('makes the next sign-in ask for a new password, and turning it off signs in again', async () => {
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'flagged@example.com' }),
    });
    const id = created.body.results._id as string;
    const on = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: {
        ...validUser(l, { email: 'flagged@example.com', password: '', confirmPassword: '' }),
        resetPassword: true,
        version: 1,
      },
    });
    expect(on.status).toBe(200);
    expect(on.body.results.resetPassword).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.requirePasswordReset).toBe(true);
    const login = await t.call('POST', paths.login, {
      body: { email: 'flagged@example.com', password: 'secret12' },
    });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(messages.mustResetPassword);
    expect(login.body.results.requirePasswordReset).toBe(true);

    const detail = await t.call('GET', userPaths.one(id), { token: admin });
    expect(detail.body.results.resetPassword).toBe(true);
    const off = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: {
        ...validUser(l, { email: 'flagged@example.com', password: '', confirmPassword: '' }),
        resetPassword: false,
        version: detail.body.results.version,
      },
    });
    expect(off.status).toBe(200);
    expect(await t.login('flagged@example.com', 'secret12')).toEqual(expect.any(String));
  });
});

describe("the welcome mail of a lead's new member", () => {
  const addMember = async (email: string, resetPassword: boolean) => {
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const form = new FormData();
    const fields = {
      firstName: 'Rowan',
      lastName: 'Hale',
      email,
      password: 'secret1',
      confirmPassword: 'secret1',
      teamId: (await teamIds(t.db)).growth,
      resetPassword: String(resetPassword),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return t.call('POST', paths.addMember, { token: lead, form });
  };

  it('links to sign in, or to setting a password when a reset is required; one mail each', async () => {
    expect((await addMember('member-welcome-a@example.com', false)).status).toBe(201);
    const plain = await mailsTo('member-welcome-a@example.com');
    expect(plain.map((mail) => mail.subject)).toEqual(['Welcome to Training Admin']);
    expect(plain[0]?.text).toContain(`${APP_URL}/login`);

    expect((await addMember('member-welcome-b@example.com', true)).status).toBe(201);
    const reset = await mailsTo('member-welcome-b@example.com');
    expect(reset).toHaveLength(1);
    const token = tokenIn(reset[0]?.text ?? '');
    expect(token).toEqual(expect.any(String));
    const used = await t.call('POST', paths.resetPassword, {
      body: { token, newPassword: 'chosen12', confirmPassword: 'chosen12' },
    });
    expect(used.status).toBe(200);
  });
});
