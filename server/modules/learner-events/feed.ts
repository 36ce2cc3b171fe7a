import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { learnerEventPaths } from '../../../contract/events/attendees.ts';
import { API_BASE } from '../../../contract/paths.ts';
import type { Database } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema/events.ts';

/**
 * A person's private calendar feed (record 029): the address carries 32 random bytes, of which only
 * the SHA-256 is kept, so the database never holds a working address and the address can be shown
 * once, when it is made. A new address replaces the old one, which then answers 404.
 */

/** A token as the address carries it: 43 base64url characters. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed's public address for this token. */
export const feedUrl = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}${API_BASE}${learnerEventPaths.publicFeed(token)}`;

/** Makes a new token for the user, replacing any they had; answers the token and when it was made. */
export async function newFeed(db: Database, userId: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: tokenHash(token), createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: tokenHash(token), createdAt: now },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  return { token, createdAt: row?.createdAt ?? now };
}

/** The user whose feed this token opens, or undefined (malformed, revoked or replaced). */
export async function feedOwner(db: Database, token: string): Promise<string | undefined> {
  if (!FEED_TOKEN.test(token)) return undefined;
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash(token)));
  return row?.userId;
}
