import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';

// Vite names files under /assets/ by content hash, so they never change and may be kept for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html, sw.js, the manifest) must be revalidated, or clients keep an old app.
const REVALIDATE = 'no-cache';

/**
 * Serves the built PWA: its files, then index.html for any other GET so client routes load on
 * refresh. Nothing is mounted when there is no build (API tests).
 */
export function distRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  if (!existsSync(join(distDir, 'index.html'))) return app;
  const cacheFor = (value: string) => (_path: string, c: { header(name: string, value: string): void }) =>
    c.header('Cache-Control', value);

  app.use('/assets/*', serveStatic({ root: distDir, onFound: cacheFor(IMMUTABLE) }));
  // A missing hashed asset is a stale client asking for an old build; the HTML shell would only
  // confuse it (and a service worker could cache that HTML as a script).
  app.get('/assets/*', (c) => c.text('Not Found', 404));
  app.use('*', serveStatic({ root: distDir, onFound: cacheFor(REVALIDATE) }));
  app.get('*', serveStatic({ root: distDir, path: 'index.html', onFound: cacheFor(REVALIDATE) }));
  return app;
}
