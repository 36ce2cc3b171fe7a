import { vValidator } from '@hono/valibot-validator';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../contract/auth.ts';
import { FORGOT_PASSWORD_RATE_LIMIT } from '../../../contract/constants.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import { hashPassword } from '../../auth/password.ts';
import { recordHit } from '../../auth/rate-limit.ts';
import {
  consumeResetToken,
  createResetToken,
  findResetTokenUser,
  retireResetTokens,
} from '../../auth/reset-tokens.ts';
import { revokeAllSessions } from '../../auth/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { allow, publicAccess } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { clientAddress } from '../../http/client-address.ts';
import { ApiError } from '../../http/errors.ts';
import { validationHook } from '../../http/validate.ts';
import { resetPasswordMail } from '../../mail/reset-password-mail.ts';

export function passwordRoutes({ db, config, mailer, background }: AppDeps) {
  /** Mails a reset link if the email belongs to an enabled account; nothing otherwise. */
  async function mailResetLink(email: string) {
    const [user] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, status: users.status })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (!user?.status) return;
    const token = await createResetToken(db, user.id);
    await mailer.send(resetPasswordMail(user, `${config.appUrl}/reset-password/${token}`));
  }

  return new Hono<AppEnv>()
    .post(
      paths.forgetPassword,
      allow(db, publicAccess),
      vValidator('json', forgotPasswordSchema, validationHook),
      async (c) => {
        const { email } = c.req.valid('json');
        const limitKey = `forgot:${email.toLowerCase()}:${clientAddress(c, config.trustProxy)}`;
        const hit = await recordHit(db, limitKey, FORGOT_PASSWORD_RATE_LIMIT.windowMs);
        if (hit.count > FORGOT_PASSWORD_RATE_LIMIT.max) {
          c.header('Retry-After', String(Math.max(1, hit.seconds)));
          throw new ApiError(429, messages.tooManyAttempts);
        }

        // The same answer either way, given before the lookup: a known email costs a token and a mail,
        // and doing that first would let the answer's timing tell which emails have accounts.
        background.run('forgot-password mail', () => mailResetLink(email));
        return c.json({ message: messages.forgotPasswordSent, results: null } satisfies ApiSuccess<null>);
      },
    )
    .post(
      paths.resetPassword,
      allow(db, publicAccess),
      writesAccounts('credentials', 'session'),
      vValidator('json', resetPasswordSchema, validationHook),
      async (c) => {
        const { token, newPassword } = c.req.valid('json');
        // Check before hashing, so bad tokens cost no scrypt work.
        if (!(await findResetTokenUser(db, token))) throw new ApiError(400, messages.resetTokenInvalid);
        const passwordHash = await hashPassword(newPassword);

        await db.transaction(async (tx) => {
          // Using the token up is the first write, so of two racing requests only one gets further.
          const userId = await consumeResetToken(tx, token);
          if (!userId) throw new ApiError(400, messages.resetTokenInvalid);
          await tx
            .update(users)
            .set({
              passwordHash,
              requirePasswordReset: false,
              updatedAt: sql`now()`,
              version: sql`${users.version} + 1`,
            })
            .where(eq(users.id, userId));
          // Whoever held the old password may hold a session or another link too.
          await revokeAllSessions(tx, userId);
          await retireResetTokens(tx, userId);
        });
        return c.json({ message: messages.resetPasswordSuccess, results: null } satisfies ApiSuccess<null>);
      },
    );
}
