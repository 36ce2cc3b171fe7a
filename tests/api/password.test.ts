import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { passwordResetTokens, sessions } from '../../server/db/schema/auth.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { users } from '../../server/db/schema/users.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import { APP_URL, createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const LINK = new RegExp(`${APP_URL}/reset-password/([A-Za-z0-9_-]+)`);

/** Asks for a reset link and returns the token from the mail it produced. */
async function mailedToken(email: string, address = '192.0.2.1'): Promise<string> {
  const response = await t.call('POST', '/forget-password', { body: { email }, address });
  expect(response.status).toBe(200);
  await t.idle();
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const token = mails.at(-1)?.text.match(LINK)?.[1];
  if (!token) throw new Error(`No reset link was mailed to ${email}`);
  return token;
}

describe('POST /forget-password', () => {
  it('gives the same answer for a known and an unknown email, and mails only the known one', async () => {
    await t.createUser({ email: 'known@example.com', password: 'secret1', firstName: 'Kim' });
    const known = await t.call('POST', '/forget-password', { body: { email: 'known@example.com' } });
    const unknown = await t.call('POST', '/forget-password', { body: { email: 'unknown@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: messages.forgotPasswordSent, results: null });
    expect(unknown.body).toEqual(known.body);

    await t.idle();
    const knownMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'known@example.com'));
    expect(knownMails).toHaveLength(1);
    expect(knownMails[0]?.subject).toBe('Reset Your Password');
    expect(knownMails[0]?.text).toMatch(LINK);
    expect(knownMails[0]?.text).toContain('Hello Kim,');
    expect(knownMails[0]?.sentAt).toBeNull();
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.to, 'unknown@example.com'))).toBe(0);
    // Without SMTP the link goes to the server log for developers.
    expect(t.logs.some((line) => line.text.includes('known@example.com') && LINK.test(line.text))).toBe(true);
  });

  it('answers before it looks the email up, and mails in the background', async () => {
    await t.createUser({ email: 'later@example.com', password: 'secret1' });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sendsStarted = 0;
    // The mail waits until the test lets it through, so the answer cannot have waited for it.
    const held: Mailer = {
      ...t.mailer,
      send: async (mail) => {
        sendsStarted += 1;
        await gate;
        await t.mailer.send(mail);
      },
    };
    const app = t.build({}, { mailer: held });
    const ask = (email: string) =>
      app.request('/api/v1/forget-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });

    const known = await ask('later@example.com');
    const unknown = await ask('nobody-later@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: messages.forgotPasswordSent, results: null });
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.to, 'later@example.com'))).toBe(0);

    release();
    await t.idle();
    expect(sendsStarted).toBe(1);
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.to, 'later@example.com'))).toBe(1);
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.to, 'nobody-later@example.com'))).toBe(0);
  });

  it('logs a mail that fails in the background; the answer was already given', async () => {
    await t.createUser({ email: 'broken-mail@example.com', password: 'secret1' });
    const failing: Mailer = {
      ...t.mailer,
      send: async () => {
        throw new Error('outbox unavailable');
      },
    };
    const response = await t.build({}, { mailer: failing }).request('/api/v1/forget-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'broken-mail@example.com' }),
    });
    expect(response.status).toBe(200);
    await t.idle();
    expect(
      t.logs.some(
        (line) =>
          line.level === 'error' &&
          line.text.includes('forgot-password mail') &&
          line.text.includes('outbox unavailable'),
      ),
    ).toBe(true);
  });

  it('stores only the hash of the mailed token, valid for one hour', async () => {
    const user = await t.createUser({ email: 'hashed@example.com', password: 'secret1' });
    const token = await mailedToken('hashed@example.com');
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).not.toBe(token);
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(60 * 60 * 1000);
  });

  it('mails nobody for a disabled account', async () => {
    await t.createUser({ email: 'off@example.com', password: 'secret1', status: false });
    const response = await t.call('POST', '/forget-password', { body: { email: 'off@example.com' } });
    expect(response.status).toBe(200);
    await t.idle();
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.to, 'off@example.com'))).toBe(0);
  });

  it('requires a valid email', async () => {
    const missing = await t.call('POST', '/forget-password', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: messages.validationFailed,
      errors: { email: 'Email field is required.' },
    });
    const invalid = await t.call('POST', '/forget-password', { body: { email: 'not-an-email' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ email: messages.emailInvalid });
  });

  it('answers 429 after 5 requests for one email from one address', async () => {
    const body = { email: 'flood@example.com' };
    for (let request = 1; request <= 5; request += 1) {
      expect((await t.call('POST', '/forget-password', { body, address: '198.51.100.9' })).status).toBe(200);
    }
    const blocked = await t.call('POST', '/forget-password', { body, address: '198.51.100.9' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: messages.tooManyAttempts });
    const elsewhere = await t.call('POST', '/forget-password', { body, address: '198.51.100.10' });
    expect(elsewhere.status).toBe(200);
  });
});

describe('POST /reset-password', () => {
  it('sets the new password with the mailed token, which then works no more', async () => {
    await t.createUser({ email: 'resetter@example.com', password: 'old-secret' });
    const token = await mailedToken('resetter@example.com');
    const body = { token, newPassword: 'new-secret', confirmPassword: 'new-secret' };

    const response = await t.call('POST', '/reset-password', { body });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.resetPasswordSuccess, results: null });
    expect(
      (await t.call('POST', '/login', { body: { email: 'resetter@example.com', password: 'old-secret' } }))
        .status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/login', { body: { email: 'resetter@example.com', password: 'new-secret' } }))
        .status,
    ).toBe(200);

    const again = await t.call('POST', '/reset-password', {
      body: { ...body, newPassword: 'third-one', confirmPassword: 'third-one' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: messages.resetTokenInvalid });
    expect(
      (await t.call('POST', '/login', { body: { email: 'resetter@example.com', password: 'new-secret' } }))
        .status,
    ).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const response = await t.call('POST', '/reset-password', {
      body: { token: 'made-up-token', newPassword: 'whatever1', confirmPassword: 'whatever1' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: messages.resetTokenInvalid });
  });

  it('refuses an expired token and leaves the password alone', async () => {
    const user = await t.createUser({ email: 'late@example.com', password: 'old-secret' });
    const token = await mailedToken('late@example.com');
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await t.call('POST', '/reset-password', {
      body: { token, newPassword: 'new-secret', confirmPassword: 'new-secret' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: messages.resetTokenInvalid });
    expect(
      (await t.call('POST', '/login', { body: { email: 'late@example.com', password: 'old-secret' } }))
        .status,
    ).toBe(200);
  });

  it('signs the user out everywhere and retires their other reset links', async () => {
    const user = await t.createUser({ email: 'everywhere@example.com', password: 'old-secret' });
    const phone = await t.login('everywhere@example.com', 'old-secret');
    const laptop = await t.login('everywhere@example.com', 'old-secret');
    const first = await mailedToken('everywhere@example.com');
    const second = await mailedToken('everywhere@example.com');

    const response = await t.call('POST', '/reset-password', {
      body: { token: second, newPassword: 'new-secret', confirmPassword: 'new-secret' },
    });
    expect(response.status).toBe(200);
    for (const token of [phone, laptop]) {
      const me = await t.call('GET', '/user/me', { token });
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ message: messages.unauthenticated });
    }
    expect(await t.db.$count(sessions, and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))).toBe(
      0,
    );
    expect(
      await t.db.$count(
        passwordResetTokens,
        and(eq(passwordResetTokens.userId, user.id), isNotNull(passwordResetTokens.usedAt)),
      ),
    ).toBe(2);
    const stale = await t.call('POST', '/reset-password', {
      body: { token: first, newPassword: 'other-secret', confirmPassword: 'other-secret' },
    });
    expect(stale.status).toBe(400);
  });

  it('bumps the user record version', async () => {
    const user = await t.createUser({ email: 'versioned@example.com', password: 'old-secret' });
    const token = await mailedToken('versioned@example.com');
    await t.call('POST', '/reset-password', {
      body: { token, newPassword: 'new-secret', confirmPassword: 'new-secret' },
    });
    const [after] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, user.id));
    expect(after?.version).toBe(user.version + 1);
  });

  describe('validation', () => {
    it('requires every field with the spec messages', async () => {
      const response = await t.call('POST', '/reset-password', { body: {} });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: messages.validationFailed,
        errors: {
          newPassword: 'New password field is required.',
          confirmPassword: 'Confirm password field is required.',
          token: messages.tokenRequired,
        },
      });
    });

    it('needs at least 6 characters', async () => {
      const response = await t.call('POST', '/reset-password', {
        body: { token: 'x', newPassword: '12345', confirmPassword: '12345' },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        newPassword: 'New password length must be at least 6 characters long.',
      });
    });

    it('reports a mismatch on confirmPassword', async () => {
      const response = await t.call('POST', '/reset-password', {
        body: { token: 'x', newPassword: '123456', confirmPassword: '654321' },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ confirmPassword: 'Password does not match.' });
    });
  });
});
