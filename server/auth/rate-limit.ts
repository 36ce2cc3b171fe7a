import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/**
 * Fixed-window counters in the rate_limits table. The clock is the database's, so several API
 * processes agree on when a window ends.
 */

/** Seconds until the key's window ends when it has reached `max`, else undefined. */
export async function blockedFor(db: Database, key: string, max: number): Promise<number | undefined> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int` })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.count} >= ${max} and ${rateLimits.resetAt} > now()`,
    );
  return row ? Math.max(1, row.seconds) : undefined;
}

/** Counts one hit in one atomic statement, starting a new window when the old one is over. */
export async function recordHit(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ count: number; seconds: number }> {
  const resetAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      seconds: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int`,
    });
  if (!row) throw new Error(`Rate limit upsert for ${key} returned nothing`);
  return row;
}

/**
 * Counts one hit and answers the seconds until the window ends once it holds more than `limit.max`
 * hits, else undefined. Refused hits count too; the window is fixed, so they do not lengthen it.
 */
export async function overLimit(
  db: Database,
  key: string,
  limit: { max: number; windowMs: number },
): Promise<number | undefined> {
  const hit = await recordHit(db, key, limit.windowMs);
  return hit.count > limit.max ? Math.max(1, hit.seconds) : undefined;
}

export async function clearHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
