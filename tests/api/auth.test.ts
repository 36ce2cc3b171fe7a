import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { passwordResetTokens, rateLimits, sessions } from '../../server/db/schema/auth.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('POST /login', () => {
  it('signs in and answers with a token that opens /user/me', async () => {
    const response = await t.call('POST', '/login', { body: demo.admin });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.loginSuccess);
    const { token, user } = response.body.results;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      email: 'admin@example.com',
      firstName: 'System',
      lastName: 'Administrator',
      adminstrativeRoleId: { name: 'Administrator', status: true },
    });

    const me = await t.call('GET', '/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.results._id).toBe(user._id);
  });

  it('stores only a hash of the session token', async () => {
    const token = await t.login(demo.lead.email, demo.lead.password);
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
  });

  it('matches the email regardless of case and surrounding spaces', async () => {
    const response = await t.call('POST', '/login', {
      body: { email: '  Lead@Example.COM ', password: demo.lead.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.results.user.email).toBe('lead@example.com');
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const wrong = await t.call('POST', '/login', {
      body: { email: demo.admin.email, password: 'wrong-pass' },
    });
    const unknown = await t.call('POST', '/login', {
      body: { email: 'nobody@example.com', password: 'admin123' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: messages.invalidCredentials });
    expect(unknown.body).toEqual({ message: messages.invalidCredentials });
  });

  it('refuses a password with a NUL character, which the hash would not tell from the password without it', async () => {
    const before = await t.db.$count(sessions);
    const response = await t.call('POST', '/login', {
      body: { email: demo.admin.email, password: `${demo.admin.password}\u0000` },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: messages.validationFailed,
      errors: { password: messages.invalidCharacters },
    });
    expect(await t.db.$count(sessions)).toBe(before);
  });

  it('refuses a disabled account with 403 once the password is right', async () => {
    await t.createUser({ email: 'disabled@example.com', password: 'secret1', status: false });
    const response = await t.call('POST', '/login', {
      body: { email: 'disabled@example.com', password: 'secret1' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: messages.accountDisabled });
  });

  it('sends a user who must reset the password to the reset form, without a session', async () => {
    const user = await t.createUser({
      email: 'must-reset@example.com',
      password: 'secret1',
      requirePasswordReset: true,
    });
    const response = await t.call('POST', '/login', {
      body: { email: 'must-reset@example.com', password: 'secret1' },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.mustResetPassword);
    expect(response.body.message).toBe('You need to reset the password for the login.');
    const { requirePasswordReset, resetToken, redirectTo } = response.body.results;
    expect(requirePasswordReset).toBe(true);
    expect(redirectTo).toBe(`/reset-password/${resetToken}`);
    expect(response.body.results).not.toHaveProperty('token');
    expect(await t.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, user.id))).toBe(1);

    const reset = await t.call('POST', '/reset-password', {
      body: { token: resetToken, newPassword: 'brand-new', confirmPassword: 'brand-new' },
    });
    expect(reset.status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.requirePasswordReset).toBe(false);
    const login = await t.call('POST', '/login', {
      body: { email: 'must-reset@example.com', password: 'brand-new' },
    });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(messages.loginSuccess);
  });

  describe('validation', () => {
    it('requires email and password with the spec messages', async () => {
      const response = await t.call('POST', '/login', { body: {} });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: messages.validationFailed,
        errors: { email: 'Email field is required.', password: 'Password field is required.' },
      });
    });

    it('treats blank values as missing', async () => {
      const response = await t.call('POST', '/login', { body: { email: '   ', password: '' } });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        email: 'Email field is required.',
        password: 'Password field is required.',
      });
    });

    it('rejects an email that is not an address', async () => {
      const response = await t.call('POST', '/login', { body: { email: 'admin', password: 'admin123' } });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ email: messages.emailInvalid });
    });

    it('rejects a body that is not JSON as missing fields', async () => {
      const response = await t.call('POST', '/login', {
        rawBody: 'email=admin@example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.email).toBe('Email field is required.');
    });
  });
});

describe('login rate limit', () => {
  const victim = { email: 'victim@example.com', password: 'right-password' };
  const attacker = '203.0.113.7';

  beforeAll(async () => {
    await t.createUser(victim);
  });

  it('answers 429 after 10 failures, even to the right password, for that email and address only', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await t.call('POST', '/login', {
        body: { email: victim.email, password: `wrong-${attempt}` },
        address: attacker,
      });
      expect(response.status).toBe(401);
    }
    const blocked = await t.call('POST', '/login', { body: victim, address: attacker });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: messages.tooManyAttempts });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    const otherAddress = await t.call('POST', '/login', { body: victim, address: '198.51.100.2' });
    expect(otherAddress.status).toBe(200);
    const otherEmail = await t.call('POST', '/login', { body: demo.lead, address: attacker });
    expect(otherEmail.status).toBe(200);
  });

  it('lets the key in again once its window is over', async () => {
    await t.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    const response = await t.call('POST', '/login', { body: victim, address: attacker });
    expect(response.status).toBe(200);
  });

  it('does not trust X-Forwarded-For unless configured to', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await t.call('POST', '/login', {
        body: { email: victim.email, password: 'nope-nope' },
        address: '192.0.2.50',
        headers: { 'x-forwarded-for': `10.0.0.${attempt}` },
      });
    }
    const spoofed = await t.call('POST', '/login', {
      body: victim,
      address: '192.0.2.50',
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(spoofed.status).toBe(429);
  });

  it('keys on the last X-Forwarded-For entry when told a proxy sets it', async () => {
    const behindProxy = t.build({ trustProxy: true });
    const attempt = (forwardedFor: string, password: string) =>
      behindProxy.request('/api/v1/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email: victim.email, password }),
      });
    // The test before locked the email for addresses that failed on it (10 failures in all); this
    // one is about the per-email-and-address count, so it starts without that lock.
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `login-email:${victim.email}`));
    for (let failure = 1; failure <= 10; failure += 1) {
      expect((await attempt(`1.1.1.${failure}, 192.0.2.70`, 'wrong-password')).status).toBe(401);
    }
    expect((await attempt('8.8.8.8, 192.0.2.70', victim.password)).status).toBe(429);
    expect((await attempt('192.0.2.70, 192.0.2.71', victim.password)).status).toBe(200);
  });

  it('counts failures in the database and clears them on success', async () => {
    const user = { email: 'counted@example.com', password: 'right-one' };
    await t.createUser(user);
    await t.call('POST', '/login', { body: { ...user, password: 'wrong-one' }, address: '192.0.2.60' });
    await t.call('POST', '/login', { body: { ...user, password: 'wrong-two' }, address: '192.0.2.60' });
    const key = 'login:counted@example.com:192.0.2.60';
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row?.count).toBe(2);
    await t.call('POST', '/login', { body: user, address: '192.0.2.60' });
    expect(await t.db.$count(rateLimits, eq(rateLimits.key, key))).toBe(0);
  });
});

describe('login limits across emails and addresses', () => {
  const signIn = (body: { email: string; password: string }, address: string) =>
    t.call('POST', '/login', { body, address });
  const secondsLeft = (response: { headers: Headers }) => Number(response.headers.get('retry-after'));

  it('answers 429 to every email from an address once it has failed 50 times on any emails', async () => {
    const sprayer = '203.0.113.80';
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      // Nine on a real account, below its own limit of 10; the rest on made-up emails.
      const email = attempt <= 9 ? demo.admin.email : `sprayed-${attempt}@example.com`;
      const response = await signIn({ email, password: `guess-${attempt}` }, sprayer);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    // No email has reached its own limit; the address has.
    const [pairRow] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:${demo.admin.email}:${sprayer}`));
    expect(pairRow?.count).toBe(9);

    const blocked = await signIn(demo.lead, sprayer);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: messages.tooManyAttempts });
    expect(secondsLeft(blocked)).toBeGreaterThan(14 * 60);
    expect(secondsLeft(blocked)).toBeLessThanOrEqual(15 * 60);
    expect((await signIn({ email: 'fresh@example.com', password: 'whatever' }, sprayer)).status).toBe(429);

    // Other addresses are not affected.
    expect((await signIn(demo.lead, '203.0.113.81')).status).toBe(200);
  });

  it('keeps counting an address across a successful sign-in of another email from it', async () => {
    const address = '203.0.113.90';
    const own = { email: 'own-account@example.com', password: 'own-secret' };
    await t.createUser(own);
    for (let attempt = 1; attempt <= 49; attempt += 1) {
      expect(
        (await signIn({ email: `other-${attempt}@example.com`, password: 'guess' }, address)).status,
      ).toBe(401);
    }
    expect((await signIn(own, address)).status).toBe(200);
    expect((await signIn({ email: 'other-50@example.com', password: 'guess' }, address)).status).toBe(401);
    expect((await signIn(own, address)).status).toBe(429);
  });

  it('counts a failure per email and address, per address and per email; a success clears only the first', async () => {
    const user = { email: 'three-keys@example.com', password: 'right-one' };
    await t.createUser(user);
    const address = '203.0.113.99';
    const keys = [`login:${user.email}:${address}`, `login-address:${address}`, `login-email:${user.email}`];
    await signIn({ email: 'Three-Keys@Example.com', password: 'wrong-one' }, address);
    const rows = await t.db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.count]))).toEqual({
      [keys[0] as string]: 1,
      [keys[1] as string]: 1,
      [keys[2] as string]: 1,
    });
    expect((await signIn(user, address)).status).toBe(200);
    const left = await t.db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect(left.map((row) => row.key).sort()).toEqual([keys[1], keys[2]].sort());
  });

  it('reads the address limit from LOGIN_ADDRESS_RATE_LIMIT_MAX', async () => {
    const strict = t.build({ loginAddressRateLimitMax: 2 });
    const attempt = (email: string, password: string) =>
      strict.request(
        '/api/v1/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        },
        { incoming: { socket: { remoteAddress: '203.0.113.95' } } } as never,
      );
    expect((await attempt('one@example.com', 'nope-nope')).status).toBe(401);
    expect((await attempt('two@example.com', 'nope-nope')).status).toBe(401);
    expect((await attempt(demo.lead.email, demo.lead.password)).status).toBe(429);
  });

  describe('an email that failed 10 times from many addresses', () => {
    const owner = { email: 'Locked.Owner@example.com', password: 'owners-secret' };
    const guessers = Array.from({ length: 10 }, (_, index) => `198.18.0.${index + 1}`);

    beforeAll(async () => {
      await t.createUser(owner);
      for (const [index, address] of guessers.entries()) {
        const response = await signIn(
          { email: owner.email.toLowerCase(), password: `guess-${index}` },
          address,
        );
        expect(response.status).toBe(401);
      }
    });

    it('refuses the addresses that failed on it, even the right password, until the lock is over', async () => {
      for (const address of guessers) {
        const response = await signIn(owner, address);
        expect(response.status).toBe(429);
        expect(response.body).toEqual({ message: messages.tooManyAttempts });
        expect(secondsLeft(response)).toBeGreaterThan(0);
      }
    });

    it('lets the owner in with the right password from an address that has not failed on it', async () => {
      const response = await signIn(owner, '198.18.1.1');
      expect(response.status).toBe(200);
      expect(response.body.message).toBe(messages.loginSuccess);
      // The lock stays for the addresses that failed.
      expect((await signIn(owner, guessers[0] as string)).status).toBe(429);
    });

    it('gives a new address one wrong guess, then refuses it', async () => {
      const newcomer = '198.18.2.1';
      expect((await signIn({ ...owner, password: 'one-more-guess' }, newcomer)).status).toBe(401);
      expect((await signIn({ ...owner, password: 'and-another' }, newcomer)).status).toBe(429);
      expect((await signIn(owner, newcomer)).status).toBe(429);
    });

    it('tells a failed address the seconds until the first of the lock and its own count runs out', async () => {
      const email = owner.email.toLowerCase();
      const address = guessers[1] as string;
      await t.db
        .update(rateLimits)
        .set({ resetAt: sql`now() + interval '100 seconds'` })
        .where(eq(rateLimits.key, `login-email:${email}`));
      await t.db
        .update(rateLimits)
        .set({ resetAt: sql`now() + interval '300 seconds'` })
        .where(eq(rateLimits.key, `login:${email}:${address}`));
      const response = await signIn(owner, address);
      expect(response.status).toBe(429);
      expect(secondsLeft(response)).toBeGreaterThanOrEqual(99);
      expect(secondsLeft(response)).toBeLessThanOrEqual(100);

      // Once the lock's window is over, the address is back to its own count (1 of 10).
      await t.db
        .update(rateLimits)
        .set({ resetAt: sql`now() - interval '1 second'` })
        .where(eq(rateLimits.key, `login-email:${email}`));
      expect((await signIn(owner, address)).status).toBe(200);
    });
  });
});

describe('sessions', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    const none = await t.call('GET', '/user/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: messages.unauthenticated });
    const bad = await t.call('GET', '/user/me', { token: 'not-a-real-token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: messages.unauthenticated });
    const malformed = await t.call('GET', '/user/me', { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it('logout revokes the token it was sent with, and only that one', async () => {
    const token = await t.login(demo.lead.email, demo.lead.password);
    const other = await t.login(demo.lead.email, demo.lead.password);
    const response = await t.call('POST', '/logout', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.logoutSuccess, results: null });

    const after = await t.call('GET', '/user/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: messages.unauthenticated });
    expect((await t.call('POST', '/logout', { token })).status).toBe(401);
    expect((await t.call('GET', '/user/me', { token: other })).status).toBe(200);
  });

  it('logout needs a session', async () => {
    const response = await t.call('POST', '/logout');
    expect(response.status).toBe(401);
  });

  it('an expired session gets 401', async () => {
    const user = await t.createUser({ email: 'expiring@example.com', password: 'secret1' });
    const token = await t.login('expiring@example.com', 'secret1');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await t.call('GET', '/user/me', { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: messages.unauthenticated });
  });

  it('disabling a user ends their live sessions on the next request', async () => {
    const user = await t.createUser({ email: 'soon-disabled@example.com', password: 'secret1' });
    const token = await t.login('soon-disabled@example.com', 'secret1');
    expect((await t.call('GET', '/user/me', { token })).status).toBe(200);
    await t.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    const response = await t.call('GET', '/user/me', { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: messages.accountDisabled });
  });
});
