import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { API_BASE, paths } from '../../contract/paths.ts';
import { resolveCaller } from '../auth/require-auth.ts';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import type { AppDeps, AppEnv } from './app-env.ts';
import { ApiError } from './errors.ts';
import { hashRequest } from './request-hash.ts';

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
 * How long a claim counts as running without word from its claimant. While its handler runs, the
 * claimant moves the end on every third of this, so a running claim never lapses, and the claim of
 * a request that died lapses at most this long after it died.
 */
export const CLAIM_LEASE_MS = 15_000;

type Request = { userId: string; key: string; method: string; path: string; requestHash: string };

type Claim =
  | { kind: 'claimed'; claimId: string }
  | { kind: 'answered'; status: number; body: unknown }
  | { kind: 'running'; retryAfterSeconds: number }
  | { kind: 'other-request' };

const sameKey = (request: Request) =>
  and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key));

/** The row while it is still the given claim of the key (not released, nor taken over since). */
const ownClaim = (request: Request, claimId: string) =>
  and(sameKey(request), eq(idempotencyKeys.claimId, claimId), isNull(idempotencyKeys.statusCode));

/** The end of a lease starting now, in the database's clock, which every process shares. */
const leaseEnd = (leaseMs: number) => sql`now() + ${Math.ceil(leaseMs)}::integer * interval '1 millisecond'`;

/** Seconds the claim has left; 0 when it has ended (or, made before leases, has none). */
const leaseLeft = sql<number>`greatest(0, coalesce(extract(epoch from ${idempotencyKeys.leaseEndsAt} - now()), 0))`;

/**
 * Claims the key for this request, or says why not. The INSERT is the claim: of two requests
 * with the same key only one inserts the row, whatever the timing. A claim whose lease has ended
 * is taken over by an UPDATE that only one request can make.
 */
async function claim(db: Database, request: Request, leaseMs: number): Promise<Claim> {
  // A row released (5xx) or taken over between our statements: look again; a few tries are plenty.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimId = randomUUID();
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...request, claimId, leaseEndsAt: leaseEnd(leaseMs), statusCode: null, response: null })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed', claimId };

    const [row] = await db
      .select({
        method: idempotencyKeys.method,
        path: idempotencyKeys.path,
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
        leaseLeft: leaseLeft.mapWith(Number),
      })
      .from(idempotencyKeys)
      .where(sameKey(request));
    if (!row) continue;
    // A row stored before requests were hashed has no hash; its method and path must do.
    const otherBody = row.requestHash !== null && row.requestHash !== request.requestHash;
    if (row.method !== request.method || row.path !== request.path || otherBody) {
      return { kind: 'other-request' };
    }
    if (row.statusCode !== null) return { kind: 'answered', status: row.statusCode, body: row.response };
    if (row.leaseLeft > 0) return { kind: 'running', retryAfterSeconds: Math.ceil(row.leaseLeft) };
    const taken = await db
      .update(idempotencyKeys)
      .set({
        claimId,
        leaseEndsAt: leaseEnd(leaseMs),
        requestHash: request.requestHash,
        createdAt: sql`now()`,
      })
      .where(
        and(
          sameKey(request),
          isNull(idempotencyKeys.statusCode),
          or(isNull(idempotencyKeys.leaseEndsAt), lte(idempotencyKeys.leaseEndsAt, sql`now()`)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { kind: 'claimed', claimId };
  }
  return { kind: 'running', retryAfterSeconds: 1 };
}

/**
 * Moves the claim's lease on every third of its length until the returned function is called, so
 * a handler that runs longer than the lease (a large import) is never taken over while it runs.
 */
function keepClaim(
  { db, logger }: Pick<AppDeps, 'db' | 'logger'>,
  request: Request,
  claimId: string,
  leaseMs: number,
): () => void {
  const timer = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ leaseEndsAt: leaseEnd(leaseMs) })
      .where(ownClaim(request, claimId))
      .catch((error) => logger.error(failed('Extending the claim of', request), error));
  }, leaseMs / 3);
  return () => clearInterval(timer);
}

/** Gives the key back, so the client's retry runs the handler again. */
async function release(db: Database, request: Request, claimId: string) {
  await db.delete(idempotencyKeys).where(ownClaim(request, claimId));
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

export type IdempotencyOptions = Pick<AppDeps, 'db' | 'logger'> & {
  /** Length of a claim's lease; CLAIM_LEASE_MS unless a test needs claims to end sooner. */
  leaseMs?: number;
  /**
   * Writes whose bodies stream large files (lesson activities): their key binds to method, path,
   * query, media type and Content-Length, never to the bytes, which are not read ahead of the route.
   * Called with the request's Content-Type.
   */
  bodyUnread?: (method: string, path: string, contentType?: string) => boolean;
};

/**
 * Answers each write once per Idempotency-Key and signed-in user: the service worker may send a
 * queued change again (it was killed while waiting for the answer) and the repeat must get the
 * first answer and write nothing. Mounted on /api/v1 ahead of the routers; it resolves the
 * caller itself, and a write without a valid session goes on to its route's own 401.
 *
 * 1. The key is bound to the request it came with: its method and path, and a SHA-256 of method,
 *    path with query, media type and body (a multipart form by its parsed parts, so another
 *    boundary is the same form). The body is read from a clone; the route reads its own.
 * 2. The key is claimed by inserting its row with no answer (status_code null) and a lease that
 *    ends CLAIM_LEASE_MS later in the database's clock. While the handler runs, the claimant moves
 *    the lease on every third of that, so however long the handler takes, its claim stays live.
 * 3. A repeat finds the row: it gets the stored answer with `Idempotent-Replayed: true`; or 409 with
 *    `Retry-After` (the whole seconds left of the lease) while the claim is live; or 422 when the key
 *    came with another method, path, query or body, doing nothing. A claim whose lease has ended
 *    belongs to a request that died (the process was killed): the repeat takes it over, only one
 *    repeat can, and runs the handler.
 * 4. The claimant runs the handler and stores its status and JSON body when it is 2xx or 4xx; a 5xx
 *    or a thrown error releases the key, so the retry runs the handler again. Each claim carries an
 *    id of its own, so a claimant only ever moves on, stores or releases its own claim.
 *
 * The handler's own writes and the storing of its answer are two commits, not one. If the process
 * dies between them, the row stays without an answer and its lease is no longer moved on: repeats
 * get 409 for the rest of the lease (at most CLAIM_LEASE_MS), then the next repeat runs the handler
 * again. That is the one window in which a change can be applied twice, and it is accepted: an
 * update carrying `version` (member and training edits) is then answered 409 with the current record
 * by the stale-version check, a member create 409 for the duplicate email, a removal 404 as the
 * members are no longer in the team, an import reports its rows as existing, and setting the default
 * team sets the same team again. Only a training create, a reassign and the resend routes would act
 * again (a second training, the mails again). Closing the window would mean storing the answer
 * inside every handler's transaction; a crash in those few milliseconds is rare enough not to.
 * A claimant that lives but cannot move its lease on for a whole lease (its database connection or
 * its event loop stalled that long) loses the claim the same way; its own answer is then not stored.
 */
export function idempotency({ db, logger, leaseMs = CLAIM_LEASE_MS, bodyUnread }: IdempotencyOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !WRITES.has(c.req.method) || NOT_STORED.has(c.req.path)) return next();
    if (!VALID_KEY.test(key)) throw new ApiError(400, messages.idempotencyKeyInvalid);
    const caller = await resolveCaller(db, c.req.header('Authorization'));
    if (caller instanceof ApiError) return next();

    const request: Request = {
      userId: caller.userId,
      key,
      method: c.req.method,
      path: c.req.path,
      requestHash: await hashRequest(
        c.req.raw,
        bodyUnread?.(c.req.method, c.req.path, c.req.header('content-type')),
      ),
    };
    const outcome = await claim(db, request, leaseMs);
    switch (outcome.kind) {
      case 'other-request':
        throw new ApiError(422, messages.idempotencyKeyReused);
      case 'running':
        c.header('Retry-After', String(Math.max(1, outcome.retryAfterSeconds)));
        return c.json({ message: messages.idempotencyKeyInProgress } satisfies ApiErrorBody, 409);
      case 'answered':
        c.header(REPLAYED_HEADER, 'true');
        return c.json(outcome.body, outcome.status as ContentfulStatusCode);
    }

    const { claimId } = outcome;
    const stopKeeping = keepClaim({ db, logger }, request, claimId, leaseMs);
    try {
      try {
        await next();
      } catch (error) {
        // Only where no onError turns the error into an answer first (the app's own does).
        await release(db, request, claimId).catch((releaseError) =>
          logger.error(failed('Releasing', request), releaseError),
        );
        throw error;
      }
      const answer = await storable(c);
      try {
        if (!answer) {
          await release(db, request, claimId);
          return;
        }
        const stored = await db
          .update(idempotencyKeys)
          .set({ statusCode: answer.status, response: answer.body })
          .where(ownClaim(request, claimId))
          .returning({ key: idempotencyKeys.key });
        if (stored.length === 0) {
          logger.warn(`${request.method} ${request.path} ran past the lease of its Idempotency-Key`);
        }
      } catch (error) {
        // The handler's answer is on the way; failing the request now would only have the client send
        // it again. The claim stays without an answer, as after a crash (see above).
        logger.error(failed(answer ? 'Storing the answer of' : 'Releasing', request), error);
      }
    } finally {
      stopKeeping();
    }
  });
}
