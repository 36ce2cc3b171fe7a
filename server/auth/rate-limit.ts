import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/auth.ts';

/**
 * Fixed-window counters in the rate_limits table. The clock is the database's, so several API
 * processes agree on when a window ends.
 */

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

/** Count and seconds left of each of `keys` whose window is not over yet; keys without one are absent. */
export async function liveWindows(
  db: Database,
  keys: string[],
): Promise<Map<string, { count: number; seconds: number }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      key: rateLimits.key,
      count: rateLimits.count,
      seconds: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int`,
    })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), sql`${rateLimits.resetAt} > now()`));
  return new Map(rows.map((row) => [row.key, { count: row.count, seconds: Math.max(1, row.seconds) }]));
}

/**
 * recordHit for several keys in one atomic statement. The keys are sorted so that two requests
 * counting overlapping keys lock their rows in the same order and cannot deadlock.
 */
export async function recordHits(db: Database, keys: string[], windowMs: number): Promise<void> {
  const unique = [...new Set(keys)].sort();
  if (unique.length === 0) return;
  const resetAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
  await db
    .insert(rateLimits)
    .values(unique.map((key) => ({ key, count: 1, resetAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    });
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
