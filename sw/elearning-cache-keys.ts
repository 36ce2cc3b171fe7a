/**
 * Cache keys of the content origin (record 028), shared by the launcher page and the content
 * origin's service worker. A package's addresses are signed
 * (`/elearning/<packageId>/<uploadId>/<expires>/<signature>/<rest>`); the cache keys them without
 * the expiry and signature, so a link signed later, or an old one, finds the same files.
 */

/** The cache of the launcher's runtime and the launcher pages seen, refreshed from the network. */
export const SHELL_CACHE = 'elearning-shell-v1';
/** Where the content origin's service worker and runtime lie. */
export const RUNTIME_PREFIX = '/elearning-runtime/';

const SIGNED = /^\/elearning\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/\d{1,12}\/[0-9a-f]{64}\/(.*)$/;

export type ContentAddress = {
  /** `/elearning/<packageId>/<uploadId>/`: the upload, whichever link names it. */
  upload: string;
  /** What follows the signature: '' for the launcher page, `files/…`, `files.json`. */
  rest: string;
  /** The cache key: the upload's folder and the rest, without query. */
  key: string;
};

/** The unsigned address of a signed one on `origin`, or undefined for any other address. */
export function contentAddress(url: URL): ContentAddress | undefined {
  const match = SIGNED.exec(url.pathname);
  if (!match) return undefined;
  const [, packageId, uploadId, rest = ''] = match;
  const upload = `/elearning/${packageId}/${uploadId}/`;
  return { upload, rest, key: `${url.origin}${upload}${rest}` };
}

/** The cache holding a kept upload's files: its presence marks the upload as kept. */
export const uploadCacheName = (upload: string) => `elearning-upload:${upload}`;
