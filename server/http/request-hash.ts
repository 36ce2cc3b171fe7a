import { createHash } from 'node:crypto';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * The parts of a multipart body in order: names with their text values, or with a file's name,
 * type and a digest of its bytes. The same form sent again (with another boundary) gives the same.
 * Undefined when the body does not parse; its route answers it 400 and the raw bytes stand for it.
 */
async function formParts(body: ArrayBuffer, contentType: string): Promise<string | undefined> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return undefined;
  }
  const parts: string[][] = [];
  for (const [name, value] of form.entries()) {
    parts.push(
      typeof value === 'string'
        ? [name, value]
        : [name, value.name, value.type, sha256(new Uint8Array(await value.arrayBuffer()))],
    );
  }
  return JSON.stringify(parts);
}

/**
 * SHA-256 of the request the key came with: method, path with query, media type and body. The
 * service worker sends a queued change again byte for byte, so a body is taken by its bytes; only
 * a multipart body is taken by its parts, as its boundary may be drawn anew. Read from a clone, so
 * the route still reads the body itself.
 */
export async function hashRequest(raw: globalThis.Request, bodyUnread = false): Promise<string> {
  const url = new URL(raw.url);
  const contentType = raw.headers.get('content-type') ?? '';
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const hash = createHash('sha256').update(
    JSON.stringify([raw.method, url.pathname + url.search, mediaType]),
  );
  // A streamed upload is taken by its declared length: reading a clone would hold it all in memory.
  if (bodyUnread)
    return hash
      .update('\nlength\n')
      .update(raw.headers.get('content-length') ?? '')
      .digest('hex');
  const copy = raw.clone();
  const body = await copy.arrayBuffer();
  const parts = mediaType === 'multipart/form-data' ? await formParts(body, contentType) : undefined;
  if (parts !== undefined) return hash.update('\nparts\n').update(parts).digest('hex');
  return hash.update('\nbytes\n').update(new Uint8Array(body)).digest('hex');
}
