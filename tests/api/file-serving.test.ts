import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileMessages } from '../../contract/files.ts';
import { messages } from '../../contract/messages.ts';
import { secrets } from '../../server/db/schema/secrets.ts';
import { checkFileUrl, signFileUrl } from '../../server/files/signed-url.ts';
import { createFileStore } from '../../server/files/store.ts';
import { type StoredFile, storeUpload } from '../../server/files/upload.ts';
import { storeFromEnvironment } from './files-env.ts';
import { createTestContext, type TestContext } from './helpers.ts';

// On the store the environment names: the disk, or the bucket under scripts/with-s3.sh.
const { config: files, root } = storeFromEnvironment();
const store = createFileStore(files);
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ files });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

/** A PDF of `size` bytes: its header, then numbered lines, so any range has telling bytes. */
function pdfBytes(size: number) {
  const body = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n').copy(body);
  for (let at = 16; at + 8 < size; at += 16) Buffer.from(`${at}`.padStart(8, '0')).copy(body, at);
  return body;
}
const pdf = pdfBytes(3 * 1024 * 1024 + 123);
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const html = Buffer.from('<!doctype html><script>parent.stolen = localStorage.token</script>');

const put = (kind: 'pdf' | 'fileUpload', bytes: Buffer, name: string): Promise<StoredFile> =>
  storeUpload(store, kind, Readable.from([bytes]), name, 'activities');

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await t.app.request(url, { method, headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
const json = (bytes: Buffer) => JSON.parse(bytes.toString()) as { message: string };

let stored: StoredFile;
let url: string;
beforeAll(async () => {
  stored = await put('pdf', pdf, 'Safety handbook.pdf');
  url = await signFileUrl(t, stored.key, { name: 'Safety “handbook”.pdf' });
});

describe('signed file links', () => {
  it('signs a link to the key with its expiry an hour ahead, under a key kept in the secrets table', async () => {
    const before = Math.floor(Date.now() / 1000);
    const link = new URL(await signFileUrl(t, stored.key), 'http://app.test');
    expect(link.pathname).toBe(`/api/v1/files/${stored.key}`);
    expect([...link.searchParams.keys()]).toEqual(['expires', 'signature']);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(3600);
    expect(expires - before).toBeLessThanOrEqual(3601);
    // Any process reading the stored key computes the same signature, so every server agrees.
    const rows = await t.db.select().from(secrets).where(eq(secrets.name, 'file-link-signing-key'));
    expect(rows).toHaveLength(1);
    const expected = createHmac('sha256', Buffer.from(rows[0]?.value ?? '', 'base64url'))
      .update(`${stored.key}\n${expires}\n-`)
      .digest('hex');
    expect(link.searchParams.get('signature')).toBe(expected);
  });

  it('answers 403 to a tampered, malformed or expired link, before looking for the file', async () => {
    const link = new URL(url, 'http://app.test');
    const other = await put('pdf', pdfBytes(64), 'Other.pdf');
    const variants: [string, string][] = [
      ['another key', `${link.pathname.replace(stored.key, other.key)}${link.search}`],
      [
        'a key that is not there',
        `${link.pathname.replace(stored.key, 'activities/AAAAAAAAAAAAAAAAAAAAAA.pdf')}${link.search}`,
      ],
      ['a later expiry', url.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 3600}`)],
      ['another name', url.replace(/name=[^&]+/, 'name=invoice.exe')],
      ['no name', url.replace(/&name=[^&]+/, '')],
      ['no signature', url.replace(/&signature=[^&]+/, '')],
      ['a short signature', url.replace(/signature=([0-9a-f]+)/, (_, s) => `signature=${s.slice(2)}`)],
      ['a second signature', `${url}&signature=${'0'.repeat(64)}`],
      ['no expiry', url.replace(/expires=\d+&/, '')],
      ['a path out of the store', `/api/v1/files/activities/../secrets.pdf${link.search}`],
      ['no key', `/api/v1/files/${link.search}`],
    ];
    for (const [label, variant] of variants) {
      const answer = await get(variant);
      expect(answer.status, label).toBe(403);
      expect(json(answer.bytes).message, label).toBe(fileMessages.linkInvalid);
      expect(answer.headers.get('cache-control'), label).toBe('no-store');
    }

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3601 * 1000);
    const expired = await get(url);
    expect(expired.status).toBe(403);
    expect(json(expired.bytes).message).toBe(fileMessages.linkExpired);
  });

  it('answers 404 to a well signed link whose file is gone', async () => {
    const gone = await put('pdf', pdfBytes(64), 'Gone.pdf');
    const link = await signFileUrl(t, gone.key);
    await store.disk.delete(gone.key);
    const answer = await get(link);
    expect(answer.status).toBe(404);
    expect(json(answer.bytes).message).toBe(messages.notFound);
  });

  it('checks a link without writing a key on a database that never signed one', async () => {
    const fresh = await createTestContext({ files });
    try {
      const link = new URL(url, 'http://app.test');
      const answer = await fresh.app.request(`${link.pathname}${link.search}`);
      expect(answer.status).toBe(403);
      expect(await fresh.db.select().from(secrets)).toEqual([]);
      expect(await checkFileUrl(fresh, stored.key, link.searchParams)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('serving a stored file', () => {
  it('answers the whole file with its checked type, validators and a private cache until the link expires', async () => {
    const answer = await get(url);
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(pdf)).toBe(true);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-length')).toBe(String(pdf.length));
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(answer.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(answer.headers.get('content-disposition')).toBe(
      `inline; filename="Safety _handbook_.pdf"; filename*=UTF-8''Safety%20%E2%80%9Chandbook%E2%80%9D.pdf`,
    );
    // A PDF is drawn by the browser's viewer or pdf.js, which a sandbox would block.
    expect(answer.headers.get('content-security-policy')).not.toContain('sandbox');
  });

  it('answers HEAD with the headers alone', async () => {
    const answer = await get(url, {}, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBe(0);
    expect(answer.headers.get('content-length')).toBe(String(pdf.length));
    expect(answer.headers.get('etag')).toMatch(/^"/);
  });

  it('answers one byte range with 206 and Content-Range, in each form a Range header takes', async () => {
    const size = pdf.length;
    const cases: [string, number, number][] = [
      ['bytes=0-8', 0, 8],
      ['bytes=1048576-2097151', 1048576, 2097151],
      [`bytes=${size - 100}-`, size - 100, size - 1],
      ['bytes=-1024', size - 1024, size - 1],
      [`bytes=${size - 10}-${size + 5000}`, size - 10, size - 1],
      [`bytes=-${size * 2}`, 0, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const answer = await get(url, { Range: range });
      expect(answer.status, range).toBe(206);
      expect(answer.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(answer.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(answer.bytes.equals(pdf.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await get(url, { Range: 'bytes=0-8' })).bytes.toString()).toBe('%PDF-1.4\n');
  });

  it('answers 416 to a range past the end and the whole file to several ranges or a bad one', async () => {
    for (const range of [`bytes=${pdf.length}-`, 'bytes=-0', `bytes=${pdf.length + 10}-${pdf.length + 20}`]) {
      const answer = await get(url, { Range: range });
      expect(answer.status, range).toBe(416);
      expect(answer.headers.get('content-range'), range).toBe(`bytes */${pdf.length}`);
      expect(json(answer.bytes).message).toBe(fileMessages.rangeNotSatisfiable);
    }
    for (const range of ['bytes=0-1,5-9', 'bytes=9-2', 'items=0-5', 'bytes=abc']) {
      const answer = await get(url, { Range: range });
      expect(answer.status, range).toBe(200);
      expect(answer.bytes.length, range).toBe(pdf.length);
    }
  });

  it('answers 304 to its ETag and honours a range only under the same ETag in If-Range', async () => {
    const etag = (await get(url, {}, 'HEAD')).headers.get('etag') as string;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const answer = await get(url, { 'If-None-Match': tag });
      expect(answer.status, tag).toBe(304);
      expect(answer.bytes.length).toBe(0);
      expect(answer.headers.get('etag')).toBe(etag);
    }
    expect((await get(url, { 'If-None-Match': '"other"' })).status).toBe(200);

    const same = await get(url, { Range: 'bytes=0-3', 'If-Range': etag });
    expect(same.status).toBe(206);
    expect(same.bytes.toString()).toBe('%PDF');
    const changed = await get(url, { Range: 'bytes=0-3', 'If-Range': '"an-older-version"' });
    expect(changed.status).toBe(200);
    expect(changed.bytes.length).toBe(pdf.length);
  });

  it('sends anything but media and PDFs sandboxed, and downloads what is not media or an image', async () => {
    const page = await put('fileUpload', html, 'page.html');
    const pageAnswer = await get(await signFileUrl(t, page.key, { name: 'page.html' }));
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.headers.get('content-type')).toBe('application/octet-stream');
    expect(pageAnswer.headers.get('content-disposition')).toBe(
      `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    );
    // The app's own policy stays beside the sandbox; a browser enforces both.
    const policies = pageAnswer.headers.get('content-security-policy') ?? '';
    expect(policies.split(', ')).toContain('sandbox');
    expect(policies).toContain("default-src 'self'");

    const image = await put('fileUpload', png, 'photo.png');
    const imageAnswer = await get(await signFileUrl(t, image.key));
    expect(imageAnswer.headers.get('content-type')).toBe('image/png');
    expect(imageAnswer.headers.get('content-disposition')).toBe('inline');
    expect(imageAnswer.headers.get('content-security-policy')?.split(', ')).toContain('sandbox');
  });

  it('keeps the answer cacheable only as long as the link works', async () => {
    const short = await signFileUrl(t, stored.key, { ttlSeconds: 90 });
    const maxAge = Number(
      /max-age=(\d+)/.exec((await get(short, {}, 'HEAD')).headers.get('cache-control') ?? '')?.[1],
    );
    expect(maxAge).toBeGreaterThan(80);
    expect(maxAge).toBeLessThanOrEqual(90);
  });
});
