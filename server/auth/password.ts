import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt cost: N=2^14, r=8, p=1, the interactive-login setting of the scrypt paper (about 50 ms
 * and 16 MiB here); sign-in guessing is held back by the rate limit, offline cracking by the memory
 * cost. The parameters are stored with each hash, so raising them later only affects new hashes.
 */
const COST = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
  // The async form runs on libuv's thread pool, so a sign-in does not stall every other request.
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash ?? '', 'base64url');
  // An unusable hash still costs the same time as a real one, so it does not stand out either.
  if (parts.length !== 6 || parts[0] !== 'scrypt' || expected.length === 0)
    return verifyAgainstDummy(password);
  const key = await derive(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

/**
 * A hash no password matches (it is not in the scrypt format), for accounts that must not sign in
 * until someone sets their password.
 */
export function unusablePasswordHash(): string {
  return `!${randomBytes(SALT_LENGTH).toString('base64url')}`;
}

let dummyHash: Promise<string> | undefined;

/**
 * Does the same scrypt work as a real check, for sign-ins with an unknown email, so the answer
 * time does not tell which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(SALT_LENGTH).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}
