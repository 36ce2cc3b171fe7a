import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Rows of a hand-written query. Both drivers answer `{ rows }`; numbers from count() are cast to
 * int in the SQL, since PostgreSQL's bigint would arrive as a string.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp from a raw query as ISO text, whichever driver parsed it. */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Whether a failed statement broke a unique index (drizzle wraps the driver's error as its cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '23505') return true;
  }
  return false;
}
