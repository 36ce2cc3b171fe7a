/**
 * Messages between pages and the service worker about the outbox. Pages post commands to the worker
 * (navigator.serviceWorker.controller.postMessage); the worker tells every open page what changed on
 * the broadcast channel.
 */
export const OUTBOX_CHANNEL = 'training-admin-outbox';

/** Request headers a page may set on a write, read by the worker and never sent to the server. */
export const OUTBOX_HEADERS = {
  /** What the change is, for the outbox panel ('Edit member'). URI-encoded. */
  action: 'X-Outbox-Action',
  /** What it changes ('Jane Doe'). URI-encoded. */
  target: 'X-Outbox-Target',
  /** A create made offline: the id the page uses for the new record until the server names it. */
  clientId: 'X-Client-Id',
  /** JSON list of query-key prefixes the page refetches once the change is answered. */
  invalidate: 'X-Outbox-Invalidate',
} as const;

export type OutboxCommand =
  | { type: 'outbox:online' }
  | { type: 'outbox:tick' }
  | { type: 'outbox:resume' }
  | { type: 'outbox:retry'; seq: number }
  | { type: 'outbox:discard'; seq: number }
  | { type: 'outbox:edit'; seq: number; body: ArrayBuffer; contentType: string | null }
  | { type: 'outbox:list' };

export type OutboxSummary = {
  seq: number;
  method: string;
  url: string;
  action: string;
  target: string;
  createdAt: number;
  status: 'pending' | 'sending' | 'failed';
  attempts: number;
  lastError: string | null;
  lastStatus: number | null;
  clientId: string | null;
};

export type OutboxBroadcast =
  | { type: 'outbox:entries'; entries: OutboxSummary[]; paused: boolean }
  | {
      type: 'outbox:sent';
      method: string;
      url: string;
      status: number;
      body: unknown;
      clientId: string | null;
      invalidate: unknown[][];
    }
  | { type: 'outbox:drained' };

/** The answer a page gets for a change that is kept for later. */
export type QueuedAnswer = { queued: true; message: string; clientId: string | null };
export const QUEUED_MESSAGE = 'Saved offline. It will be sent when the connection is back.';

/** Whether a change may still be edited: refused by the server, or never sent. A change sent without
 * an answer may have been applied, and must go again as it was. */
export function canEdit(entry: Pick<OutboxSummary, 'status' | 'attempts'>): boolean {
  return entry.status === 'failed' || (entry.status === 'pending' && entry.attempts === 0);
}
