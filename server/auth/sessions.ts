import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../contract/constants.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
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

/** The live session of a token with its user's current state; read per request, never cached. */
export async function findSession(db: Database, token: string) {
  const [row] = await db
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
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
