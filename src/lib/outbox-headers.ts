import { OUTBOX_HEADERS, type OutboxSummary } from '../../sw/outbox/protocol.ts';

/** What a write tells the outbox about itself: shown in the outbox panel and refetched once answered. */
export type OutboxMeta = {
  action: string;
  target: string;
  invalidate?: readonly (readonly unknown[])[];
  clientId?: string;
};

/** The X-Outbox-* request headers of a write; the worker reads them and never sends them on. */
export function outboxHeaders(meta: OutboxMeta): Record<string, string> {
  const headers: Record<string, string> = {
    [OUTBOX_HEADERS.action]: encodeURIComponent(meta.action),
    [OUTBOX_HEADERS.target]: encodeURIComponent(meta.target),
  };
  if (meta.invalidate && meta.invalidate.length > 0)
    headers[OUTBOX_HEADERS.invalidate] = JSON.stringify(meta.invalidate);
  if (meta.clientId) headers[OUTBOX_HEADERS.clientId] = meta.clientId;
  return headers;
}

/** The worker's 202 answer for a change kept for later. */
export function isQueuedAnswer(
  status: number,
  body: unknown,
): body is { queued: true; message: string; clientId: string | null } {
  return (
    status === 202 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { queued?: unknown }).queued === true &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/** Whether an outbox entry changes the record `id` (a member, a training) or creates it offline. */
export function entryTouches(entry: Pick<OutboxSummary, 'url' | 'clientId'>, id: string): boolean {
  if (id === '') return false;
  if (entry.clientId === id) return true;
  const path = entry.url.split('?')[0] ?? '';
  return path.split('/').includes(id) || entry.url.includes(`=${id}`);
}

/** 'just now', '2 minutes ago', '3 hours ago', '1 day ago'. */
export function ageOf(createdAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - createdAt) / 1000));
  if (seconds < 45) return 'just now';
  const units: [number, string][] = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const count = Math.max(1, Math.round(seconds / size));
    if (seconds >= size * 0.75 || name === 'minute') return `${count} ${name}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
