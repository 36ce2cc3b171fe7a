import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * A backup's first step: a frozen copy of the embedded database beside a frozen view of the stored
 * files, both taken while the database runs nothing (see takeSnapshot). It lives in the data
 * directory, under STAGING_DIR, until the backup has written its archive and removes it.
 */
export type Snapshot = {
  /** The snapshot's own folder. */
  dir: string;
  /** The database's data directory as it was, without the stored files. */
  databaseDir: string;
  /** The file store as it was; null when the files live in an S3 bucket. */
  filesDir: string | null;
  /** How long the database held every query back while the snapshot was taken. */
  heldMs: number;
  takenAt: string;
};

/** Where snapshots are made inside the data directory; never part of a snapshot itself. */
export const STAGING_DIR = 'backup-staging';
/** The socket the running server answers backups on (server/backup/channel.ts). */
export const SOCKET_NAME = 'backup.sock';
/**
 * What PostgreSQL writes for the running process only: a copy must not carry it, or the restored
 * directory would look open by a process.
 */
const RUNTIME_FILES = new Set(['postmaster.pid', 'postmaster.opts']);

/** A segment of the write-ahead log, by its name. */
const WAL_SEGMENT = /^pg_wal[/\\]([0-9A-F]{24})$/;

/** How many files are copied or linked at once. */
const PARALLEL = 16;

/**
 * Takes a snapshot of the embedded database in `dataDir` and of the disk file store at `filesRoot`.
 *
 * Consistent because both are taken inside one transaction of the server's one PGlite connection,
 * which holds every other query and transaction back until it ends: the database's files do not
 * change while they are copied (PostgreSQL in single-user mode has no background writer, it runs
 * only for a query), and no row naming a file is written or removed meanwhile. A file is written
 * before the row that names it, and deleted only after its row has gone; so every file a copied row
 * names is in the store while the snapshot holds the database, and is hard-linked then. A link keeps
 * the bytes even when the store deletes the file a moment later (stored files are written once,
 * under a new random key, never changed in place). The copy is what a crash at that instant would
 * leave: PostgreSQL starts from it as after a crash, replaying its write-ahead log from the
 * CHECKPOINT made first, so only the log since then is copied.
 */
export async function takeSnapshot(
  database: DatabaseHandle,
  dataDir: string,
  filesRoot: string | null,
): Promise<Snapshot> {
  if (database.driver !== 'pglite') throw new Error('Only the embedded database is backed up this way.');
  const dir = join(dataDir, STAGING_DIR, randomUUID());
  const databaseDir = join(dir, 'database');
  const filesDir = filesRoot ? join(dir, 'files') : null;
  await mkdir(databaseDir, { recursive: true });
  // Top-level entries of the data directory that are not the database's.
  const skip = new Set([STAGING_DIR, SOCKET_NAME, ...RUNTIME_FILES]);
  const filesInside = filesRoot ? relative(dataDir, filesRoot) : '';
  if (filesInside && !filesInside.startsWith('..')) skip.add(filesInside.split(sep)[0] as string);
  let heldMs = 0;
  let takenAt = '';
  try {
    await database.db.transaction(async (tx) => {
      const started = performance.now();
      takenAt = new Date().toISOString();
      await tx.execute(sql`CHECKPOINT`);
      const { rows } = (await tx.execute(sql`
        select redo_wal_file as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last
        from pg_control_checkpoint()`)) as unknown as { rows: { first: string; last: string }[] };
      const wal = rows[0];
      // PostgreSQL starts from the checkpoint just made: the write-ahead log before it is not needed,
      // and segments past the one being written are old ones renamed for reuse.
      const needed = (path: string) => {
        const segment = WAL_SEGMENT.exec(path)?.[1];
        return !segment || !wal || (segment >= wal.first && segment <= wal.last);
      };
      await copyTree(dataDir, databaseDir, skip, cloneOrCopy, needed);
      if (filesRoot && filesDir) await copyTree(filesRoot, filesDir, new Set(), linkOrCopy);
      heldMs = performance.now() - started;
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, databaseDir, filesDir, heldMs, takenAt };
}

/** Removes a snapshot once its archive is written (or given up). */
export async function removeSnapshot(snapshot: Pick<Snapshot, 'dir'>) {
  await rm(snapshot.dir, { recursive: true, force: true });
  // The staging folder too once no other backup is using it.
  await rmdir(dirname(snapshot.dir)).catch(() => undefined);
}

/** Snapshots left behind by a backup that was stopped, once older than `olderThanMs`. */
export async function removeStaleSnapshots(dataDir: string, olderThanMs: number) {
  const staging = join(dataDir, STAGING_DIR);
  const entries = await readdir(staging).catch(() => [] as string[]);
  for (const name of entries) {
    const path = join(staging, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(path, { recursive: true, force: true });
  }
}

/** A copy-on-write clone where the file system makes them (instant), else a plain copy. */
const cloneOrCopy = (from: string, to: string) => copyFile(from, to, constants.COPYFILE_FICLONE);

/** A hard link: the same bytes under a second name, kept when the first is deleted. */
async function linkOrCopy(from: string, to: string) {
  try {
    await link(from, to);
  } catch (error) {
    // A store on another file system, or one without hard links: copy instead.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
    await cloneOrCopy(from, to);
  }
}

/**
 * Copies (or links) every regular file under `from` to the same place under `to`; top-level names
 * in `skip` and whatever is neither a file nor a folder (a socket) are left out.
 */
async function copyTree(
  from: string,
  to: string,
  skip: Set<string>,
  copy: (from: string, to: string) => Promise<void>,
  keep: (path: string) => boolean = () => true,
) {
  const files: string[] = [];
  const walk = async (dir: string, top: boolean) => {
    for (const entry of await readdir(join(from, dir), { withFileTypes: true })) {
      if (top && skip.has(entry.name)) continue;
      const path = dir ? join(dir, entry.name) : entry.name;
      if (entry.isDirectory()) {
        await mkdir(join(to, path), { recursive: true });
        await walk(path, false);
      } else if (entry.isFile() && keep(path)) files.push(path);
    }
  };
  await mkdir(to, { recursive: true });
  await walk('', true);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < files.length; index = next++) {
      const path = files[index] as string;
      await copy(join(from, path), join(to, path));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
