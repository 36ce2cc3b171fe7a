import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Snapshot } from './snapshot.ts';

/**
 * A backup archive is a zip: `manifest.json` first, then `database/…` (the embedded database's
 * data directory) and `files/…` (the disk file store, by key). Restoring it gives back the data
 * directory the server runs on: the database's files at its top, the store under `files/`.
 */
export const ARCHIVE_FORMAT = 'training-admin-backup';
export const ARCHIVE_VERSION = 1;

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  /** When the snapshot was taken: the archive holds every write acknowledged before this. */
  takenAt: string;
  database: { files: number; folders: number; bytes: number };
  /** `disk`: the store's files are in the archive; `s3`: they are in the bucket, not here. */
  files: { store: 'disk' | 's3'; files: number; bytes: number };
};

/** Something the operator has to change; shown as is, without a stack. */
export class BackupRefused extends Error {}

/** A manifest is a few hundred bytes; anything near this is not one. */
const MANIFEST_MAX_BYTES = 64 * 1024;

type Listed = { path: string; name: string; size: number; mtime: Date };

/**
 * Every regular file under `root` with its archive name under `prefix`, and every folder (PostgreSQL
 * needs its empty ones, such as pg_tblspc, to start).
 */
async function listTree(root: string, prefix: string): Promise<{ files: Listed[]; folders: string[] }> {
  const files: Listed[] = [];
  const folders: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const name = `${prefix}/${path
      .slice(root.length + 1)
      .split(sep)
      .join('/')}`;
    if (entry.isDirectory()) folders.push(`${name}/`);
    else if (entry.isFile()) {
      const info = await stat(path);
      files.push({ path, name, size: info.size, mtime: info.mtime });
    }
  }
  files.sort((a, b) => a.name.localeCompare(b.name));
  folders.sort();
  return { files, folders };
}

/**
 * Writes the snapshot to `output` as a zip, through a `.partial` file renamed once the whole zip is
 * written and read back, so an archive under the asked name is always complete. The database is
 * compressed (its pages shrink several times); stored files are kept as they are (mostly media and
 * zips, compressed already).
 */
export async function writeArchive(snapshot: Snapshot, output: string): Promise<Manifest> {
  const { files: database, folders } = await listTree(snapshot.databaseDir, 'database');
  const files = snapshot.filesDir ? (await listTree(snapshot.filesDir, 'files')).files : [];
  const sum = (list: Listed[]) => list.reduce((total, file) => total + file.size, 0);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    takenAt: snapshot.takenAt,
    database: { files: database.length, folders: folders.length, bytes: sum(database) },
    files: { store: snapshot.filesDir ? 'disk' : 's3', files: files.length, bytes: sum(files) },
  };
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json', { mode: 0o100600 });
  for (const folder of folders) zip.addEmptyDirectory(folder, { mode: 0o40700 });
  // The fastest level: the database's pages and log shrink about six times even so, at half the time.
  for (const file of database)
    zip.addFile(file.path, file.name, { mode: 0o100600, compress: true, compressionLevel: 1 });
  // Read when its turn comes, so a large store does not hold a descriptor per file.
  for (const file of files)
    zip.addReadStreamLazy(file.name, { mode: 0o100600, compress: false, mtime: file.mtime }, (done) =>
      done(null, createReadStream(file.path)),
    );
  zip.end();
  await mkdir(dirname(output), { recursive: true });
  const partial = `${output}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(zip.outputStream, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    const names = await entryNames(partial);
    const expected = [
      'manifest.json',
      ...folders,
      ...database.map((file) => file.name),
      ...files.map((file) => file.name),
    ];
    if (names.length !== expected.length || names.some((name, index) => name !== expected[index]))
      throw new Error('The archive written does not read back whole.');
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest;
}

/** The names of a zip's entries, in order (its central directory only). */
async function entryNames(path: string): Promise<string[]> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true });
  try {
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    return names;
  } finally {
    zip.close();
  }
}

/**
 * Unpacks a backup archive into `target`, a folder that must not exist yet: the database's files at
 * its top, the stored files under `files/`. Only the entries a backup writes are accepted (yauzl
 * refuses names that climb out or are absolute; names are checked against the layout as well).
 */
export async function unpackArchive(archive: string, target: string): Promise<Manifest> {
  const zip = await yauzl.openPromise(archive, { lazyEntries: true }).catch((error: unknown) => {
    throw new BackupRefused(`${archive} is not a backup archive: ${(error as Error).message}`);
  });
  try {
    let manifest: Manifest | undefined;
    const counts = { database: 0, folders: 0, files: 0 };
    await mkdir(target, { mode: 0o700 });
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (!manifest) {
        if (name !== 'manifest.json' || entry.uncompressedSize > MANIFEST_MAX_BYTES)
          throw new BackupRefused(`${archive} is not a backup archive.`);
        manifest = readManifest(archive, await readAll(await zip.openReadStreamPromise(entry)));
        continue;
      }
      const part = /^(database|files)\/(.+?)(\/?)$/.exec(name);
      const relative = part?.[2];
      if (
        !part ||
        !relative ||
        relative.split('/').some((step) => step === '..' || step === '.' || step === '') ||
        (part[1] === 'database' && relative.split('/')[0] === 'files') ||
        (part[1] === 'files' && part[3])
      )
        throw new BackupRefused(`${archive} holds an entry a backup never writes: ${name}`);
      const destination = part[1] === 'files' ? join(target, 'files', relative) : join(target, relative);
      if (part[3]) {
        await mkdir(destination, { recursive: true, mode: 0o700 });
        counts.folders += 1;
        continue;
      }
      await mkdir(dirname(destination), { recursive: true, mode: 0o700 });
      await pipeline(
        await zip.openReadStreamPromise(entry),
        createWriteStream(destination, { flags: 'wx', mode: 0o600 }),
      );
      counts[part[1] as 'database' | 'files'] += 1;
    }
    if (!manifest) throw new BackupRefused(`${archive} is empty.`);
    if (
      counts.database !== manifest.database.files ||
      counts.folders !== manifest.database.folders ||
      counts.files !== manifest.files.files
    )
      throw new BackupRefused(
        `${archive} is incomplete: the manifest names ${manifest.database.files} database files and ${manifest.files.files} stored files, the archive holds ${counts.database} and ${counts.files}.`,
      );
    return manifest;
  } finally {
    zip.close();
  }
}

function readManifest(archive: string, bytes: Buffer): Manifest {
  let parsed: Partial<Manifest>;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupRefused(`${archive} has an unreadable manifest.`);
  }
  if (parsed.format !== ARCHIVE_FORMAT) throw new BackupRefused(`${archive} is not a backup archive.`);
  if (parsed.version !== ARCHIVE_VERSION)
    throw new BackupRefused(
      `${archive} is a backup of version ${parsed.version}; this one reads ${ARCHIVE_VERSION}.`,
    );
  if (
    typeof parsed.takenAt !== 'string' ||
    !Number.isInteger(parsed.database?.files) ||
    !Number.isInteger(parsed.database?.folders) ||
    !Number.isInteger(parsed.files?.files)
  )
    throw new BackupRefused(`${archive} has an unreadable manifest.`);
  return parsed as Manifest;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
