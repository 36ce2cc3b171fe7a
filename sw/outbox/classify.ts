/**
 * What the outbox does with the answer to a replayed change (DESIGN.md, 'Offline design', step 3).
 * - done: the server took it, or refused it only because its work is counted already (a 409 whose
 *   body carries `code: 'alreadyCounted'`, contract/already-counted.ts): remove the entry and hand
 *   the answer to the page.
 * - pause: the session is gone (401); hold the whole queue until the user signs in again.
 * - failed: the server refused this change (409 conflict, 422 invalid, or another 4xx that a retry
 *   cannot fix); keep it for the user to edit, retry or discard.
 * - retry: the server or the network may do better later (5xx, 408, 429, no answer); keep it and
 *   try again with backoff.
 */
export type Outcome = 'done' | 'pause' | 'failed' | 'retry';

/**
 * `null` means no answer at all (offline, connection refused, aborted). `retryAfter`: the answer
 * carried a Retry-After header. A 409 with one is the idempotency store saying the first send of this
 * change is still being processed (a worker that stopped mid-flight sent it again meanwhile): the
 * repeat is tried again later and then gets the first answer; it is not a refusal.
 */
export function classifyAnswer(status: number | null, retryAfter = false, alreadyCounted = false): Outcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'done';
  if (status === 409 && alreadyCounted) return 'done';
  if (status === 401) return 'pause';
  if (status === 409 && retryAfter) return 'retry';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}
