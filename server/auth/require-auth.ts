import { createMiddleware } from 'hono/factory';
import { messages } from '../../contract/messages.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv, AuthState } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { findSession } from './sessions.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The caller an Authorization header signs in: a live session token of an enabled user. Otherwise
 * the 401 to answer, which requireAuth throws and others (the idempotency store) may pass over.
 */
export async function resolveCaller(
  db: Database,
  authorization: string | undefined,
): Promise<AuthState | ApiError> {
  const token = BEARER.exec(authorization ?? '')?.[1];
  const session = token ? await findSession(db, token) : undefined;
  if (!session) return new ApiError(401, messages.unauthenticated);
  // Disabling an account ends its sessions at once, not when they expire.
  if (!session.status) return new ApiError(401, messages.accountDisabled);
  return {
    userId: session.userId,
    sessionId: session.sessionId,
    administrativeRoleId: session.administrativeRoleId,
  };
}

/** Lets the request through only with a live session token of an enabled user; sets `auth`. */
export function requireAuth(db: Database) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const caller = await resolveCaller(db, c.req.header('Authorization'));
    if (caller instanceof ApiError) throw caller;
    c.set('auth', caller);
    await next();
  });
}
