/** The top bar's one badge for the outbox: what it says, on a desktop and on a phone, and its name. */
export type OutboxBadge = {
  /** '2 pending · 1 failed'; a count of zero is left out. */
  text: string;
  /** The counts alone, each shown beside its own icon on a phone. */
  counts: { kind: 'pending' | 'failed'; count: number }[];
  /** Accessible name, the same on every screen: 'Offline changes: 2 pending · 1 failed'. */
  label: string;
  /** Red once something was refused, else yellow. */
  color: 'red' | 'yellow';
};

export function outboxBadge(pending: number, failed: number): OutboxBadge | null {
  const counts = [
    { kind: 'pending' as const, count: pending },
    { kind: 'failed' as const, count: failed },
  ].filter((part) => part.count > 0);
  if (counts.length === 0) return null;
  const text = counts.map((part) => `${part.count} ${part.kind}`).join(' · ');
  return { text, counts, label: `Offline changes: ${text}`, color: failed > 0 ? 'red' : 'yellow' };
}

export const REVIEW_CHANGES = 'Open offline changes';

/** The toast raised when the server refuses changes the worker replayed. */
export function failedSyncMessage(count: number): string {
  return count === 1
    ? 'A change could not be sent: the server refused it.'
    : `${count} changes could not be sent: the server refused them.`;
}

/**
 * The refused changes not announced yet, and the announced set to keep: a change that leaves the
 * failed state (retried, edited, discarded) is forgotten, so failing again is announced again.
 */
export function newlyFailed(
  entries: readonly { seq: number; status: string }[],
  announced: ReadonlySet<number>,
): { fresh: number[]; announced: Set<number> } {
  const failed = entries.filter((entry) => entry.status === 'failed').map((entry) => entry.seq);
  return { fresh: failed.filter((seq) => !announced.has(seq)), announced: new Set(failed) };
}
