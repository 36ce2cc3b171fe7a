import { lt, or, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { passwordResetTokens, rateLimits, sessions } from './schema.ts';

/** A day's grace keeps recently ended rows around for anyone looking into a sign-in problem. */
const GRACE = sql`now() - interval '1 day'`;

export async function purgeExpired(db: Database): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, GRACE), lt(sessions.revokedAt, GRACE)));
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, GRACE), lt(passwordResetTokens.usedAt, GRACE)));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
