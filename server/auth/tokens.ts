import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the client holds as a session or reset token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this digest is stored, so a leaked table does not hand out live sessions. A fast hash is
 * enough here: the token already has 256 bits of entropy, unlike a password.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
