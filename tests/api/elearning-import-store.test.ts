import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { elearningMessages as m } from '../../contract/elearning/resource.ts';
import { createFileStore } from '../../server/files/store.ts';
import { importUpload, packageFolder } from '../../server/modules/elearning/import.ts';
import { elearningFileKey, newContentKey, zipKeyOf } from '../../server/modules/elearning/keys.ts';
import { readUploadFiles, removeUpload } from '../../server/modules/elearning/unpack.ts';
import { scormPackage } from '../e2e/support/scorm-packages.ts';
import { storeFromEnvironment } from './files-env.ts';

// On the store the environment names: the disk, or the bucket under scripts/with-s3.sh.
const { config, root } = storeFromEnvironment();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createFileStore(config);

const keysUnder = async (folder: string) => {
  const { objects } = await store.disk.listAll(folder, { recursive: true });
  return [...objects].flatMap((object) => ('key' in object ? [object.key] : [])).sort();
};

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
