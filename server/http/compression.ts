import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/**
 * JSON answers at least this long are gzipped for clients that accept it. A shorter one (most
 * messages and errors) already fits one packet, so compressing it would save no round trip.
 */
export const COMPRESS_MIN_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const ENCODINGS = {
  gzip: { pooled: promisify(gzip), inline: gzipSync },
  deflate: { pooled: promisify(deflate), inline: deflateSync },
} as const;
type Encoding = keyof typeof ENCODINGS;

/**
 * Answers up to this long are compressed on the event loop itself: tens of microseconds, less than
 * handing them to the thread pool costs, whose thread then takes a core from the event loop when
 * the machine is busy. Longer ones (a large page of a list) go to the thread pool.
 */
const INLINE_MAX_BYTES = 64 * 1024;

/**
 * Compresses the API's JSON answers, gzip or deflate by Accept-Encoding, with `Vary:
 * Accept-Encoding` (as hono's `compress` chooses). Only JSON: files and downloads keep their bytes
 * as they are, so a Range request still counts the bytes the client will see, and an image or
 * upload is not squeezed twice. An answer that already has a Content-Encoding, a 206, a HEAD or a
 * `Cache-Control: no-transform` is left alone.
 *
 * A JSON answer is a string in memory already: it is compressed whole by zlib (on the thread pool
 * when it is long, INLINE_MAX_BYTES) and sent with its Content-Length in one write. (hono's `compress` pipes it through a
 * CompressionStream on the event loop and sends it chunked, in several writes, which under many
 * answers at once cost the event loop more than the handlers.)
 *
 * @example
 * new Hono().use(compressJson).get('/users', (c) => c.json(page))
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const { res } = c;
  if (!res.body || res.status === 206 || c.req.method === 'HEAD') return;
  if (['Content-Encoding', 'Content-Length', 'Transfer-Encoding'].some((name) => res.headers.has(name)))
    return;
  if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
  const body = Buffer.from(await res.arrayBuffer());
  const compressible =
    body.byteLength >= COMPRESS_MIN_BYTES && !NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '');
  const encoding = compressible ? chooseEncoding(c.req.header('Accept-Encoding')) : undefined;
  const zlib = encoding && ENCODINGS[encoding];
  const sent = !zlib
    ? body
    : body.byteLength <= INLINE_MAX_BYTES
      ? zlib.inline(body)
      : await zlib.pooled(body);
  const answer = new Response(sent, res);
  answer.headers.set('Content-Length', String(sent.byteLength));
  if (compressible) {
    const vary = answer.headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ''))
      answer.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (encoding) {
    answer.headers.set('Content-Encoding', encoding);
    const etag = answer.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) answer.headers.set('ETag', `W/${etag}`);
  }
  c.res = answer;
};

/** gzip when the client takes it fully, else the encoding it weighs highest; none when it takes neither. */
function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}
