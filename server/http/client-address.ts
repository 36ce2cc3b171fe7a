import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Stands for the caller when the app runs without a socket (app.request in tests). */
const NO_SOCKET = 'local';

/**
 * The caller's address, for rate limits. X-Forwarded-For is only believed with TRUST_PROXY, and
 * then its last entry, the one our own proxy appended; earlier entries are whatever the client sent.
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  if (!c.env?.incoming) return NO_SOCKET;
  return getConnInfo(c).remote.address ?? NO_SOCKET;
}
