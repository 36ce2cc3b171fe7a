import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { ApiErrorBody } from '../../contract/envelope.ts';
import { FILES_PATH, fileMessages } from '../../contract/files.ts';
import { messages } from '../../contract/messages.ts';
import { API_BASE } from '../../contract/paths.ts';
import { allow, publicAccess } from '../http/access.ts';
import type { AppDeps, AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { contentDisposition, isMedia, parseRange, showsInline, tagMatches } from './serve-headers.ts';
import { checkFileUrl } from './signed-url.ts';
import { STORE_KEY } from './store.ts';

/** Whether reading a file's metadata failed because there is no such file (on disk or in a bucket). */
function isMissing(error: unknown): boolean {
  const cause = (
    error as { cause?: { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } }
  ).cause;
  return cause?.code === 'ENOENT' || cause?.name === 'NotFound' || cause?.$metadata?.httpStatusCode === 404;
}

/**
 * Stored files by signed link (signed-url.ts): public, since the link's signature is the
 * credential. A whole file (200) or one byte range of it (206, what a video player seeking and
 * pdf.js ask for), streamed from the store and never held in memory; a strong ETag (keys are random
 * names written once, so key and size identify the bytes) for 304 and If-Range. A browser may keep
 * the answer privately until the link expires. What is not audio, video or PDF is a sandboxed
 * document, so an uploaded HTML file never runs as the app; only media, PDFs and images show
 * inline, the rest downloads.
 */
export function fileServeRoutes(deps: AppDeps) {
  const prefix = `${API_BASE}${FILES_PATH}/`;
  return new Hono<AppEnv>().get(`${FILES_PATH}/*`, allow(deps.db, publicAccess), async (c) => {
    const key = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) : '';
    const now = Date.now();
    const link = STORE_KEY.test(key)
      ? await checkFileUrl(deps, key, new URL(c.req.url).searchParams, now)
      : ({ ok: false, reason: 'invalid' } as const);
    if (!link.ok)
      throw new ApiError(
        403,
        link.reason === 'expired' ? fileMessages.linkExpired : fileMessages.linkInvalid,
      );

    const meta = await deps.files.disk.getMetaData(key).catch((error: unknown) => {
      if (isMissing(error)) throw new ApiError(404, messages.notFound);
      throw error;
    });
    const size = meta.contentLength;
    const type = meta.contentType || 'application/octet-stream';
    const etag = `"${createHash('sha256').update(`${key}:${size}`).digest('base64url').slice(0, 27)}"`;
    const maxAge = Math.max(0, link.expires - Math.floor(now / 1000));
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': `private, max-age=${maxAge}`,
      'Accept-Ranges': 'bytes',
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': contentDisposition(showsInline(type) ? 'inline' : 'attachment', link.name),
    };
    if (!isMedia(type)) headers['Content-Security-Policy'] = 'sandbox';

    if (tagMatches(c.req.header('If-None-Match'), etag, 'weak')) return c.body(null, 304, headers);

    const ifRange = c.req.header('If-Range');
    const rangeHeader =
      ifRange === undefined || tagMatches(ifRange, etag, 'strong') ? c.req.header('Range') : undefined;
    const range = rangeHeader === undefined ? undefined : parseRange(rangeHeader, size);
    if (range === 'unsatisfiable')
      return c.json({ message: fileMessages.rangeNotSatisfiable } satisfies ApiErrorBody, 416, {
        'Content-Range': `bytes */${size}`,
        'Cache-Control': headers['Cache-Control'] as string,
      });
    const partial = range && range !== 'whole' ? range : undefined;
    const length = partial ? partial.end - partial.start + 1 : size;
    headers['Content-Length'] = String(length);
    if (partial) headers['Content-Range'] = `bytes ${partial.start}-${partial.end}/${size}`;
    const status = partial ? 206 : 200;
    // HEAD runs this handler too (Hono answers it from the GET route without the body): open nothing.
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
    const stream = await deps.files.read(key, partial);
    return c.body(Readable.toWeb(stream) as ReadableStream, status, headers);
  });
}
