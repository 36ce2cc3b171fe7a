import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { getMimeType } from 'hono/utils/mime';
import { fileMessages } from '../../contract/files.ts';
import { elearningPackages } from '../db/schema/elearning.ts';
import { parseRange } from '../files/serve-headers.ts';
import type { AppDeps } from '../http/app-env.ts';
import { LAUNCHER_BUILD_FOLDER } from '../http/static.ts';
import { elearningFileKey } from '../modules/elearning/keys.ts';
import { readUploadFiles } from '../modules/elearning/unpack.ts';
import { encodePath, requestedPath, uploadListingKey } from './files.ts';
import { apiNameOf, launcherDocument, RUNTIME_PATH, SERVICE_WORKER_PATH } from './page.ts';
import { checkLauncherPath, ELEARNING_PREFIX } from './urls.ts';

export type ContentDeps = Pick<AppDeps, 'db' | 'config' | 'files' | 'clock' | 'logger'>;

/** Whether reading a file's metadata failed because there is no such file (on disk or in a bucket). */
function isMissing(error: unknown): boolean {
  const cause = (
    error as { cause?: { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } }
  ).cause;
  return cause?.code === 'ENOENT' || cause?.name === 'NotFound' || cause?.$metadata?.httpStatusCode === 404;
}

const notFound = (c: Context) => c.text('Not Found', 404, { 'X-Content-Type-Options': 'nosniff' });

/**
 * The content origin (record 028): the server's second listener, where e-learning packages play so
 * that a package reaches neither the app's storage nor its API as the learner. It answers only
 * these, and 404 to everything else (no API, none of the app's files):
 *
 * - `/elearning/<packageId>/<uploadId>/<expires>/<signature>/`: the launcher page, which holds the
 *   package's SCORM API and opens its SCO in a frame;
 * - `…/files/<path>`: a file of that upload, from the store;
 * - `…/files.json`: the upload's files, which the launcher keeps on the device for offline play;
 * - `/elearning-runtime/<file>` and `/elearning-sw.js`: the launcher's script and service worker.
 *
 * The signature (urls.ts) is the credential: 403 when it is altered or has expired.
 */
export function createContentApp(deps: ContentDeps) {
  const appOrigin = new URL(deps.config.appUrl).origin;
  const buildFolder = resolve(deps.config.distDir, LAUNCHER_BUILD_FOLDER);
  /** Every answer: no sniffing, and no signed address in the Referer of what a package loads. */
  const common = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

  /** A file of the launcher's build, revalidated each time (its names carry no hash). */
  const built = async (c: Context, name: string) => {
    const file = resolve(buildFolder, name);
    if (!file.startsWith(`${buildFolder}${sep}`)) return notFound(c);
    const found = await stat(file).catch(() => undefined);
    if (!found?.isFile()) return notFound(c);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, {
      ...common,
      'Content-Type': getMimeType(name) ?? 'application/octet-stream',
      'Content-Length': String(found.size),
      'Cache-Control': 'no-cache',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  };

  const app = new Hono();
  // The runtime is a few hundred KB of script a phone loads before the first SCO paints.
  app.use(`${RUNTIME_PATH}*`, compress());
  app.get(SERVICE_WORKER_PATH, (c) => built(c, 'sw.js'));
  app.get(`${RUNTIME_PATH}:name{[A-Za-z0-9_.-]+}`, (c) => built(c, c.req.param('name')));

  const base = `${ELEARNING_PREFIX}/:packageId/:uploadId/:expires/:signature`;
  // The page's relative addresses (files/…) need the folder's slash.
  app.get(base, (c) => c.redirect(`${new URL(c.req.url).pathname}/`, 301));
  app.get(`${base}/*`, async (c) => {
    const segments = {
      packageId: c.req.param('packageId').toLowerCase(),
      uploadId: c.req.param('uploadId').toLowerCase(),
      expires: c.req.param('expires'),
      signature: c.req.param('signature'),
    };
    const link = await checkLauncherPath(deps, segments, deps.clock().getTime());
    if (!link.ok)
      return c.text(
        link.reason === 'expired' ? fileMessages.linkExpired : fileMessages.linkInvalid,
        403,
        common,
      );
    // The path as sent, so each segment is decoded exactly once (Hono's path is partly decoded,
    // and URL would resolve `%2e%2e` segments before they could be refused).
    const raw = c.req.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/s, '');
    const rest = raw.split('/').slice(6).join('/');

    if (rest === '') {
      const [found] = await deps.db
        .select({ title: elearningPackages.title, scormVersion: elearningPackages.scormVersion })
        .from(elearningPackages)
        .where(eq(elearningPackages.id, segments.packageId));
      if (!found) return notFound(c);
      const page = launcherDocument(found.title, {
        appOrigin,
        scormVersion: found.scormVersion,
        apiName: apiNameOf(found.scormVersion),
        serviceWorker: SERVICE_WORKER_PATH,
      });
      return c.html(page, 200, {
        ...common,
        'Cache-Control': 'no-cache',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Content-Security-Policy': [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data:",
          "connect-src 'self'",
          "frame-src 'self'",
          "worker-src 'self'",
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'none'",
          `frame-ancestors ${appOrigin}`,
        ].join('; '),
      });
    }

    if (rest === 'files.json') {
      if (!(await deps.files.disk.exists(uploadListingKey(link.contentKey)))) return notFound(c);
      const listed = await readUploadFiles(deps.files, link.contentKey);
      return c.json({ files: listed.map((file) => `files/${encodePath(file.path)}`) }, 200, {
        ...common,
        'Cache-Control': 'no-cache',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
    }

    if (!rest.startsWith('files/')) return notFound(c);
    const path = requestedPath(rest.slice('files/'.length));
    if (path === undefined) return notFound(c);
    const key = elearningFileKey(link.contentKey, path);
    const meta = await deps.files.disk.getMetaData(key).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!meta) return notFound(c);
    const size = meta.contentLength;
    const headers: Record<string, string> = {
      ...common,
      'Content-Type': getMimeType(path) ?? 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      // An upload's files never change (a new version is a new upload), but each launch signs anew.
      'Cache-Control': 'private, max-age=3600',
      'Cross-Origin-Resource-Policy': 'same-origin',
      // The package's own pages may run what they like, but only framed by the launcher (and the app).
      'Content-Security-Policy': `frame-ancestors 'self' ${appOrigin}`,
    };
    // One byte range (a video seeked), or the whole file.
    const rangeHeader = c.req.header('Range');
    const range = rangeHeader === undefined ? undefined : parseRange(rangeHeader, size);
    if (range === 'unsatisfiable')
      return c.text('Range Not Satisfiable', 416, { ...common, 'Content-Range': `bytes */${size}` });
    const partial = range && range !== 'whole' ? range : undefined;
    const length = partial ? partial.end - partial.start + 1 : size;
    headers['Content-Length'] = String(length);
    if (partial) headers['Content-Range'] = `bytes ${partial.start}-${partial.end}/${size}`;
    const status = partial ? 206 : 200;
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
    const stream = await deps.files.read(key, partial);
    return c.body(Readable.toWeb(stream) as ReadableStream, status, headers);
  });

  return app.notFound(notFound).onError((error, c) => {
    deps.logger.error('Content origin:', error);
    return c.text('Internal Server Error', 500, common);
  });
}
