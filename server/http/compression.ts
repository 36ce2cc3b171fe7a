import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/**
 * JSON answers at least this long are gzipped for clients that accept it. A shorter one (most
 * messages and errors) already fits one packet, so compressing it would save no round trip.
 */
export const COMPRESS_MIN_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Compresses the API's JSON answers (hono's `compress`: gzip or deflate by Accept-Encoding, with
 * `Vary: Accept-Encoding`). Only JSON: files and downloads keep their bytes as they are, so a
 * Range request still counts the bytes the client will see, and an image or upload is not
 * squeezed twice. An answer that already has a Content-Encoding, a 206, a HEAD or a
 * `Cache-Control: no-transform` is left alone by `compress` itself.
 *
 * @example
 * new Hono().use(compressJson).get('/users', (c) => c.json(page))
 */
export const compressJson: MiddlewareHandler = (c, next) =>
  gzipJson(c, async () => {
    await next();
    await measureJson(c);
  });

const gzipJson = compress({ threshold: COMPRESS_MIN_BYTES, contentTypeFilter: JSON_TYPE });

/**
 * `c.json()` answers carry no Content-Length, and `compress` reads the length from that header
 * alone, so without it every answer would be compressed whatever its size. A JSON answer is a
 * string in memory already; reading it once more to count it is cheap.
 */
async function measureJson(c: Context) {
  const { res } = c;
  if (!res.body || res.headers.has('Content-Length') || res.headers.has('Content-Encoding')) return;
  if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
  const body = await res.arrayBuffer();
  const measured = new Response(body, res);
  measured.headers.set('Content-Length', String(body.byteLength));
  c.res = measured;
}
