/**
 * Runs `work` when the browser is next idle, or after `timeoutMs` at the latest (at once where
 * there is no requestIdleCallback). Returns what cancels it, for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}
