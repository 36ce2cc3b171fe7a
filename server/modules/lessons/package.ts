import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import yauzl from 'yauzl';
import { activityMessages as am } from '../../../contract/lessons/activities.ts';
import { messages } from '../../../contract/messages.ts';
import type { FileStore } from '../../files/store.ts';
import { StoreZipReader } from '../../files/store-zip.ts';
import { ApiError } from '../../http/errors.ts';
import { h5pPlayer, mainLibraryFolders, readManifest } from './h5p.ts';

/** What an unpacked package may hold: this many entries and bytes at most. */
const MAX_ENTRIES = 2000;
const MAX_UNPACKED_BYTES = 500 * 1024 ** 2;

/** Where a package's files are unpacked: a folder named after the zip's key. */
export const packageFolder = (zipKey: string) =>
  `package-files/${(zipKey.split('/').pop() ?? '').replace(/\..*$/, '')}`;

/** The store key of a package file: its path inside the package, hashed (no user text in keys). */
export const packageFileKey = (zipKey: string, path: string) =>
  `${packageFolder(zipKey)}/${createHash('sha256').update(path).digest('base64url').slice(0, 32)}`;

const refuse = (message: string) => new ApiError(422, messages.validationFailed, { contentFile: message });

const openZip = (store: FileStore, key: string, size: number) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      new StoreZipReader(store, key),
      size,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(refuse(am.packageType)) : resolve(zip)),
    ),
  );

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) return reject(refuse(am.packageUnsafe));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    // yauzl refuses absolute paths, `..` and backslashes itself (zip-slip): a bad package.
    zip.on('error', () => reject(refuse(am.packageUnsafe)));
    zip.readEntry();
  });
}

/** A symbolic link in a zip made on Unix: its mode's file type bits say so. */
const isLink = (entry: yauzl.Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/** Where the package's files lie (the top, or its single top folder), and whether it is H5P. */
type PackageRoot = { root: string; h5p: boolean };

/**
 * An H5P package has its h5p.json at its top (or in its single top folder); an HTML5 package has
 * its index.html there. Anything else is not a package.
 */
function packageRoot(names: string[]): PackageRoot {
  const tops = new Set(names.map((name) => name.split('/')[0]));
  const [only] = [...tops];
  const folder =
    tops.size === 1 && only && names.some((name) => name.startsWith(`${only}/`)) ? `${only}/` : '';
  for (const root of folder ? ['', folder] : [''])
    if (names.includes(`${root}h5p.json`)) return { root, h5p: true };
  for (const root of folder ? ['', folder] : [''])
    if (names.includes(`${root}index.html`)) return { root, h5p: false };
  throw refuse(am.packageType);
}

/** The most bytes an h5p.json may have (it names a few libraries). */
const MAX_MANIFEST_BYTES = 1024 ** 2;

const readEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, read) =>
      error || !read ? reject(refuse(am.packageType)) : resolve(read),
    ),
  );

/**
 * An H5P package's h5p.json must hold the fields the player needs, beside content/content.json and
 * its main library's library.json: else the package is refused as broken.
 */
async function checkH5p(zip: yauzl.ZipFile, files: yauzl.Entry[], root: string): Promise<void> {
  const byPath = new Map(files.map((entry) => [entry.fileName.slice(root.length), entry]));
  const manifestEntry = byPath.get('h5p.json');
  if (!manifestEntry || manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES) throw refuse(am.packageH5p);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of await readEntry(zip, manifestEntry)) {
      size += (chunk as Buffer).length;
      if (size > MAX_MANIFEST_BYTES) throw refuse(am.packageH5p);
      chunks.push(chunk as Buffer);
    }
  } catch {
    throw refuse(am.packageH5p);
  }
  const manifest = readManifest(Buffer.concat(chunks).toString('utf8'));
  if (!manifest || !byPath.has('content/content.json')) throw refuse(am.packageH5p);
  if (!mainLibraryFolders(manifest).some((folder) => byPath.has(`${folder}/library.json`)))
    throw refuse(am.packageH5p);
}

/** Written beside an H5P package's unpacked files: the embed route plays it with the H5P player. */
export const h5pMarkerKey = (zipKey: string) => `${packageFolder(zipKey)}/h5p`;

/**
 * Unpacks a stored package (.zip) into the store beside it, refusing what is unsafe: paths
 * climbing out (yauzl refuses them), links, more than MAX_ENTRIES entries or more than
 * MAX_UNPACKED_BYTES unpacked (counted as the bytes come, not trusted from the headers). It needs an
 * index.html at its top or in its single top folder (an HTML5 package), or an h5p.json there (an
 * H5P package, refused when broken, marked by h5pMarkerKey once unpacked). Nothing is left behind
 * when it is refused.
 */
export async function unpackPackage(store: FileStore, zipKey: string, size: number): Promise<void> {
  const zip = await openZip(store, zipKey, size);
  try {
    const entries = await listEntries(zip);
    const files = entries.filter((entry) => !entry.fileName.endsWith('/'));
    if (files.some(isLink)) throw refuse(am.packageUnsafe);
    const { root, h5p } = packageRoot(files.map((entry) => entry.fileName));
    if (h5p && !h5pPlayer) throw refuse(am.packageH5pNoPlayer);
    if (h5p) await checkH5p(zip, files, root);
    let total = 0;
    for (const entry of files) {
      if (!entry.fileName.startsWith(root)) continue;
      const path = entry.fileName.slice(root.length);
      const stream = await readEntry(zip, entry);
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          total += chunk.length;
          if (total > MAX_UNPACKED_BYTES) done(refuse(am.packageTooLarge));
          else done(null, chunk);
        },
      });
      stream.on('error', (error) => counted.destroy(error));
      try {
        await store.disk.putStream(packageFileKey(zipKey, path), stream.pipe(counted));
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        if (error instanceof ApiError) throw error;
        if (cause instanceof ApiError) throw cause;
        if (total > MAX_UNPACKED_BYTES) throw refuse(am.packageTooLarge);
        throw refuse(am.packageType);
      }
    }
    if (h5p) await store.disk.put(h5pMarkerKey(zipKey), '');
  } catch (error) {
    await store.disk.deleteAll(packageFolder(zipKey)).catch(() => undefined);
    throw error;
  } finally {
    zip.close();
  }
}
