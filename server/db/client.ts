import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The one database type the server uses, whichever driver is underneath. Queries name their
 * tables from server/db/schema/ (drizzle's relational `db.query` API is not used).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** What `db.transaction(async (tx) => …)` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** A tarball of the embedded database that `openDatabase({ from })` starts from; PGlite only. */
  dump?: () => Promise<Blob>;
  /**
   * VACUUM (ANALYZE) of the embedded database. PGlite runs PostgreSQL in single-user mode, where
   * autovacuum never runs: without this the planner has no statistics and index-only scans read
   * the heap for every row. PostgreSQL servers do it themselves, so there it is absent.
   */
  vacuum?: () => Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** postgres://… connection string. */
  | { databaseUrl: string }
  /** Embedded PGlite; without dataDir it lives in memory (tests), optionally starting from a dump. */
  | { dataDir?: string; from?: Blob };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.from);
}

async function openPglite(dataDir: string | undefined, from: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: from, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    vacuum: async () => {
      await client.exec('VACUUM (ANALYZE)');
    },
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // No JIT compilation: it costs a few hundred milliseconds per statement the planner thinks large
  // (the kept compliance figures' reads among them) and pays off only on long analytical queries.
  const pool = new pg.Pool({ connectionString, options: '-c jit=off' });
  // A dropped connection would otherwise crash the process; the pool replaces it on next use.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzleNodePg({ client: pool });
  return {
    db,
    driver: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
