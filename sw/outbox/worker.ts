/// <reference lib="webworker" />
import { get as idbGet, createStore as idbStore } from 'idb-keyval';
import {
  canEdit,
  OUTBOX_CHANNEL,
  OUTBOX_HEADERS,
  type OutboxBroadcast,
  type OutboxCommand,
  type OutboxSummary,
} from './protocol.ts';
import {
  createdId,
  type DrainResult,
  drain,
  mapClientId,
  nextEntry,
  type ReplayDeps,
  refersTo,
  rewriteEntry,
  sendEntry,
} from './replay.ts';
import { decodeHeader, isQueuedWrite, parseInvalidate, queuedAnswer } from './requests.ts';
import {
  addEntry,
  claimEntry,
  clearBackoff,
  deleteEntry,
  getEntry,
  listEntries,
  type OutboxEntry,
  putEntry,
} from './store.ts';

declare const self: ServiceWorkerGlobalScope;

/** The page's local store (src/lib/local-store.ts): the token is read from it at send time. */
const tokenStore = idbStore('TheBlueCollarSuccess', 'blue_collar_store');

const channel = new BroadcastChannel(OUTBOX_CHANNEL);
let paused = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** One sender at a time: every send, direct or replayed, runs on this chain. All tabs share this worker. */
let chain: Promise<unknown> = Promise.resolve();
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const run = chain.then(work, work);
  chain = run.catch(() => undefined);
  return run;
}

function summary(entry: OutboxEntry): OutboxSummary {
  const { seq, method, url, action, target, createdAt, status, attempts, lastError, lastStatus, clientId } =
    entry;
  return { seq, method, url, action, target, createdAt, status, attempts, lastError, lastStatus, clientId };
}

function broadcast(message: OutboxBroadcast) {
  channel.postMessage(message);
}

async function broadcastEntries() {
  broadcast({ type: 'outbox:entries', entries: (await listEntries()).map(summary), paused });
}

/** How long changes to the outbox are gathered into one report to the pages while a queue drains. */
const REPORT_MS = 100;
let reportTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Tells the pages of the outbox's entries a moment from now, once for everything that changed in
 * between: reading the whole outbox and redrawing the pages for every entry answered would make
 * replaying a long queue slow in proportion to its length squared.
 */
function reportEntries() {
  if (reportTimer !== undefined) return;
  reportTimer = setTimeout(() => {
    reportTimer = undefined;
    void broadcastEntries();
  }, REPORT_MS);
}

/**
 * Offline creates answered in this worker's life: client id to server id. A change to the new record
 * stored a moment after its create was answered (the page did not know the server id yet) missed the
 * rewrite of the waiting changes; it is rewritten as it is claimed for sending.
 */
const answeredCreates = new Map<string, string>();
const ANSWERED_KEPT = 1000;

function withServerIds(entry: OutboxEntry): OutboxEntry {
  let mapped = entry;
  for (const [clientId, serverId] of answeredCreates)
    if (refersTo(mapped, clientId)) mapped = rewriteEntry(mapped, clientId, serverId);
  return mapped;
}

const deps: ReplayDeps = {
  list: listEntries,
  claim: (seq) => claimEntry(seq, withServerIds),
  mapped: (clientId, serverId) => {
    answeredCreates.set(clientId, serverId);
    if (answeredCreates.size > ANSWERED_KEPT)
      answeredCreates.delete(answeredCreates.keys().next().value as string);
  },
  put: (entry) => putEntry(entry, 'relaxed'),
  remove: (seq) => deleteEntry(seq, 'relaxed'),
  readToken: async () => (await idbGet<string>('token', tokenStore)) ?? null,
  send: (request) => fetch(request),
  now: () => Date.now(),
  origin: self.location.origin,
  notify: (event) => {
    if (event.type === 'sent') {
      broadcast({
        type: 'outbox:sent',
        method: event.entry.method,
        url: event.entry.url,
        status: event.status,
        body: event.body,
        clientId: event.entry.clientId,
        invalidate: event.entry.invalidate,
      });
    }
    if (event.type === 'paused') paused = true;
    if (event.type === 'drained') broadcast({ type: 'outbox:drained' });
    reportEntries();
  },
};

function schedule(result: DrainResult) {
  clearTimeout(retryTimer);
  if (result.state === 'waiting') retryTimer = setTimeout(() => void replay(), result.retryInMs);
}

/** Replays the queue unless the session has ended; safe to call from any trigger, any number of times. */
export function replay(): Promise<void> {
  if (paused) return Promise.resolve();
  return exclusive(async () => schedule(await drain(deps))).catch((error: unknown) =>
    console.error('Outbox replay failed', error),
  );
}

/**
 * A write from a page: stored (and committed) before anything is sent. When it is next in line it is
 * sent at once and the page gets the real answer; otherwise, or when the network or server fails,
 * the page gets 202 `{ queued: true }` and the queue sends it later.
 */
async function handleWrite(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const entry = await addEntry({
    key: crypto.randomUUID(),
    method: request.method,
    url: url.pathname + url.search,
    contentType: request.headers.get('Content-Type'),
    body: request.body ? await request.arrayBuffer() : null,
    createdAt: Date.now(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    lastStatus: null,
    action: decodeHeader(request, OUTBOX_HEADERS.action) || `${request.method} ${url.pathname}`,
    target: decodeHeader(request, OUTBOX_HEADERS.target),
    clientId: request.headers.get(OUTBOX_HEADERS.clientId),
    invalidate: parseInvalidate(request),
  });
  reportEntries();
  if (paused) return queuedAnswer(entry);

  const answer = await exclusive(async () => {
    if (nextEntry(await listEntries())?.seq !== entry.seq) return null;
    return sendEntry(entry, deps);
  });
  if (!answer) {
    void replay();
    return queuedAnswer(entry);
  }
  if (answer.outcome === 'retry' || !answer.response) {
    void replay();
    return queuedAnswer(entry);
  }
  // A change refused while its form is still open is the form's to show (messages under the fields),
  // so it does not also stay in the outbox; refusals of replayed changes stay there as failed.
  if (answer.outcome === 'failed') {
    await deleteEntry(entry.seq);
    reportEntries();
  }
  if (answer.outcome === 'done') {
    // Changes made to an offline create while it was in flight are rewritten to the server's id.
    const serverId = createdId(answer.body);
    if (entry.clientId && serverId?.length === entry.clientId.length)
      await mapClientId(entry.clientId, serverId, deps);
    void replay();
  }
  // Done, refused or signed out (401 pauses the queue and keeps the entry): the page sees the real answer.
  return answer.response;
}

export function onFetch(event: FetchEvent) {
  if (isQueuedWrite(event.request)) event.respondWith(handleWrite(event.request));
}

/**
 * A page may hear that the connection is back a moment before the worker's own network does (the
 * worker gets no 'online' event): a send then would fail and push the queue's next try seconds away.
 * Waits until the worker sees the network too, a few seconds at most.
 */
async function workerOnline(limitMs = 5000) {
  const started = Date.now();
  while (!self.navigator.onLine && Date.now() - started < limitMs)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

async function onCommand(command: OutboxCommand) {
  switch (command.type) {
    case 'outbox:resume':
      paused = false;
      break;
    case 'outbox:online':
      // The connection is back: what waits for its backoff goes now instead of after the last delay.
      await workerOnline();
      await clearBackoff();
      break;
    case 'outbox:retry':
    case 'outbox:edit': {
      const entry = await getEntry(command.seq);
      if (!entry) break;
      // A sent change whose answer never came may have been applied: its body stays as the server
      // may have seen it, so the repeat gets the first answer. Only a refused or unsent one is edited.
      if (command.type === 'outbox:edit' && !canEdit(entry)) break;
      const edited =
        command.type === 'outbox:edit' ? { body: command.body, contentType: command.contentType } : {};
      // The server keeps its answer per Idempotency-Key, refusals too: a refused change sent again
      // (corrected, or as it was once the conflict is gone) is a new request under a new key.
      // A refusal wrote nothing, so nothing can be applied twice.
      const key = entry.status === 'failed' ? crypto.randomUUID() : entry.key;
      await putEntry({ ...entry, ...edited, key, status: 'pending', nextAttemptAt: 0, lastError: null });
      break;
    }
    case 'outbox:discard':
      await deleteEntry(command.seq);
      break;
    default:
      break;
  }
  await broadcastEntries();
  await replay();
}

export function installOutbox() {
  self.addEventListener('fetch', onFetch);
  self.addEventListener('message', (event) => {
    const command = event.data as OutboxCommand | undefined;
    if (typeof command?.type === 'string' && command.type.startsWith('outbox:'))
      event.waitUntil(onCommand(command));
  });
  // Background Sync where the browser has it; pages also report 'online' and tick while open.
  self.addEventListener('sync', (event) => {
    const sync = event as Event & { tag: string; waitUntil: (promise: Promise<unknown>) => void };
    if (sync.tag === OUTBOX_CHANNEL) sync.waitUntil(replay());
  });
  // Entries left 'sending' by a worker that stopped mid-flight are sent again: the server's
  // idempotency store answers a repeat without writing twice.
  void replay();
}
