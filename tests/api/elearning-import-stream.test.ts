import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elearningPackages } from '../../server/db/schema/elearning.ts';
import { elearningFileKey, zipKeyOf } from '../../server/modules/elearning/keys.ts';
import { manifestXml, zipOf } from '../e2e/support/scorm-packages.ts';
import { rawZip, storedElearningKeys, uploadPackage } from './elearning-import-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const manifest = manifestXml('1.2', 'Streamed', [{ identifier: 'sco-1', title: 'One', href: 'index.html' }]);

/** Uploads a package and answers where it lies, with what the store holds of that upload. */
async function imported(zip: Buffer) {
  const answer = await uploadPackage(t, admin, zip, { title: 'Streamed package' });
  expect(answer.status, answer.text).toBe(201);
  const [row] = await t.db
    .select({ contentKey: elearningPackages.contentKey })
    .from(elearningPackages)
    .where(eq(elearningPackages.id, answer.body.results._id));
  const contentKey = row?.contentKey as string;
  const kept = storedElearningKeys(t).filter((key) => key.startsWith(`${contentKey}/`));
  const files = t.config.files;
  if (files.kind !== 'disk') throw new Error('These tests read the disk store');
  const read = (path: string) => readFileSync(join(files.root, elearningFileKey(contentKey, path)), 'utf8');
  return { contentKey, kept, read };
}

describe('a package unpacked as it is uploaded keeps only what its central directory vouches for', () => {
  it('serves the central directory’s file where a local header names another, and keeps no file under the other name', async () => {
    const zip = rawZip([
      { name: 'imsmanifest.xml', data: manifest },
      { name: 'index.html', data: '<p>launch</p>' },
      { name: 'media/a.txt', data: 'the directory’s a' },
    ]);
    // The local header of media/a.txt says media/b.txt; the central directory, read last, says a.
    const local = zip.indexOf('media/a.txt');
    expect(local).toBeLessThan(zip.lastIndexOf('media/a.txt'));
    zip.write('media/b.txt', local, 'latin1');

    const { contentKey, kept, read } = await imported(zip);
    expect(read('media/a.txt')).toBe('the directory’s a');
    expect(kept).toContain(elearningFileKey(contentKey, 'media/a.txt'));
    expect(kept).not.toContain(elearningFileKey(contentKey, 'media/b.txt'));
    // Three files and their listing, nothing else.
    expect(kept).toHaveLength(4);
    expect(storedElearningKeys(t)).toContain(zipKeyOf(contentKey));
  });

  it('unpacks a package one folder down under its top’s paths, with nothing left under the names the upload first wrote', async () => {
    const zip = await zipOf({
      'course/imsmanifest.xml': manifest,
      'course/index.html': '<p>one folder down</p>',
    });
    const { contentKey, kept, read } = await imported(zip);
    expect(read('index.html')).toBe('<p>one folder down</p>');
    expect(kept.sort()).toEqual(
      [
        elearningFileKey(contentKey, 'imsmanifest.xml'),
        elearningFileKey(contentKey, 'index.html'),
        `${contentKey}/files.json`,
      ].sort(),
    );
  });
});
