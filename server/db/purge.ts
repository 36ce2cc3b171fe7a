import { lt, or, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { passwordResetTokens, rateLimits, sessions } from './schema/auth.ts';
import { idempotencyKeys } from './schema/idempotency.ts';

/** A day's grace keeps recently ended rows around for anyone looking into a sign-in problem. */
const GRACE = sql`now() - interval '1 day'`;

/**
 * Answers by Idempotency-Key are kept a week: longer than a change waits in a client's outbox
 * before it is sent again (a device offline over a weekend), short enough to stay a small table.
 */
const IDEMPOTENCY_KEPT = sql`now() - interval '7 days'`;

export async function purgeExpired(db: Database): Promise<void> {
  // Sessions are also the sign-in history of the team dashboard (its last 30 days), so a session
  // ended by logging out stays until it would have expired (SESSION_TTL_MS, 30 days); a revoked
  // token is worthless, only its start time is still of use.
  await db.delete(sessions).where(lt(sessions.expiresAt, GRACE));
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, GRACE), lt(passwordResetTokens.usedAt, GRACE)));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, IDEMPOTENCY_KEPT));
}
