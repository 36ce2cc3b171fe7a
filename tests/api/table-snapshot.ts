import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/rows.ts';
import type { TestContext } from './helpers.ts';

/**
 * Bookkeeping a bad request is meant to write: failed sign-ins count toward the rate limit, and a
 * read of the compliance figures brings their kept tables up to date with earlier changes (those
 * changes show in the tables they were made to, which stay watched). The other bookkeeping tables
 * stay watched: no bad request may open a session (a sign-in with a spoiled password once did),
 * and no call here sends a valid Idempotency-Key, so none is stored.
 */
const WRITTEN_BY_DESIGN = new Set([
  'rate_limits',
  'compliance_facts',
  'compliance_members',
  'compliance_counts',
  'compliance_checkpoint',
  'compliance_dirty',
]);

/** Row count and a digest of the rows of every table, so any insert, update or delete shows. */
export async function snapshot(t: TestContext): Promise<Map<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const state = new Map<string, string>();
  for (const { name } of tables) {
    if (WRITTEN_BY_DESIGN.has(name)) continue;
    const [row] = await queryRows<{ n: number; digest: string }>(
      t.db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest
          from ${sql.identifier(name)} r`,
    );
    state.set(name, `${row?.n} rows ${row?.digest}`);
  }
  return state;
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}
