import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScormVersion } from '../../contract/elearning/resource.ts';
import { fileMessages } from '../../contract/files.ts';
import { elearningPackages } from '../../server/db/schema/elearning.ts';
import { createContentApp } from '../../server/elearning-origin/app.ts';
import { uploadListingKey } from '../../server/elearning-origin/files.ts';
import { launcherUrl } from '../../server/elearning-origin/urls.ts';
import { createFileStore } from '../../server/files/store.ts';
import { elearningFileKey, newContentKey } from '../../server/modules/elearning/keys.ts';
import { APP_URL, createTestContext, type TestContext } from './helpers.ts';

/** A launcher script of the size that is worth compressing. */
const LAUNCHER_SCRIPT = `export const launcher = 1;\n// ${'runtime '.repeat(200)}\n`;

let t: TestContext;
let dist: string;
let now: Date | undefined;
let content: ReturnType<typeof createContentApp>;
const files = () => createFileStore(t.config.files);

beforeAll(async () => {
  t = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'training-admin-launcher-dist-'));
  mkdirSync(join(dist, 'elearning-launcher'));
  writeFileSync(join(dist, 'elearning-launcher', 'launcher.js'), LAUNCHER_SCRIPT);
  writeFileSync(join(dist, 'elearning-launcher', 'sw.js'), 'self.skipWaiting();');
  writeFileSync(join(dist, 'secret.txt'), 'not the launcher');
  content = createContentApp({
    db: t.db,
    config: { ...t.config, distDir: dist },
    files: files(),
    logger: { info() {}, warn() {}, error() {} },
    clock: () => now ?? new Date(),
  });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

/** A package row and its unpacked files in the store, as the import leaves them. */
async function storedPackage(version: ScormVersion, paths: Record<string, string | Buffer>) {
  const [row] = await t.db
    .insert(elearningPackages)
    .values({
      title: `Package <${version}>`,
      scormVersion: version,
      structure: { organizationTitle: 'Course', items: [] },
      fileKey: 'elearning/zip',
      fileName: 'package.zip',
      fileSize: 1,
      contentKey: 'pending',
    })
    .returning({ id: elearningPackages.id });
  if (!row) throw new Error('No package row');
  const contentKey = newContentKey(row.id);
  const store = files();
  for (const [path, body] of Object.entries(paths))
    await store.disk.put(elearningFileKey(contentKey, path), body);
  const listing = Object.entries(paths).map(([path, body]) => ({ path, size: Buffer.byteLength(body) }));
  await store.disk.put(uploadListingKey(contentKey), JSON.stringify({ files: listing }));
  const url = await launcherUrl(
    { db: t.db, config: t.config, clock: () => new Date() },
    { packageId: row.id, contentKey },
  );
  return { packageId: row.id, contentKey, url, path: new URL(url).pathname };
}

const get = (path: string, init?: RequestInit) => content.request(path, init);

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('the launcher page', () => {
  it('holds the SCORM 1.2 API, loads the runtime, and only the app may frame it', async () => {
    const pkg = await storedPackage('1.2', { 'index.html': '<p>SCO</p>' });
    expect(pkg.url.startsWith(`${t.config.contentOrigin}/elearning/${pkg.packageId}/`)).toBe(true);
    const response = await get(pkg.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('"apiName":"API"');
    expect(html).toContain('"scormVersion":"1.2"');
    expect(html).toContain(`"appOrigin":"${APP_URL}"`);
    expect(html).toContain('<script type="module" src="/elearning-runtime/launcher.js"></script>');
    expect(html).toContain('<title>Package &lt;1.2&gt;</title>');
    expect(html).not.toContain('<1.2>');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`frame-ancestors ${APP_URL}`);
    expect(policy).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('holds the SCORM 2004 API for a 2004 package', async () => {
    for (const version of ['2004-3', '2004-4'] as const) {
      const pkg = await storedPackage(version, { 'index.html': '<p>SCO</p>' });
      const html = await (await get(pkg.path)).text();
      expect(html).toContain('"apiName":"API_1484_11"');
      expect(html).toContain(`"scormVersion":"${version}"`);
    }
  });

  it('sends the address without its slash to the folder, so the files resolve beside it', async () => {
    const pkg = await storedPackage('1.2', { 'index.html': '<p>SCO</p>' });
    const response = await get(pkg.path.slice(0, -1));
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(pkg.path);
  });

  it('refuses an altered, borrowed or expired signature with 403', async () => {
    const pkg = await storedPackage('1.2', { 'index.html': '<p>SCO</p>' });
    const other = await storedPackage('1.2', { 'index.html': '<p>Other</p>' });
    const [, , packageId, uploadId, expires, signature] = pkg.path.split('/') as string[];
    const flipped = `${signature?.slice(0, -1)}${signature?.endsWith('0') ? '1' : '0'}`;
    const otherUpload = other.contentKey.split('/').pop();
    for (const path of [
      `/elearning/${packageId}/${uploadId}/${expires}/${flipped}/`,
      `/elearning/${packageId}/${uploadId}/${Number(expires) + 1}/${signature}/`,
      `/elearning/${packageId}/${otherUpload}/${expires}/${signature}/files/index.html`,
      `/elearning/${other.packageId}/${uploadId}/${expires}/${signature}/`,
      `/elearning/${packageId}/${uploadId}/${expires}/not-a-signature/`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(403);
      expect(await response.text()).toBe(fileMessages.linkInvalid);
    }
    now = new Date(Date.now() + 12 * 60 * 60 * 1000 + 1000);
    try {
      for (const path of [pkg.path, `${pkg.path}files/index.html`, `${pkg.path}files.json`]) {
        const response = await get(path);
        expect(response.status, path).toBe(403);
        expect(await response.text()).toBe(fileMessages.linkExpired);
      }
    } finally {
      now = undefined;
    }
    expect((await get(`${pkg.path}files/index.html`)).status).toBe(200);
  });

  it('answers 404 for a package that is gone', async () => {
    const pkg = await storedPackage('1.2', { 'index.html': '<p>SCO</p>' });
    await t.db.delete(elearningPackages).where(eq(elearningPackages.id, pkg.packageId));
    expect((await get(pkg.path)).status).toBe(404);
  });
});

describe("an upload's files", () => {
  it('are served with their types, names with spaces and other letters included, the query ignored', async () => {
    const pkg = await storedPackage('2004-4', {
      'index.html': '<p>Start</p>',
      'shared/run time.js': 'var a = 1;',
      'shared/style.css': 'p{}',
      'images/café.png': PNG,
      'data/sco.json': '{"a":1}',
    });
    const page = await get(`${pkg.path}files/index.html?lesson=2&mode=a`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe('<p>Start</p>');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toBe(`frame-ancestors 'self' ${APP_URL}`);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');

    const script = await get(`${pkg.path}files/shared/run%20time.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toBe('var a = 1;');
    expect((await get(`${pkg.path}files/shared/style.css`)).headers.get('content-type')).toMatch(
      /^text\/css/,
    );
    const image = await get(`${pkg.path}files/images/caf%C3%A9.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-length')).toBe(String(PNG.length));
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await get(`${pkg.path}files/data/sco.json`)).headers.get('content-type')).toMatch(
      /^application\/json/,
    );
  });

  it('are served by byte range, for a video seeked', async () => {
    const bytes = Buffer.from('0123456789');
    const pkg = await storedPackage('1.2', { 'media/clip.mp4': bytes });
    const part = await get(`${pkg.path}files/media/clip.mp4`, { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(await part.text()).toBe('2345');
    const whole = await get(`${pkg.path}files/media/clip.mp4`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await whole.text()).toBe('0123456789');
    const past = await get(`${pkg.path}files/media/clip.mp4`, { headers: { Range: 'bytes=20-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10');
  });

  it('are listed in files.json as addresses beside the launcher', async () => {
    const pkg = await storedPackage('1.2', { 'index.html': 'a', 'my pages/é 1.html': 'b' });
    const response = await get(`${pkg.path}files.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      files: ['files/index.html', 'files/my%20pages/%C3%A9%201.html'],
    });
    for (const url of ['files/index.html', 'files/my%20pages/%C3%A9%201.html'])
      expect((await get(`${pkg.path}${url}`)).status, url).toBe(200);
  });

  it('never climb out of the upload, and answer 404 for what it does not hold', async () => {
    // A `..` inside the upload resolves as a browser resolves it; above the upload it meets no route.
    const pkgInside = await storedPackage('1.2', { 'index.html': 'top' });
    expect(await (await get(`${pkgInside.path}files/sub/%2e%2e/index.html`)).text()).toBe('top');
    const pkg = await storedPackage('1.2', { 'index.html': 'a', 'sub/page.html': 'b' });
    const other = await storedPackage('1.2', { 'secret.html': 'other upload' });
    const otherUpload = other.contentKey.split('/').pop();
    for (const rest of [
      'files/missing.html',
      'files/%2e%2e/%2e%2e/%2e%2e/%2e%2e/files.json',
      'files/sub%2f..%2findex.html',
      'files/sub%5cpage.html',
      'files/%E0%A4%A',
      'files//index.html',
      'nothing-here',
      'secret.html',
    ]) {
      const response = await get(`${pkg.path}${rest}`);
      expect(response.status, rest).toBe(404);
    }
    // Climbing into another upload of the package lands on an address its signature does not sign.
    const climbing = await get(`${pkg.path}files/%2e%2e/%2e%2e/${otherUpload}/files/secret.html`);
    expect(climbing.status).toBe(403);
    expect(await climbing.text()).not.toContain('other upload');
  });
});

describe('the content origin', () => {
  it('answers no API route and none of the app', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/sidebar'],
      ['POST', '/api/v1/login'],
      ['GET', '/'],
      ['GET', '/index.html'],
      ['GET', '/sw.js'],
      ['GET', '/login'],
      ['GET', '/elearning'],
    ] as const) {
      const response = await get(path, {
        method,
        ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('Not Found');
    }
  });

  it('serves the runtime and its service worker from the build, and nothing else of it', async () => {
    const script = await get('/elearning-runtime/launcher.js');
    expect(script.status).toBe(200);
    const zipped = await get('/elearning-runtime/launcher.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(Number((await zipped.arrayBuffer()).byteLength)).toBeLessThan(LAUNCHER_SCRIPT.length / 4);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toBe(LAUNCHER_SCRIPT);
    const worker = await get('/elearning-sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    for (const path of [
      '/elearning-runtime/..%2fsecret.txt',
      '/elearning-runtime/../secret.txt',
      '/secret.txt',
    ])
      expect((await get(path)).status, path).toBe(404);
  });

  it("is the only origin that serves the launcher's build: the app answers 404 for it", async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Training Admin</title>');
    const app = t.build({ distDir: dist });
    expect((await app.request('/login')).status).toBe(200);
    for (const path of ['/elearning-launcher/launcher.js', '/elearning-launcher/sw.js']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('launcher');
    }
  });
});
