import { createMiddleware } from 'hono/factory';
import { messages } from '../../contract/messages.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { findSession } from './sessions.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Lets the request through only with a live session token of an enabled user; sets `auth`. */
export function requireAuth(db: Database) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    const session = token ? await findSession(db, token) : undefined;
    if (!session) throw new ApiError(401, messages.unauthenticated);
    // Disabling an account ends its sessions at once, not when they expire.
    if (!session.status) throw new ApiError(401, messages.accountDisabled);
    c.set('auth', {
      userId: session.userId,
      sessionId: session.sessionId,
      administrativeRoleId: session.administrativeRoleId,
    });
    await next();
  });
}
