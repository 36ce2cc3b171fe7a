import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { API_BASE, paths } from '../../contract/paths.ts';
import { resolveCaller } from '../auth/require-auth.ts';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { AppDeps, AppEnv } from './app-env.ts';
import { ApiError } from './errors.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Visible ASCII (no spaces or control characters), as a client-made UUID or token is. */
const VALID_KEY = /^[\x21-\x7e]{1,200}$/;

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Sign-in, sign-out and the password routes need an answer now; the client never queues them. */
const NOT_STORED = new Set(
  [paths.login, paths.logout, paths.forgetPassword, paths.resetPassword].map((path) => `${API_BASE}${path}`),
);

/**
 * A claim without an answer this old belongs to a request that died (the process was killed);
 * the next request with the key takes it over. Far longer than any write runs, so a request still
 * running is never run a second time beside itself.
 */
export const ABANDONED_CLAIM = sql`now() - interval '10 minutes'`;

/** Seconds the client should wait before sending a change again that is still being processed. */
const RETRY_AFTER_SECONDS = '5';

type Request = { userId: string; key: string; method: string; path: string };

type Claim =
  | { kind: 'claimed' }
  | { kind: 'answered'; status: number; body: unknown }
  | { kind: 'running' }
  | { kind: 'other-request' };

const sameKey = (request: Request) =>
  and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key));

/**
 * Claims the key for this request, or says why not. The INSERT is the claim: of two requests
 * with the same key only one inserts the row, whatever the timing.
 */
async function claim(db: Database, request: Request): Promise<Claim> {
  // A row released (5xx) between our INSERT and SELECT is gone: claim again; a few tries are plenty.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...request, statusCode: null, response: null })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' };

    const [row] = await db.select().from(idempotencyKeys).where(sameKey(request));
    if (!row) continue;
    if (row.method !== request.method || row.path !== request.path) return { kind: 'other-request' };
    if (row.statusCode !== null) return { kind: 'answered', status: row.statusCode, body: row.response };
    // Only one request can move created_at of the abandoned claim, so only one takes it over.
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          sameKey(request),
          isNull(idempotencyKeys.statusCode),
          lt(idempotencyKeys.createdAt, ABANDONED_CLAIM),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0 ? { kind: 'claimed' } : { kind: 'running' };
  }
  return { kind: 'running' };
}

/** Gives the key back, so the client's retry runs the handler again. */
async function release(db: Database, request: Request) {
  await db.delete(idempotencyKeys).where(and(sameKey(request), isNull(idempotencyKeys.statusCode)));
}

const failed = (what: string, request: Request) =>
  `${what} ${request.method} ${request.path} by Idempotency-Key failed:`;

/** The handler's answer as stored: its status and JSON body, or undefined when it must not be kept. */
async function storable(c: Context<AppEnv>): Promise<{ status: number; body: unknown } | undefined> {
  const { status } = c.res;
  if (!((status >= 200 && status < 300) || (status >= 400 && status < 500))) return undefined;
  // Every API answer is JSON (c.json, handleError); one that is not could not be replayed as it was.
  if (!c.res.headers.get('content-type')?.includes('application/json')) return undefined;
  try {
    return { status, body: await c.res.clone().json() };
  } catch {
    return undefined;
  }
}

/**
 * Answers each write once per Idempotency-Key and signed-in user: the service worker may send a
 * queued change again (it was killed while waiting for the answer) and the repeat must get the
 * first answer and write nothing. Mounted on /api/v1 ahead of the routers; it resolves the
 * caller itself, and a write without a valid session goes on to its route's own 401.
 *
 * 1. The key is claimed by inserting its row with no answer (status_code null).
 * 2. A repeat finds the row: it gets the stored answer with `Idempotent-Replayed: true`, or 409
 *    while the first request is still running, or 422 when the key came with another method or path.
 * 3. The claimant runs the handler and stores its status and JSON body when it is 2xx or 4xx; a 5xx
 *    or a thrown error releases the key, so the retry runs the handler again.
 *
 * The handler's own writes and the storing of its answer are two commits, not one. If the process
 * dies between them, the row stays without an answer: repeats get 409 until the claim counts as
 * abandoned (ABANDONED_CLAIM), then the next repeat runs the handler again. That is the one window
 * in which a change can be applied twice, and it is accepted: an update carrying `version` (member
 * and training edits) is then answered 409 with the current record by the stale-version check, a
 * member create 409 for the duplicate email, a removal 404 as the members are no longer in the
 * team, an import reports its rows as existing, and setting the default team sets the same team
 * again. Only a training create, a reassign and the resend routes would act again (a second
 * training, the mails again). Closing the window would mean storing the answer inside every
 * handler's transaction; a crash in those few milliseconds is rare enough not to.
 */
export function idempotency({ db, logger }: Pick<AppDeps, 'db' | 'logger'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !WRITES.has(c.req.method) || NOT_STORED.has(c.req.path)) return next();
    if (!VALID_KEY.test(key)) throw new ApiError(400, messages.idempotencyKeyInvalid);
    const caller = await resolveCaller(db, c.req.header('Authorization'));
    if (caller instanceof ApiError) return next();

    const request: Request = { userId: caller.userId, key, method: c.req.method, path: c.req.path };
    const outcome = await claim(db, request);
    switch (outcome.kind) {
      case 'other-request':
        throw new ApiError(422, messages.idempotencyKeyReused);
      case 'running':
        c.header('Retry-After', RETRY_AFTER_SECONDS);
        return c.json({ message: messages.idempotencyKeyInProgress } satisfies ApiErrorBody, 409);
      case 'answered':
        c.header(REPLAYED_HEADER, 'true');
        return c.json(outcome.body, outcome.status as ContentfulStatusCode);
    }

    try {
      await next();
    } catch (error) {
      // Only where no onError turns the error into an answer first (the app's own does).
      await release(db, request).catch((releaseError) =>
        logger.error(failed('Releasing', request), releaseError),
      );
      throw error;
    }
    const answer = await storable(c);
    try {
      if (!answer) {
        await release(db, request);
        return;
      }
      await db
        .update(idempotencyKeys)
        .set({ statusCode: answer.status, response: answer.body })
        .where(sameKey(request));
    } catch (error) {
      // The handler's answer is on the way; failing the request now would only have the client send
      // it again. The claim stays without an answer, as after a crash (see above).
      logger.error(failed(answer ? 'Storing the answer of' : 'Releasing', request), error);
    }
  });
}
