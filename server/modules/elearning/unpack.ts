import { type Readable, Transform } from 'node:stream';
import yauzl from 'yauzl';
import {
  ELEARNING_MAX_ENTRIES,
  ELEARNING_MAX_UNPACKED_BYTES,
  elearningMessages as m,
} from '../../../contract/elearning/resource.ts';
import { messages } from '../../../contract/messages.ts';
import type { FileStore } from '../../files/store.ts';
import { StoreZipReader } from '../../files/store-zip.ts';
import { ApiError } from '../../http/errors.ts';
import { elearningFileKey, zipKeyOf } from './keys.ts';
import { launchFile } from './launch.ts';
import { ManifestRefused, type ReadManifest, readManifest } from './manifest.ts';
import type { StreamedUpload } from './stream-unpack.ts';

/** What one package may hold (ELEARNING_MAX_ENTRIES and ELEARNING_MAX_UNPACKED_BYTES unless told). */
export type UnpackLimits = { maxEntries: number; maxUnpackedBytes: number };

export const ELEARNING_LIMITS: UnpackLimits = {
  maxEntries: ELEARNING_MAX_ENTRIES,
  maxUnpackedBytes: ELEARNING_MAX_UNPACKED_BYTES,
};

/** A file of an upload: its path from the package's top (decoded) and its size in bytes. */
export type UploadFile = { path: string; size: number };

/** The most bytes an imsmanifest.xml may have (the largest real ones are a few hundred KB). */
const MAX_MANIFEST_BYTES = 8 * 1024 ** 2;

/** How many entries are unpacked at once. */
const UNPACK_CONCURRENCY = 4;

/** An upload refused, under the form's `file` field, with the reason. */
export const refuseFile = (message: string) =>
  new ApiError(422, messages.validationFailed, { file: message });

/** Where the listing of an upload's files lies, beside them: the content origin serves it. */
const listingKey = (contentKey: string) => `${contentKey}/files.json`;

/** The files of an unpacked upload (paths from the package's top, sizes), for keeping it offline. */
export async function readUploadFiles(store: FileStore, contentKey: string): Promise<UploadFile[]> {
  const listing = JSON.parse(await store.disk.get(listingKey(contentKey))) as { files: UploadFile[] };
  return listing.files;
}

const openZip = (store: FileStore, key: string, size: number) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      new StoreZipReader(store, key),
      size,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(refuseFile(m.notZip)) : resolve(zip)),
    ),
  );

/** yauzl's own refusals of a name: an absolute path, `..` climbing out, a backslash. */
const UNSAFE_NAME = /absolute path|invalid relative path|invalid characters in fileName/;

function listEntries(zip: yauzl.ZipFile, limits: UnpackLimits): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > limits.maxEntries) return reject(refuseFile(m.tooManyEntries));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) =>
      reject(refuseFile(UNSAFE_NAME.test(error.message) ? m.unsafePath : m.brokenZip)),
    );
    zip.readEntry();
  });
}

/** A symbolic link in a zip made on Unix: its mode's file type bits say so. */
const isLink = (entry: yauzl.Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/** macOS's archiver adds resource forks under __MACOSX/: not part of the package. */
const isMacFork = (name: string) => name.startsWith('__MACOSX/');

/** The folder of imsmanifest.xml: the zip's top, or its single top folder. */
function packageTop(names: string[]): { top: string; manifest: string } {
  const isManifest = (name: string, top: string) =>
    name.toLowerCase() === `${top.toLowerCase()}imsmanifest.xml`;
  const atTop = names.find((name) => isManifest(name, ''));
  if (atTop) return { top: '', manifest: atTop };
  const tops = new Set(names.map((name) => name.split('/')[0] ?? ''));
  const [only] = [...tops];
  if (tops.size === 1 && only !== undefined) {
    const inFolder = names.find((name) => isManifest(name, `${only}/`));
    if (inFolder) return { top: `${only}/`, manifest: inFolder };
  }
  throw refuseFile(m.noManifest);
}

const readEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, read) =>
      error || !read ? reject(refuseFile(m.brokenZip)) : resolve(read),
    ),
  );

async function manifestOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<ReadManifest> {
  if (entry.uncompressedSize > MAX_MANIFEST_BYTES) throw refuseFile(m.malformedManifest('it is too large'));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await readEntry(zip, entry)) chunks.push(chunk as Buffer);
  } catch {
    throw refuseFile(m.brokenZip);
  }
  try {
    return readManifest(Buffer.concat(chunks));
  } catch (error) {
    if (error instanceof ManifestRefused) throw refuseFile(error.message);
    throw error;
  }
}

/** Unpacks one entry to its key, adding its bytes to `counter` as they come; over the cap, refused. */
async function unpackEntry(
  store: FileStore,
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  key: string,
  counter: { total: number; max: number },
): Promise<number> {
  let size = 0;
  const stream = await readEntry(zip, entry);
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      counter.total += chunk.length;
      if (counter.total > counter.max) done(refuseFile(m.tooLarge));
      else done(null, chunk);
    },
  });
  stream.on('error', (error) => counted.destroy(error));
  try {
    await store.disk.putStream(key, stream.pipe(counted));
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof ApiError) throw error;
    if (cause instanceof ApiError) throw cause;
    throw refuseFile(counter.total > counter.max ? m.tooLarge : m.brokenZip);
  }
  return size;
}

/**
 * Removes an upload from the store: its unpacked folder (with a slash, so an S3 prefix never takes
 * the zip beside it or another upload's) and its zip.
 */
export async function removeUpload(store: FileStore, contentKey: string): Promise<void> {
  await store.disk.deleteAll(`${contentKey}/`);
  await store.disk.delete(zipKeyOf(contentKey));
}

export type Unpacked = ReadManifest & { files: UploadFile[] };

/**
 * The entries whose file was written as the upload arrived (StreamedUpload) and that the zip's
 * central directory vouches for: the same local header offset, name, method, sizes and CRC-32,
 * under the key the entry's path from the package's top gives (a package one folder down was
 * written under other keys, so it is unpacked again).
 */
function vouchedFor(
  contentKey: string,
  byPath: Map<string, yauzl.Entry>,
  streamed: StreamedUpload,
): Map<string, UploadFile> {
  const kept = new Map<string, UploadFile>();
  for (const [path, entry] of byPath) {
    const file = streamed.entries.get(entry.relativeOffsetOfLocalHeader);
    if (
      file?.key === elearningFileKey(contentKey, path) &&
      file.name === entry.fileName &&
      file.method === entry.compressionMethod &&
      file.compressedSize === entry.compressedSize &&
      file.uncompressedSize === entry.uncompressedSize &&
      file.crc32 === entry.crc32
    )
      kept.set(file.key, { path, size: file.uncompressedSize });
  }
  return kept;
}

/** Deletes keys a few at a time. */
async function deleteKeys(store: FileStore, keys: string[]): Promise<void> {
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await store.disk.delete(key);
  };
  await Promise.all(Array.from({ length: UNPACK_CONCURRENCY }, worker));
}

/**
 * Unpacks the upload whose zip lies at zipKeyOf(contentKey) into the store under `contentKey`,
 * streamed entry by entry (yauzl reading the zip where it lies, disk or S3 alike), after reading
 * its manifest and checking that every launch file is in it. The files `streamed` wrote as the
 * upload arrived are kept where the zip's central directory vouches for them and deleted where it
 * does not, before the other entries are unpacked. Refused, with the reason under `file`: not a
 * zip, a climbing path, a link, more than `maxEntries` entries, more than `maxUnpackedBytes`
 * unpacked (counted as the bytes come), no manifest, a manifest the import refuses, a missing
 * launch file. Nothing of the unpacked folder is left when refused; the caller removes the zip.
 */
export async function unpackUpload(
  store: FileStore,
  contentKey: string,
  zipSize: number,
  limits: UnpackLimits = ELEARNING_LIMITS,
  streamed: StreamedUpload = { entries: new Map(), written: new Set() },
): Promise<Unpacked> {
  const zip = await openZip(store, zipKeyOf(contentKey), zipSize);
  try {
    const entries = (await listEntries(zip, limits)).filter((entry) => !isMacFork(entry.fileName));
    if (entries.some(isLink)) throw refuseFile(m.link);
    const fileEntries = entries.filter((entry) => !entry.fileName.endsWith('/'));
    const { top, manifest } = packageTop(fileEntries.map((entry) => entry.fileName));
    const byPath = new Map(
      fileEntries
        .filter((entry) => entry.fileName.startsWith(top))
        .map((entry) => [entry.fileName.slice(top.length), entry]),
    );
    const manifestEntry = fileEntries.find((entry) => entry.fileName === manifest) as yauzl.Entry;
    const read = await manifestOf(zip, manifestEntry);
    for (const item of read.structure.items) {
      if (item.launch === null) continue;
      const file = launchFile(item.launch);
      if (!byPath.has(file)) throw refuseFile(m.launchMissing(file));
    }
    const kept = vouchedFor(contentKey, byPath, streamed);
    const files = [...kept.values()];
    const counter = { total: files.reduce((sum, file) => sum + file.size, 0), max: limits.maxUnpackedBytes };
    if (counter.total > counter.max) throw refuseFile(m.tooLarge);
    // Before the rest are unpacked, as one of them may be written under a key deleted here.
    await deleteKeys(
      store,
      [...streamed.written].filter((key) => !kept.has(key)),
    );
    const queue = [...byPath].filter(([path]) => !kept.has(elearningFileKey(contentKey, path)));
    // A few entries at a time: each waits on the store's reads and writes more than on the CPU.
    // The first refusal stops the others from taking more (they finish the entry they hold).
    let refusal: unknown;
    const worker = async () => {
      for (let next = queue.shift(); next && refusal === undefined; next = queue.shift()) {
        const [path, entry] = next;
        try {
          files.push({
            path,
            size: await unpackEntry(store, zip, entry, elearningFileKey(contentKey, path), counter),
          });
        } catch (error) {
          refusal ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: UNPACK_CONCURRENCY }, worker));
    if (refusal !== undefined) throw refusal;
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    await store.disk.put(listingKey(contentKey), JSON.stringify({ files }));
    return { ...read, files };
  } catch (error) {
    await store.disk.deleteAll(`${contentKey}/`).catch(() => undefined);
    throw error;
  } finally {
    zip.close();
  }
}
