import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FILES_PATH } from '../../contract/files.ts';
import { API_BASE } from '../../contract/paths.ts';
import type { Database } from '../db/client.ts';
import { secrets } from '../db/schema/secrets.ts';
import type { AppDeps } from '../http/app-env.ts';

/** The `secrets` row holding the key that signs file links. */
const SECRET_NAME = 'file-link-signing-key';
const DEFAULT_TTL_SECONDS = 60 * 60;

/** Each database's key, read once per process: every process on one database signs alike. */
const keys = new WeakMap<Database, Buffer>();

/**
 * The signing key of this database. With `create`, the first process that needs one makes it at
 * random; a process racing it keeps the row that won. Without, a database that never signed a
 * link has no key and answers undefined: checking a link writes nothing. The content origin's
 * package links (server/elearning-origin/urls.ts) are signed with it too.
 */
export async function signingKey(db: Database, create: boolean): Promise<Buffer | undefined> {
  const cached = keys.get(db);
  if (cached) return cached;
  if (create)
    await db
      .insert(secrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing({ target: secrets.name });
  const [row] = await db.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, SECRET_NAME));
  if (!row) return undefined;
  const key = Buffer.from(row.value, 'base64url');
  keys.set(db, key);
  return key;
}

/** What a link's signature covers: the key, the expiry and the download name (or its absence). */
function signature(secret: Buffer, key: string, expires: number, name: string | undefined): Buffer {
  const named = name === undefined ? '-' : `+${name}`;
  return createHmac('sha256', secret).update(`${key}\n${expires}\n${named}`).digest();
}

export type SignOptions = {
  /** The file name a download is saved under (Content-Disposition). */
  name?: string;
  /** How long the link works; an hour unless told. */
  ttlSeconds?: number;
};

/**
 * A short-lived link to a stored file: `/api/v1/files/<key>?expires=<unix seconds>&signature=<hex
 * HMAC-SHA256>` (and `&name=` when given). Whoever holds the link may read the file until it
 * expires, so it is handed only to callers allowed to see the file.
 */
export async function signFileUrl(
  deps: Pick<AppDeps, 'db'>,
  key: string,
  { name, ttlSeconds = DEFAULT_TTL_SECONDS }: SignOptions = {},
): Promise<string> {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new Error(`Not a link lifetime: ${ttlSeconds}`);
  const secret = await signingKey(deps.db, true);
  if (!secret) throw new Error('The file link signing key was not stored');
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(secret, key, expires, name).toString('hex'),
  });
  if (name !== undefined) query.set('name', name);
  return `${API_BASE}${FILES_PATH}/${key}?${query}`;
}

export type LinkCheck =
  | { ok: true; expires: number; name: string | undefined }
  | { ok: false; reason: 'invalid' | 'expired' };

const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Whether a link's query signs `key` and has not expired. The signature is compared in constant
 * time, and checked before the expiry so that an altered expiry reads as a bad link, not an old one.
 */
export async function checkFileUrl(
  deps: Pick<AppDeps, 'db'>,
  key: string,
  query: URLSearchParams,
  now = Date.now(),
): Promise<LinkCheck> {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const [expiresText, ...moreExpires] = query.getAll('expires');
  const [signatureText, ...moreSignatures] = query.getAll('signature');
  const names = query.getAll('name');
  if (moreExpires.length > 0 || moreSignatures.length > 0 || names.length > 1) return invalid;
  if (!expiresText || !EXPIRES.test(expiresText) || !signatureText || !SIGNATURE.test(signatureText))
    return invalid;
  const secret = await signingKey(deps.db, false);
  if (!secret) return invalid;
  const expires = Number(expiresText);
  const name = names[0];
  const expected = signature(secret, key, expires, name);
  if (!timingSafeEqual(expected, Buffer.from(signatureText, 'hex'))) return invalid;
  if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, expires, name };
}
