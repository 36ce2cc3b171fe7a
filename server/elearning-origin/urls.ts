import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from '../files/signed-url.ts';
import type { AppDeps } from '../http/app-env.ts';
import { uploadIdOf } from '../modules/elearning/keys.ts';

/** How long a launcher link works: a long session of learning, and a while after it. */
export const LAUNCHER_TTL_SECONDS = 12 * 60 * 60;

/** The content origin's prefix of a package's addresses. */
export const ELEARNING_PREFIX = '/elearning';

const ID = /^[0-9a-f-]{36}$/i;
const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

function signature(secret: Buffer, packageId: string, uploadId: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`elearning\n${packageId}/${uploadId}\n${expires}`).digest();
}

export type LauncherTarget = {
  packageId: string;
  /** The upload's folder in the store, `elearning/<packageId>/<uploadId>`. */
  contentKey: string;
};

/**
 * The signed address of a package's launcher page on the content origin:
 * `<contentOrigin>/elearning/<packageId>/<uploadId>/<expires>/<signature>/`. Whoever holds it may
 * read that upload's files until it expires, so it is handed only to learners allowed to play it.
 * Its files are addressed relative to it (`files/<path>`, `files.json`), so a package's own
 * relative links stay inside the signed folder.
 */
export async function launcherUrl(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  { packageId, contentKey }: LauncherTarget,
  ttlSeconds = LAUNCHER_TTL_SECONDS,
): Promise<string> {
  const uploadId = uploadIdOf(contentKey);
  if (contentKey !== `elearning/${packageId}/${uploadId}`)
    throw new Error(`Not an upload of package ${packageId}: ${contentKey}`);
  const secret = await signingKey(deps.db, true);
  if (!secret) throw new Error('The file link signing key was not stored');
  const expires = Math.floor(deps.clock().getTime() / 1000) + ttlSeconds;
  const signed = signature(secret, packageId, uploadId, expires).toString('hex');
  return `${deps.config.contentOrigin}${ELEARNING_PREFIX}/${packageId}/${uploadId}/${expires}/${signed}/`;
}

export type LauncherCheck = { ok: true; contentKey: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Whether the four segments of a content address sign that upload and have not expired. The
 * signature is compared in constant time, and before the expiry, so an altered expiry reads as a
 * bad link rather than an old one.
 */
export async function checkLauncherPath(
  deps: Pick<AppDeps, 'db'>,
  segments: { packageId: string; uploadId: string; expires: string; signature: string },
  now: number,
): Promise<LauncherCheck> {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const { packageId, uploadId, expires, signature: signed } = segments;
  if (!ID.test(packageId) || !ID.test(uploadId) || !EXPIRES.test(expires) || !SIGNATURE.test(signed))
    return invalid;
  const secret = await signingKey(deps.db, false);
  if (!secret) return invalid;
  const expected = signature(secret, packageId, uploadId, Number(expires));
  if (!timingSafeEqual(expected, Buffer.from(signed, 'hex'))) return invalid;
  if (Number(expires) * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, contentKey: `elearning/${packageId}/${uploadId}` };
}
