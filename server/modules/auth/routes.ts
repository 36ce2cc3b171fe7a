import { vValidator } from '@hono/valibot-validator';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { loginSchema } from '../../../contract/auth.ts';
import { LOGIN_RATE_LIMIT } from '../../../contract/constants.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import type { LoginResult, SessionUser } from '../../../contract/session.ts';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password.ts';
import { clearHits, liveWindows, recordHits } from '../../auth/rate-limit.ts';
import { createResetToken } from '../../auth/reset-tokens.ts';
import { loadSessionUser } from '../../auth/session-user.ts';
import { createSession, revokeSession } from '../../auth/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { Config } from '../../env.ts';
import { allow, publicAccess, signedIn } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { clientAddress } from '../../http/client-address.ts';
import { ApiError } from '../../http/errors.ts';
import { validationHook } from '../../http/validate.ts';

type LoginLimitKeys = { pair: string; address: string; email: string };

/**
 * Failed sign-ins are counted three ways, in one window (LOGIN_RATE_LIMIT.windowMs):
 * - `pair`, per email and address: guessing one account from one place is slowed down;
 * - `address`, per address whatever the email: spraying many emails from one place is slowed down;
 * - `email`, per email from all addresses: guessing one account from many places locks it, but
 *   only for addresses that have failed on it, so the owner still gets in from a clean address and
 *   a distributed guesser gets one try per new address.
 */
function loginLimitKeys(email: string, address: string): LoginLimitKeys {
  const lower = email.toLowerCase();
  return {
    pair: `login:${lower}:${address}`,
    address: `login-address:${address}`,
    email: `login-email:${lower}`,
  };
}

/** Seconds until every rule that refuses this sign-in has let go, or undefined when none does. */
function refusedFor(
  windows: Map<string, { count: number; seconds: number }>,
  keys: LoginLimitKeys,
  config: Pick<Config, 'loginRateLimitMax' | 'loginAddressRateLimitMax'>,
): number | undefined {
  const pair = windows.get(keys.pair);
  const address = windows.get(keys.address);
  const email = windows.get(keys.email);
  const waits: number[] = [];
  if (address && address.count >= config.loginAddressRateLimitMax) waits.push(address.seconds);
  if (pair && pair.count >= config.loginRateLimitMax) waits.push(pair.seconds);
  // Locked email, address that failed on it: free again when either window is over.
  if (email && email.count >= config.loginRateLimitMax && pair)
    waits.push(Math.min(email.seconds, pair.seconds));
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

/** Signing in and out, and who the session belongs to. */
export function authRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      paths.login,
      allow(db, publicAccess),
      writesAccounts('session'),
      vValidator('json', loginSchema, validationHook),
      async (c) => {
        const { email, password } = c.req.valid('json');
        const keys = loginLimitKeys(email, clientAddress(c, config.trustProxy));
        const retryAfter = refusedFor(await liveWindows(db, Object.values(keys)), keys, config);
        if (retryAfter !== undefined) {
          c.header('Retry-After', String(retryAfter));
          throw new ApiError(429, messages.tooManyAttempts);
        }

        const [user] = await db
          .select({
            id: users.id,
            passwordHash: users.passwordHash,
            status: users.status,
            requirePasswordReset: users.requirePasswordReset,
          })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
          .limit(1);
        const passwordMatches = user
          ? await verifyPassword(password, user.passwordHash)
          : await verifyAgainstDummy(password);
        if (!user || !passwordMatches) {
          await recordHits(db, Object.values(keys), LOGIN_RATE_LIMIT.windowMs);
          throw new ApiError(401, messages.invalidCredentials);
        }
        // Only this email and address start again. The address's count stays, or someone could
        // spray other emails and reset the count by signing into an account of their own; the
        // email's count stays, as the right password from here says nothing of the failures from
        // elsewhere (the lock never stops an address that has not failed on the email anyway).
        await clearHits(db, keys.pair);
        if (!user.status) throw new ApiError(403, messages.accountDisabled);

        if (user.requirePasswordReset) {
          const resetToken = await createResetToken(db, user.id);
          return c.json({
            message: messages.mustResetPassword,
            results: { requirePasswordReset: true, resetToken, redirectTo: `/reset-password/${resetToken}` },
          } satisfies ApiSuccess<LoginResult>);
        }

        const token = await createSession(db, user.id);
        const sessionUser = await loadSessionUser(db, user.id);
        if (!sessionUser) throw new Error(`User ${user.id} vanished while signing in`);
        return c.json({
          message: messages.loginSuccess,
          results: { token, user: sessionUser },
        } satisfies ApiSuccess<LoginResult>);
      },
    )
    .post(paths.logout, allow(db, signedIn), writesAccounts('session'), async (c) => {
      await revokeSession(db, c.get('auth').sessionId);
      return c.json({ message: messages.logoutSuccess, results: null } satisfies ApiSuccess<null>);
    })
    .get(paths.me, allow(db, signedIn), async (c) => {
      const user = await loadSessionUser(db, c.get('auth').userId);
      if (!user) throw new ApiError(401, messages.unauthenticated);
      return c.json({ message: messages.userFetched, results: user } satisfies ApiSuccess<SessionUser>);
    });
}
