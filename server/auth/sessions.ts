import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../contract/constants.ts';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { sessions } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { retireResetTokens } from './reset-tokens.ts';
import { hashToken, newToken } from './tokens.ts';

/** Starts a session and returns its token; only the token's hash is kept. */
export async function createSession(db: Database, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + ${SESSION_TTL_MS} * interval '1 millisecond'`,
  });
  return token;
}

const liveSession = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      status: users.status,
      administrativeRoleId: users.administrativeRoleId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

/** The live session of a token with its user's current state; read per request, never cached. */
export async function findSession(db: Database, token: string) {
  const [row] = await liveSession(db).execute({ tokenHash: hashToken(token) });
  return row;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export function revokeAllSessions(db: Database, userId: string): Promise<void> {
  return revokeSessionsOf(db, [userId]);
}

/**
 * After an account's password or email changed: its sessions end and its outstanding reset links
 * stop working, since whoever knew the old password or reads the old address may hold either. A
 * user changing their own account stays signed in on the session they did it from.
 */
export async function endSessionsAfterCredentialChange(
  db: Database,
  userId: string,
  caller: { userId: string; sessionId: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        caller.userId === userId ? ne(sessions.id, caller.sessionId) : undefined,
      ),
    );
  await retireResetTokens(db, userId);
}

/** Ends every session of the users (a disable or enable, a password reset). */
export async function revokeSessionsOf(db: Database, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
}
