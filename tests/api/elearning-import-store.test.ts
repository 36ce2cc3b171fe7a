import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { elearningMessages as m } from '../../contract/elearning/resource.ts';
import { createFileStore } from '../../server/files/store.ts';
import { importUpload, packageFolder } from '../../server/modules/elearning/import.ts';
import { elearningFileKey, newContentKey, zipKeyOf } from '../../server/modules/elearning/keys.ts';
import { UploadUnzipper } from '../../server/modules/elearning/stream-unpack.ts';
import {
  ELEARNING_LIMITS,
  readUploadFiles,
  removeUpload,
  type UnpackLimits,
} from '../../server/modules/elearning/unpack.ts';
import { manifestXml, scoPage, scormPackage, zipOf } from '../e2e/support/scorm-packages.ts';
import { rawZip } from './elearning-import-fixtures.ts';
import { storeFromEnvironment } from './files-env.ts';

// On the store the environment names: the disk, or the bucket under scripts/with-s3.sh.
const { config, root } = storeFromEnvironment();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createFileStore(config);

const keysUnder = async (folder: string) => {
  const { objects } = await store.disk.listAll(folder, { recursive: true });
  // Only keys under the folder: an S3 listing of `a/` also names `a.zip` beside it.
  return [...objects]
    .flatMap((object) => ('key' in object && object.key.startsWith(folder) ? [object.key] : []))
    .sort();
};

const readKey = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Hands a zip to an UploadUnzipper `slice` bytes at a time, as an upload's chunks arrive. */
async function unzipAsUploaded(zip: Buffer, slice: number, limits: UnpackLimits = ELEARNING_LIMITS) {
  const contentKey = newContentKey(randomUUID());
  const unzipper = new UploadUnzipper(store, contentKey, limits);
  for (let at = 0; at < zip.length; at += slice) await unzipper.write(zip.subarray(at, at + slice));
  return { contentKey, streamed: await unzipper.end() };
}

const manifest = manifestXml('1.2', 'Streamed', [{ identifier: 'sco-1', title: 'One', href: 'index.html' }]);

/** A package's zip put where an upload puts it, as the form would have streamed it. */
async function storedZip(packageId: string, zip: Buffer) {
  const contentKey = newContentKey(packageId);
  await store.disk.put(zipKeyOf(contentKey), new Uint8Array(zip));
  return { contentKey, size: zip.length, name: 'package.zip' };
}

describe('e-learning uploads in the file store', () => {
  it('unpacks every file under its upload, lists them, reads a range of one, and removes one upload without touching the next', async () => {
    const packageId = randomUUID();
    const zip = await scormPackage({
      version: '1.2',
      title: 'Stored',
      extra: { 'media/clip one.bin': Buffer.alloc(300 * 1024, 7) },
    });
    const first = await storedZip(packageId, zip);
    const second = await storedZip(packageId, zip);
    await importUpload(store, first);
    await importUpload(store, second);
    const listed = await readUploadFiles(store, first.contentKey);
    expect(listed).toEqual([
      { path: 'imsmanifest.xml', size: expect.any(Number) },
      { path: 'index.html', size: expect.any(Number) },
      { path: 'media/clip one.bin', size: 300 * 1024 },
    ]);
    const clip = await store.read(elearningFileKey(first.contentKey, 'media/clip one.bin'), {
      start: 10,
      end: 19,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of clip) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(10, 7));

    await removeUpload(store, first.contentKey);
    const left = await keysUnder(packageFolder(packageId));
    expect(left.some((key) => key.startsWith(first.contentKey))).toBe(false);
    expect(left).toContain(zipKeyOf(second.contentKey));
    expect(left.filter((key) => key.startsWith(`${second.contentKey}/`))).toHaveLength(listed.length + 1);
  });

  it('keeps nothing of an upload it refuses', async () => {
    const packageId = randomUUID();
    const zip = await scormPackage({
      version: '2004-4',
      title: 'Refused',
      extra: { 'big.bin': Buffer.alloc(2 * 1024 ** 2) },
    });
    const upload = await storedZip(packageId, zip);
    await expect(
      importUpload(store, upload, { maxEntries: 100, maxUnpackedBytes: 1024 ** 2 }),
    ).rejects.toMatchObject({
      status: 422,
      errors: { file: m.tooLarge },
    });
    expect(await keysUnder(packageFolder(packageId))).toEqual([]);
  });
});

describe('a package unpacked as its upload arrives', () => {
  const files: Record<string, Buffer> = {
    'imsmanifest.xml': Buffer.from(manifest),
    'index.html': Buffer.from(scoPage({ version: '1.2', title: 'Streamed' })),
    'media/clip one.bin': randomBytes(40 * 1024),
    'média/été.txt': Buffer.from('accents'),
    'empty.txt': Buffer.alloc(0),
  };

  it('writes every file as its bytes come, whatever the chunks, deflated or not, checked against its local header', async () => {
    const zip = await zipOf(files);
    for (const slice of [1, 7, 64 * 1024]) {
      const { contentKey, streamed } = await unzipAsUploaded(zip, slice);
      const names = [...streamed.entries.values()].map((entry) => entry.name).sort();
      expect(names, `in slices of ${slice}`).toEqual(Object.keys(files).sort());
      for (const entry of streamed.entries.values()) {
        expect(entry.key).toBe(elearningFileKey(contentKey, entry.name));
        expect(await readKey(entry.key)).toEqual(files[entry.name]);
      }
    }
  });

  it('stops where it cannot follow the zip without its directory (a data descriptor), and the import unpacks the rest from the stored zip', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(files['imsmanifest.xml'] as Buffer, 'imsmanifest.xml');
    // Sizes unknown until the data ends: yazl writes them after it, in a data descriptor.
    zip.addReadStream(Readable.from([files['index.html'] as Buffer]), 'index.html');
    zip.addBuffer(files['media/clip one.bin'] as Buffer, 'media/clip one.bin');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);

    const { contentKey, streamed } = await unzipAsUploaded(bytes, 64 * 1024);
    expect([...streamed.entries.values()].map((entry) => entry.name)).toEqual(['imsmanifest.xml']);

    await store.disk.put(zipKeyOf(contentKey), new Uint8Array(bytes));
    await importUpload(store, { contentKey, size: bytes.length, name: 'package.zip', streamed });
    const listed = await readUploadFiles(store, contentKey);
    expect(listed.map((file) => file.path)).toEqual(['imsmanifest.xml', 'index.html', 'media/clip one.bin']);
    for (const { path } of listed)
      expect(await readKey(elearningFileKey(contentKey, path))).toEqual(files[path]);
    expect(await keysUnder(`${contentKey}/`)).toHaveLength(listed.length + 1);
  });

  it('keeps no entry whose bytes differ from the CRC-32 its header states', async () => {
    const zip = rawZip([
      { name: 'imsmanifest.xml', data: manifest },
      { name: 'index.html', data: '<p>launch</p>' },
    ]);
    const spoiled = Buffer.from(zip);
    spoiled[spoiled.indexOf('<p>launch') + 3] = 'L'.charCodeAt(0);
    const { streamed } = await unzipAsUploaded(spoiled, 64 * 1024);
    expect([...streamed.entries.values()].map((entry) => entry.name)).toEqual(['imsmanifest.xml']);
    expect(streamed.written.size).toBe(2);
  });

  it("stops at the package's caps on entries and unpacked bytes before writing past them", async () => {
    const zip = await zipOf(files);
    const few = await unzipAsUploaded(zip, 64 * 1024, { maxEntries: 2, maxUnpackedBytes: 1024 ** 3 });
    expect(few.streamed.written.size).toBe(2);
    expect(await keysUnder(`${few.contentKey}/`)).toHaveLength(2);

    // A zip bomb in small: 4 MB of zeros say so in their header, so none of it is written.
    const bomb = await zipOf({ 'imsmanifest.xml': manifest, 'zeros.bin': Buffer.alloc(4 * 1024 ** 2) });
    const capped = await unzipAsUploaded(bomb, 64 * 1024, { maxEntries: 100, maxUnpackedBytes: 1024 ** 2 });
    expect([...capped.streamed.entries.values()].map((entry) => entry.name)).toEqual(['imsmanifest.xml']);
    expect(await keysUnder(`${capped.contentKey}/`)).toHaveLength(1);
  });
});
