import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
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
  app.use('/assets/*', cached(IMMUTABLE, { root: distDir }));
  // A missing hashed asset is a stale client asking for an old build; the HTML shell would only
  // confuse it (and a service worker could cache that HTML as a script).
  app.get('/assets/*', (c) => c.text('Not Found', 404));
  app.use('*', cached(REVALIDATE, { root: distDir }));
  app.get('*', cached(REVALIDATE, { root: distDir, path: 'index.html' }));
  return app;
}

/**
 * serveStatic with a Cache-Control header on the files it finds. The header goes on the answer
 * itself: serveStatic builds it before calling onFound, so a header set there would be lost.
 */
function cached(cacheControl: string, options: { root: string; path?: string }): MiddlewareHandler<AppEnv> {
  const found = new WeakSet<object>();
  const serve = serveStatic<AppEnv>({ ...options, onFound: (_path, c) => void found.add(c) });
  return async (c, next) => {
    const response = await serve(c, next);
    if (response && found.has(c)) response.headers.set('Cache-Control', cacheControl);
    return response;
  };
}
