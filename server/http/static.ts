import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from './app-env.ts';

/** Where the build puts the e-learning launcher, which only the content origin serves. */
export const LAUNCHER_BUILD_FOLDER = 'elearning-launcher';

/** Where the build puts the files it names by content hash (Vite's assetsDir). */
export const HASHED_ASSETS = '/assets/';

// Vite names files under /assets/ by content hash, so they never change and may be kept for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html, sw.js, the manifest) must be revalidated, or clients keep an old app.
const REVALIDATE = 'no-cache';

/**
 * Serves the built PWA: its files, then index.html for any other GET so client routes load on
 * refresh. Nothing is mounted when there is no build (API tests).
 *
 * The build writes brotli and gzip copies beside each text file (`a.js.br`, `a.js.gz`, see
 * vite.config.ts); a browser that accepts one gets it with its Content-Encoding (br before gzip),
 * any other gets the file itself. Compressing once at build time costs no CPU per request and lets
 * brotli use its slowest, smallest setting.
 */
export function distRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  if (!existsSync(join(distDir, 'index.html'))) return app;
  app.use(`${HASHED_ASSETS}*`, cached(IMMUTABLE, { root: distDir }));
  // A missing hashed asset is a stale client asking for an old build; the HTML shell would only
  // confuse it (and a service worker could cache that HTML as a script).
  app.get(`${HASHED_ASSETS}*`, (c) => c.text('Not Found', 404));
  // The e-learning launcher's build runs on the content origin only (server/elearning-origin).
  app.all(`/${LAUNCHER_BUILD_FOLDER}/*`, (c) => c.text('Not Found', 404));
  app.use('*', cached(REVALIDATE, { root: distDir }));
  app.get('*', cached(REVALIDATE, { root: distDir, path: 'index.html' }));
  return app;
}

/**
 * serveStatic with a Cache-Control header on the files it finds. The headers go on the answer
 * itself: serveStatic builds it before calling onFound, so a header set there would be lost.
 */
function cached(cacheControl: string, options: { root: string; path?: string }): MiddlewareHandler<AppEnv> {
  const found = new WeakSet<object>();
  const serve = serveStatic<AppEnv>({
    ...options,
    precompressed: true,
    onFound: (_path, c) => void found.add(c),
  });
  return async (c, next) => {
    const response = await serve(c, next);
    if (!response || !found.has(c)) return response;
    response.headers.set('Cache-Control', cacheControl);
    // serveStatic names Accept-Encoding in Vary only when it picked a copy; the plain file is one
    // variant too, or a shared cache could hand it (or a copy) to a browser that asked otherwise.
    const type = response.headers.get('Content-Type') ?? '';
    const vary = response.headers.get('Vary') ?? '';
    if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !/accept-encoding/i.test(vary))
      response.headers.append('Vary', 'Accept-Encoding');
    return response;
  };
}
