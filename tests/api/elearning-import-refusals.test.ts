import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELEARNING_MAX_ENTRIES, elearningMessages as m } from '../../contract/elearning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { elearningPackages } from '../../server/db/schema/elearning.ts';
import { createFileStore } from '../../server/files/store.ts';
import { importUpload } from '../../server/modules/elearning/import.ts';
import { newContentKey, zipKeyOf } from '../../server/modules/elearning/keys.ts';
import { manifestXml, scormPackage, zipOf } from '../e2e/support/scorm-packages.ts';
import { rawZip, storedElearningKeys, uploadPackage } from './elearning-import-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const oneSco = (href = 'index.html') =>
  manifestXml('1.2', 'Refused', [{ identifier: 'sco-1', title: 'One', href }]);

/** The upload is refused with `message` under `file`, and neither a row nor a file is left. */
async function expectRefused(zip: Buffer, message: string | RegExp) {
  const rowsBefore = await t.db.$count(elearningPackages);
  const answer = await uploadPackage(t, admin, zip, { title: 'Refused package' });
  expect(answer.status, answer.text).toBe(422);
  expect(answer.body.message).toBe(messages.validationFailed);
  if (typeof message === 'string') expect(answer.body.errors).toEqual({ file: message });
  else expect(answer.body.errors.file).toMatch(message);
  expect(await t.db.$count(elearningPackages)).toBe(rowsBefore);
  expect(storedElearningKeys(t)).toEqual([]);
}

describe('packages that are not SCORM packages are refused, saying which check failed, and nothing is kept', () => {
  it('refuses a file that is not a zip, by its bytes', async () => {
    await expectRefused(Buffer.from('%PDF-1.4\n%%EOF\n'), m.notZip);
    await expectRefused(Buffer.from('PK but no archive after it'), m.notZip);
  });

  it('refuses a zip without imsmanifest.xml at its top or in its single top folder', async () => {
    await expectRefused(await zipOf({ 'index.html': '<p>An HTML5 package</p>' }), m.noManifest);
    await expectRefused(
      await zipOf({ 'one/imsmanifest.xml': oneSco(), 'two/index.html': '<p>two folders</p>' }),
      m.noManifest,
    );
  });

  it('refuses a manifest that is not well-formed XML, naming the line', async () => {
    const broken = '<?xml version="1.0"?>\n<manifest>\n<organizations><organization></manifest>';
    await expectRefused(
      await zipOf({ 'imsmanifest.xml': broken }),
      /^The package's imsmanifest\.xml is not well-formed XML \(line 3: /,
    );
  });

  it('refuses a manifest with no organization, or none with an item to launch', async () => {
    const none = '<manifest identifier="m"><organizations/><resources/></manifest>';
    await expectRefused(await zipOf({ 'imsmanifest.xml': none }), m.noOrganization);
    const folders =
      '<manifest identifier="m"><organizations><organization identifier="o"><title>T</title><item identifier="f"><title>Folder</title></item></organization></organizations><resources/></manifest>';
    await expectRefused(await zipOf({ 'imsmanifest.xml': folders }), m.noOrganization);
  });

  it('refuses a launch file the zip does not hold, naming it', async () => {
    await expectRefused(
      await zipOf({ 'imsmanifest.xml': oneSco('lessons/start page.html') }),
      m.launchMissing('lessons/start page.html'),
    );
  });

  it('refuses an item naming a resource the manifest does not have, naming both', async () => {
    const manifest = oneSco().replace('identifierref="res-sco-1"', 'identifierref="res-gone"');
    await expectRefused(
      await zipOf({ 'imsmanifest.xml': manifest, 'index.html': '<p>x</p>' }),
      m.resourceMissing('sco-1', 'res-gone'),
    );
  });

  it('expands no entity a manifest declares', async () => {
    const manifest = oneSco()
      .replace('<manifest ', '<!DOCTYPE manifest [<!ENTITY boom "Expanded">]>\n<manifest ')
      .replace('<title>Refused</title>', '<title>&boom; &amp; kept</title>');
    const answer = await uploadPackage(
      t,
      admin,
      await zipOf({ 'imsmanifest.xml': manifest, 'index.html': 'x' }),
    );
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.results.organizationTitle).toBe('&boom; & kept');
    await t.call('DELETE', '/elearning-package/bulk-delete', {
      token: admin,
      body: { bulkId: [answer.body.results._id] },
    });
  });
});

describe('unsafe zips are refused and nothing is kept', () => {
  const manifest = { name: 'imsmanifest.xml', data: oneSco() };
  const launch = { name: 'index.html', data: '<p>x</p>' };

  it('refuses a path climbing out of the package, and an absolute one', async () => {
    await expectRefused(rawZip([manifest, launch, { name: '../../outside.html', data: 'x' }]), m.unsafePath);
    await expectRefused(
      rawZip([manifest, launch, { name: 'a/../../outside.html', data: 'x' }]),
      m.unsafePath,
    );
    await expectRefused(rawZip([manifest, launch, { name: '/etc/outside.html', data: 'x' }]), m.unsafePath);
    await expectRefused(
      rawZip([manifest, launch, { name: 'a\\..\\..\\outside.html', data: 'x' }]),
      m.unsafePath,
    );
  });

  it('refuses a symbolic link', async () => {
    await expectRefused(
      rawZip([manifest, launch, { name: 'passwd', data: '/etc/passwd', mode: 0o120777 }]),
      m.link,
    );
  });

  it(`refuses more than ${ELEARNING_MAX_ENTRIES} entries`, async () => {
    const many = Array.from({ length: ELEARNING_MAX_ENTRIES }, (_, index) => ({ name: `f/${index}.txt` }));
    await expectRefused(rawZip([manifest, launch, ...many]), m.tooManyEntries);
  }, 60_000);

  it('refuses a package past the unpacked cap, counted as the bytes come, and keeps none of it', async () => {
    const store = createFileStore(t.config.files);
    // A zip bomb in small: 4 MB of zeros deflate to a few kilobytes.
    const zip = await scormPackage({
      version: '1.2',
      title: 'Bomb',
      extra: { 'zeros.bin': Buffer.alloc(4 * 1024 ** 2) },
    });
    const contentKey = newContentKey(randomUUID());
    await store.disk.put(zipKeyOf(contentKey), new Uint8Array(zip));
    expect(zip.length).toBeLessThan(64 * 1024);
    await expect(
      importUpload(
        store,
        { contentKey, size: zip.length, name: 'bomb.zip' },
        { maxEntries: 100, maxUnpackedBytes: 1024 ** 2 },
      ),
    ).rejects.toMatchObject({ status: 422, errors: { file: m.tooLarge } });
    expect(storedElearningKeys(t)).toEqual([]);
  });

  it('refuses an entry whose bytes differ from what its header says', async () => {
    const data = Buffer.alloc(64 * 1024, 'a');
    const lying = rawZip([manifest, launch, { name: 'big.txt', data: deflateRawSync(data) }]);
    // Mark the last entry as deflated in its headers, with a stated size far below what it inflates to.
    const central = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const local = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    lying.writeUInt16LE(8, local + 8);
    lying.writeUInt16LE(8, central + 10);
    lying.writeUInt32LE(10, local + 22);
    lying.writeUInt32LE(10, central + 24);
    await expectRefused(lying, m.brokenZip);
  });
});
