/** Retry delays of the outbox: exponential from 1 s, capped at 5 minutes, with up to 20% jitter so many
 * devices coming back online at once do not retry in step. `random` is injectable for tests. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60 * 1000;

export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exponent, BACKOFF_MAX_MS);
  return Math.round(base * (1 - 0.2 * random()));
}
