import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/paths.ts';
import { userPaths } from '../../contract/users.ts';
import { compressJson } from '../../server/http/compression.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

const BROWSER = 'gzip, deflate, br, zstd';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('API answers', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.login(demo.admin.email, demo.admin.password);
  });
  const get = (path: string, acceptEncoding?: string) =>
    t.app.request(`${API_BASE}${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('gzips a JSON answer for a client that accepts it, and says so', async () => {
    const response = await get(`${userPaths.list}?page=1&limit=50`, BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const sent = Buffer.from(await response.arrayBuffer());
    const json = gunzipSync(sent).toString('utf8');
    expect(JSON.parse(json).results.data.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(json.length / 2);
  });

  it('sends the compressed answer whole, with its length, rather than chunked', async () => {
    const response = await get(`${userPaths.list}?page=1&limit=50`, BROWSER);
    const sent = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(sent.length));
    expect(response.headers.get('transfer-encoding')).toBeNull();
  });

  it('compresses a long answer (off the event loop) as it does a short one', async () => {
    const items = Array.from({ length: 5000 }, (_, index) => ({ index, name: `Learner ${index}` }));
    const app = new Hono().use(compressJson).get('/long', (c) => c.json({ items }));
    const response = await app.request('/long', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const sent = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(sent.length));
    const json = gunzipSync(sent).toString('utf8');
    expect(json.length).toBeGreaterThan(128 * 1024);
    expect(JSON.parse(json)).toEqual({ items });
  });

  it('deflates for a client that weighs deflate above gzip', async () => {
    for (const acceptEncoding of ['deflate', 'gzip;q=0.5, deflate;q=0.8']) {
      const response = await get(`${userPaths.list}?page=1&limit=50`, acceptEncoding);
      expect(response.headers.get('content-encoding')).toBe('deflate');
      const json = inflateSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
      expect(JSON.parse(json).results.data.length).toBeGreaterThan(1);
    }
  });

  it('sends the JSON as it is to a client that accepts no encoding, still naming Accept-Encoding in Vary', async () => {
    const response = await get(`${userPaths.list}?page=1&limit=50`);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await response.json()).results.data.length).toBeGreaterThan(1);
  });

  it('leaves a short answer uncompressed: it fits one packet anyway', async () => {
    const response = await get('/no-such-route', BROWSER);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toHaveProperty('message');
  });

  it('leaves the CSV download as it is', async () => {
    const response = await get(userPaths.export, BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toMatch(/@example\.com/);
  });
});

describe('the built PWA', () => {
  const script = `console.log(${JSON.stringify('Training Admin '.repeat(200))});`;
  const html = `<!doctype html><title>Training Admin</title>${'<!-- shell -->'.repeat(100)}`;
  let dist: string;
  let app: ReturnType<TestContext['build']>;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'training-admin-dist-'));
    mkdirSync(join(dist, 'assets'));
    // As the build writes them: each text file with a brotli and a gzip copy beside it.
    for (const [path, text] of [
      ['index.html', html],
      ['assets/index-abc123.js', script],
    ] as const) {
      writeFileSync(join(dist, path), text);
      writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
    }
    writeFileSync(join(dist, 'assets', 'icon-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    app = t.build({ distDir: dist });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const fetchAsset = (path: string, acceptEncoding?: string) =>
    app.request(path, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('answers with the brotli copy when the browser accepts br, before gzip', async () => {
    const response = await fetchAsset('/assets/index-abc123.js', BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script);
  });

  it('answers with the gzip copy when the browser accepts gzip only', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
      const response = await fetchAsset('/assets/index-abc123.js', acceptEncoding);
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script);
    }
  });

  it('answers with the file itself when the browser accepts no encoding, still naming Accept-Encoding in Vary', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await fetchAsset('/assets/index-abc123.js', acceptEncoding);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(await response.text()).toBe(script);
    }
  });

  it('answers a client route with the compressed index.html, to be revalidated', async () => {
    const response = await fetchAsset('/login', BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html);
  });

  it('sends an image as it is, without Vary', async () => {
    const response = await fetchAsset('/assets/icon-abc123.png', BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });
});
