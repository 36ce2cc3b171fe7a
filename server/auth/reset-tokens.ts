import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '../../contract/constants.ts';
import type { Database } from '../db/client.ts';
import { passwordResetTokens } from '../db/schema/auth.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * An invitation's set-password link lasts a week: the invited person may not read mail within the
 * hour a forgotten-password link gets. It is the same single-use reset token otherwise.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Issues a single-use reset token valid for `ttlMs` and returns it; only its hash is kept. */
export async function createResetToken(
  db: Database,
  userId: string,
  ttlMs: number = RESET_TOKEN_TTL_MS,
): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'`,
  });
  return token;
}

const usable = (token: string) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/** The user a token may reset, without using it up. */
export async function findResetTokenUser(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable(token))
    .limit(1);
  return row?.userId;
}

/**
 * Marks the token used and returns its user, in one statement, so two requests racing with the
 * same token cannot both succeed.
 */
export async function consumeResetToken(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function retireResetTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
