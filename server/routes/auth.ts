import { vValidator } from '@hono/valibot-validator';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { loginSchema } from '../../contract/auth.ts';
import { LOGIN_RATE_LIMIT } from '../../contract/constants.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { LoginResult } from '../../contract/session.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { blockedFor, clearHits, recordHit } from '../auth/rate-limit.ts';
import { createResetToken } from '../auth/reset-tokens.ts';
import { loadSessionUser } from '../auth/session-user.ts';
import { createSession, revokeSession } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import { allow, publicAccess, signedIn } from '../http/access.ts';
import type { AppDeps, AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { ApiError } from '../http/errors.ts';
import { validationHook } from '../http/validate.ts';

export function authRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      paths.login,
      allow(db, publicAccess),
      vValidator('json', loginSchema, validationHook),
      async (c) => {
        const { email, password } = c.req.valid('json');
        // Failed attempts count per email and address: guessing one account is slowed down without
        // letting someone lock a user out from everywhere.
        const limitKey = `login:${email.toLowerCase()}:${clientAddress(c, config.trustProxy)}`;
        const retryAfter = await blockedFor(db, limitKey, config.loginRateLimitMax);
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
          await recordHit(db, limitKey, LOGIN_RATE_LIMIT.windowMs);
          throw new ApiError(401, messages.invalidCredentials);
        }
        await clearHits(db, limitKey);
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
    .post(paths.logout, allow(db, signedIn), async (c) => {
      await revokeSession(db, c.get('auth').sessionId);
      return c.json({ message: messages.logoutSuccess, results: null } satisfies ApiSuccess<null>);
    });
}
