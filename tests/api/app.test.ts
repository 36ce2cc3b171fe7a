import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('API errors', () => {
  it('answers an unknown /api route with JSON 404', async () => {
    for (const path of ['/api/v1/no-such-thing', '/api/v2/login', '/api/']) {
      const response = await t.call('GET', path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toEqual({ message: messages.notFound });
    }
    const wrongMethod = await t.call('GET', '/login');
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body).toEqual({ message: messages.notFound });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.call('POST', '/login', {
      rawBody: '{"email": "admin@example.com", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: messages.malformedJson });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await t.call('POST', '/login', {
      body: { email: 'admin@example.com', password: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: messages.payloadTooLarge });
  });

  it('answers a failure inside with 500 and keeps the details in the log', async () => {
    const token = await t.login(demo.lead.email, demo.lead.password);
    await t.db.execute(sql`alter table locations rename to locations_moved`);
    try {
      const response = await t.call('GET', '/location', { token });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: messages.internalServerError });
      expect(response.text).not.toMatch(/locations|stack|at /i);
      expect(t.logs.some((line) => line.level === 'error' && line.text.includes('locations'))).toBe(true);
    } finally {
      await t.db.execute(sql`alter table locations_moved rename to locations`);
    }
    expect((await t.call('GET', '/location', { token })).status).toBe(200);
  });

  it('logs each entry on one line, the line breaks of what it holds escaped', async () => {
    const failing: Mailer = {
      ...t.mailer,
      send: async (mail) => {
        throw new Error(`No route for "${mail.to}"\r\nINFO forged line`);
      },
    };
    const response = await t.build({}, { mailer: failing }).request('/api/v1/forget-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.lead.email }),
    });
    expect(response.status).toBe(200);
    await t.idle();
    const logged = t.logs.filter((line) => line.text.includes('No route for'));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.text).toContain('\\r\\nINFO forged line');
    expect(logged[0]?.text).not.toMatch(/[\r\n]/);
  });

  it('tells shared caches not to keep API answers', async () => {
    const response = await t.call('POST', '/login', { body: demo.admin });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the built PWA', () => {
  let dist: string;
  let app: ReturnType<TestContext['build']>;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'training-admin-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Training Admin</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting();');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    app = t.build({ distDir: dist });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves hashed assets with a long cache', async () => {
    const response = await app.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1);');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html and sw.js so they are revalidated', async () => {
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers client routes with index.html', async () => {
    for (const path of [
      '/login',
      '/app/user-management/users',
      '/reset-password/abc',
      '/user-portal/team-dashboard',
    ]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Training Admin</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("sends the document a Content-Security-Policy that lets only the app's own scripts run", async () => {
    const response = await app.request('/login');
    expect(response.status).toBe(200);
    const header = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      header.split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/);
        return [name, sources.join(' ')] as const;
      }),
    );
    expect(Object.fromEntries(directives)).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'worker-src': "'self'",
      'media-src': "'self'",
      'manifest-src': "'self'",
      // The video hosts lessons embed, and the content origin e-learning packages play from.
      'frame-src': `'self' https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com https://www.facebook.com ${t.config.contentOrigin}`,
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    // The other secure headers stay as they were.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('sends hashed assets nosniff and the resource policy, without the headers only documents use', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'strict-transport-security',
    ])
      expect(asset.headers.get(name), name).toBeNull();
    // The service worker's script and the documents keep the policy: a worker runs under its script's.
    for (const path of ['/sw.js', '/', '/login', '/manifest.webmanifest']) {
      const response = await app.request(path);
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it('does not answer a missing asset or an API route with the HTML shell', async () => {
    expect((await app.request('/assets/index-old.js')).status).toBe(404);
    const api = await app.request('/api/v1/missing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: messages.notFound });
  });
});
