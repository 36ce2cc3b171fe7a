import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { Config } from '../env.ts';
import { BackupRefused, type Manifest, unpackArchive, writeArchive } from './archive.ts';
import { backupSocketPath, requestSnapshot } from './channel.ts';
import { removeSnapshot, removeStaleSnapshots, type Snapshot, takeSnapshot } from './snapshot.ts';

/** A snapshot older than this was left by a backup that stopped; the next backup removes it. */
const STALE_SNAPSHOT_MS = 24 * 60 * 60 * 1000;

const onPostgres = (what: string) =>
  new BackupRefused(
    `DATABASE_URL is set, so the data lives in PostgreSQL: ${what} it with PostgreSQL's own tools (pg_dump and pg_restore, or continuous archiving for point-in-time recovery). npm run backup and npm run restore are for the embedded database in DATA_DIR.`,
  );

export type BackupResult = {
  output: string;
  manifest: Manifest;
  /** `server`: the running server took the snapshot; `direct`: no server ran, the data directory was opened here. */
  via: 'server' | 'direct';
  heldMs: number;
};

/**
 * `npm run backup`: one consistent archive of the embedded database and the disk file store. While
 * the server runs it takes the snapshot itself (server/backup/channel.ts); when none runs, the data
 * directory is opened here. The archive is written here in both cases.
 */
export async function backupDataDir(config: Config, output: string): Promise<BackupResult> {
  if (config.databaseUrl) throw onPostgres('back up');
  const dataDir = config.dataDir;
  const target = resolve(output);
  const inside = relative(dataDir, target);
  if (!isAbsolute(inside) && inside !== '..' && !inside.startsWith(`..${sep}`))
    throw new BackupRefused(
      `Write the archive outside DATA_DIR (${dataDir}), or the next backup would hold it.`,
    );
  if (existsSync(target)) throw new BackupRefused(`${target} exists already; name a new file.`);
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new BackupRefused(
      `${dataDir} holds no database: nothing to back up (DATA_DIR names the data directory).`,
    );
  await removeStaleSnapshots(dataDir, STALE_SNAPSHOT_MS);
  let via: BackupResult['via'] = 'server';
  let snapshot: Snapshot | undefined = await requestSnapshot(backupSocketPath(dataDir));
  if (!snapshot) {
    via = 'direct';
    snapshot = await snapshotStopped(config);
  }
  try {
    const manifest = await writeArchive(snapshot, target);
    return { output: target, manifest, via, heldMs: snapshot.heldMs };
  } finally {
    await removeSnapshot(snapshot);
  }
}

/** The snapshot of a data directory no server has open. */
async function snapshotStopped(config: Config): Promise<Snapshot> {
  // PGlite cannot tell when another process has the directory open; PostgreSQL's lock file can.
  if (existsSync(join(config.dataDir, 'postmaster.pid')))
    throw new BackupRefused(
      `No server answers backups on ${backupSocketPath(config.dataDir)}, yet ${join(config.dataDir, 'postmaster.pid')} says a process has the database open. If a server is running, it is one without backups: stop it and back up again. If none is, the last one stopped without closing the database: start the server and stop it (Ctrl+C) once, then back up again.`,
    );
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    return await takeSnapshot(
      database,
      config.dataDir,
      config.files.kind === 'disk' ? config.files.root : null,
    );
  } finally {
    await database.close();
  }
}

export type RestoreResult = { dataDir: string; manifest: Manifest; migrations: number };

/**
 * `npm run restore <archive>`: unpacks a backup into DATA_DIR, which must be empty or missing. The
 * archive is unpacked beside it first and opened once (PostgreSQL recovers it as after a crash and
 * closes it cleanly); only then does it take DATA_DIR's name, so a failed restore leaves nothing.
 */
export async function restoreDataDir(config: Config, archive: string): Promise<RestoreResult> {
  if (config.databaseUrl) throw onPostgres('restore');
  const dataDir = config.dataDir;
  if (!existsSync(archive)) throw new BackupRefused(`${archive} does not exist.`);
  if (existsSync(dataDir)) {
    const entries = await readdir(dataDir).catch(() => {
      throw new BackupRefused(`${dataDir} is not a directory.`);
    });
    if (entries.length > 0)
      throw new BackupRefused(
        `${dataDir} is not empty: restore only into an empty or missing data directory. Move it aside (or set DATA_DIR to a new directory) and restore again.`,
      );
  }
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`);
  try {
    const manifest = await unpackArchive(archive, staging);
    const database = await openDatabase({ dataDir: staging });
    let migrations: number;
    try {
      const [row] = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      migrations = row?.count ?? 0;
    } finally {
      await database.close();
    }
    // An empty DATA_DIR gives way; one that filled meanwhile makes rmdir fail, and nothing is lost.
    if (existsSync(dataDir)) await rmdir(dataDir);
    await rename(staging, dataDir);
    return { dataDir, manifest, migrations };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * What `npm run backup` and `npm run restore` print on an error: what the operator has to change (a
 * refusal, the configuration) said in a line, anything else with its stack. Their exit code: 1.
 */
export function failed(error: unknown): number {
  const told =
    error instanceof BackupRefused ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'));
  console.error(told ? (error as Error).message : error);
  return 1;
}
