import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../../server/db/client.ts';

/** Runs one statement on the PostgreSQL server of `serverUrl`, outside any test database. */
export async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server of `serverUrl`. */
export function databaseOn(serverUrl: string, name: string): string {
  const on = new URL(serverUrl);
  on.pathname = `/${name}`;
  return on.toString();
}

/**
 * A new, migrated, empty database on the PostgreSQL server of `serverUrl`, with its own URL so
 * other processes can open it too; `drop()` closes it and removes it.
 */
export async function freshPostgres(
  serverUrl: string,
  prefix: string,
): Promise<{ handle: DatabaseHandle; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = databaseOn(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  await handle.migrate();
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
