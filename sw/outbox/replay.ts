import { isAlreadyCounted } from '../../contract/already-counted.ts';
import { DEVICE_TIME_HEADER } from '../../contract/learning/device-time.ts';
import { backoffDelay } from './backoff.ts';
import { classifyAnswer } from './classify.ts';
import type { OutboxEntry } from './store.ts';

/** What the replayer needs from the world, injected so the logic runs in unit tests without a browser. */
export type ReplayDeps = {
  list: () => Promise<OutboxEntry[]>;
  /** Marks an entry as being sent and counts the attempt; returns it as stored now, or undefined when
   * it is gone or failed since it was listed. */
  claim: (seq: number) => Promise<OutboxEntry | undefined>;
  put: (entry: OutboxEntry) => Promise<void>;
  remove: (seq: number) => Promise<void>;
  /** The current access token, read at send time (never the one there was when the change was made). */
  readToken: () => Promise<string | null>;
  send: (request: Request) => Promise<Response>;
  now: () => number;
  /** Told when an offline create was answered, before the waiting changes are rewritten. */
  mapped?: (clientId: string, serverId: string) => void;
  /** Told of every change to the outbox and of each answered entry. */
  notify: (event: ReplayEvent) => void;
  origin: string;
};

export type ReplayEvent =
  | { type: 'sent'; entry: OutboxEntry; status: number; body: unknown }
  | { type: 'failed'; entry: OutboxEntry }
  | { type: 'retrying'; entry: OutboxEntry }
  | { type: 'paused' }
  | { type: 'drained' };

export type Sent = {
  /** 'skipped': the entry was discarded or failed since it was listed; nothing was sent. */
  outcome: 'done' | 'failed' | 'retry' | 'pause' | 'skipped';
  response: Response | null;
  body?: unknown;
  /** The entry as it is now stored (absent when it was removed or skipped). */
  entry?: OutboxEntry;
};

/** Reads the server's message for the outbox panel; falls back to the status text. */
async function messageOf(response: Response): Promise<{ message: string; body: unknown }> {
  const text = await response.clone().text();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return { message: typeof body.message === 'string' ? body.message : response.statusText, body };
  } catch {
    return { message: response.statusText || `HTTP ${response.status}`, body: null };
  }
}

export function buildRequest(entry: OutboxEntry, token: string | null, origin: string): Request {
  const headers = new Headers({ 'Idempotency-Key': entry.key, Accept: 'application/json' });
  // When the change was made on the device, however late it is sent: the server dates learner
  // records by it (docs/decisions/019-when-offline-work-happened.md).
  headers.set(DEVICE_TIME_HEADER, new Date(entry.createdAt).toISOString());
  if (entry.contentType) headers.set('Content-Type', entry.contentType);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return new Request(new URL(entry.url, origin), { method: entry.method, headers, body: entry.body });
}

/**
 * An offline create whose work the server had counted already (a quiz attempt started when the
 * course was already completed) will never exist: the changes waiting on it (its answers) carry work
 * counted already too, and are settled as sent with it rather than sent to be refused.
 */
async function settleFollowers(clientId: string, status: number, body: unknown, deps: ReplayDeps) {
  for (const follower of await deps.list()) {
    if (!refersTo(follower, clientId) || follower.status === 'sending') continue;
    await deps.remove(follower.seq);
    deps.notify({ type: 'sent', entry: follower, status, body });
  }
}

/**
 * Sends one entry and records what became of it. The entry is marked 'sending' (and counted as an
 * attempt) before the request goes out, so a worker that dies mid-flight sends it again on restart;
 * the server's idempotency store answers that repeat without writing twice.
 */
export async function sendEntry(listed: OutboxEntry, deps: ReplayDeps): Promise<Sent> {
  const sending = await deps.claim(listed.seq);
  if (!sending) return { outcome: 'skipped', response: null };
  const entry: OutboxEntry = { ...sending, status: listed.status, attempts: sending.attempts - 1 };
  let response: Response | null = null;
  try {
    response = await deps.send(buildRequest(sending, await deps.readToken(), deps.origin));
  } catch {
    response = null;
  }
  const answer = response ? await messageOf(response) : null;
  const counted = response !== null && response.status === 409 && isAlreadyCounted(answer?.body);
  const outcome = classifyAnswer(
    response?.status ?? null,
    response?.headers.has('Retry-After') ?? false,
    counted,
  );
  if (outcome === 'done' && response) {
    await deps.remove(entry.seq);
    const body = answer?.body ?? null;
    deps.notify({ type: 'sent', entry: sending, status: response.status, body });
    if (counted && sending.clientId) await settleFollowers(sending.clientId, response.status, body, deps);
    return { outcome, response, body };
  }
  if (outcome === 'pause') {
    // The session ended: keep the entry as it was, and hold the queue until the user signs in again.
    const paused: OutboxEntry = { ...entry, status: 'pending', lastStatus: 401 };
    await deps.put(paused);
    deps.notify({ type: 'paused' });
    return { outcome, response, entry: paused };
  }
  const message = answer?.message ?? 'No connection to the server.';
  if (outcome === 'failed') {
    const failed: OutboxEntry = {
      ...sending,
      status: 'failed',
      lastError: message,
      lastStatus: response?.status ?? null,
    };
    await deps.put(failed);
    deps.notify({ type: 'failed', entry: failed });
    return { outcome, response, entry: failed };
  }
  const retrying: OutboxEntry = {
    ...sending,
    status: 'pending',
    lastError: message,
    lastStatus: response?.status ?? null,
    nextAttemptAt: deps.now() + backoffDelay(sending.attempts),
  };
  await deps.put(retrying);
  deps.notify({ type: 'retrying', entry: retrying });
  return { outcome, response, entry: retrying };
}

/**
 * The next entry to send, first in first out. Failed entries wait for the user and do not hold up
 * the rest; an entry that refers to something created offline (its client id in the URL or body)
 * waits until that create has gone through.
 */
export function nextEntry(entries: OutboxEntry[]): OutboxEntry | undefined {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const unsentCreates: string[] = [];
  for (const entry of sorted) {
    const waitsForCreate = unsentCreates.some((clientId) => refersTo(entry, clientId));
    if (entry.clientId) unsentCreates.push(entry.clientId);
    if (entry.status === 'failed' || waitsForCreate) continue;
    return entry;
  }
  return undefined;
}

export function refersTo(entry: OutboxEntry, clientId: string): boolean {
  if (entry.clientId === clientId) return false;
  if (entry.url.includes(clientId)) return true;
  return entry.body !== null && new TextDecoder().decode(entry.body).includes(clientId);
}

const encoder = new TextEncoder();

/** Replaces every occurrence of `from` by `to` in `bytes`; both are ASCII ids of one length (UUIDs), so a
 * multipart body with binary parts (a picture) is rewritten without decoding it. */
function replaceBytes(bytes: ArrayBuffer, from: string, to: string): ArrayBuffer {
  const source = encoder.encode(from);
  const target = encoder.encode(to);
  const view = new Uint8Array(bytes.slice(0));
  outer: for (let i = 0; i <= view.length - source.length; i += 1) {
    for (let j = 0; j < source.length; j += 1) if (view[i + j] !== source[j]) continue outer;
    view.set(target, i);
    i += source.length - 1;
  }
  return view.buffer;
}

/** The entry with every mention of `clientId` (URL and body) turned into `serverId`. */
export function rewriteEntry(entry: OutboxEntry, clientId: string, serverId: string): OutboxEntry {
  return {
    ...entry,
    url: entry.url.replaceAll(clientId, serverId),
    body: entry.body ? replaceBytes(entry.body, clientId, serverId) : null,
  };
}

/** Once an offline create is answered, later changes to it are rewritten to the id the server gave it. */
export async function mapClientId(clientId: string, serverId: string, deps: ReplayDeps): Promise<void> {
  if (clientId.length !== serverId.length) throw new Error('Client and server ids must be UUIDs.');
  deps.mapped?.(clientId, serverId);
  for (const entry of await deps.list()) {
    if (!refersTo(entry, clientId)) continue;
    await deps.put(rewriteEntry(entry, clientId, serverId));
  }
}

export function createdId(body: unknown): string | null {
  const results = (body as { results?: { _id?: unknown } } | null)?.results;
  return typeof results?._id === 'string' ? results._id : null;
}

export type DrainResult =
  | { state: 'drained' }
  | { state: 'paused' }
  | { state: 'waiting'; retryInMs: number };

/**
 * Sends entries one at a time, first in first out, until the queue is empty, the session has ended,
 * or the head of the queue must wait for its next attempt. The caller makes sure only one drain runs.
 * The queue is listed once and kept up to date here as entries are answered, rather than read whole
 * again for every entry; each entry is re-read as it is claimed, so an edit or a discard made
 * meanwhile counts, and the queue is listed again before the drain is called done.
 */
export async function drain(deps: ReplayDeps): Promise<DrainResult> {
  let entries = await deps.list();
  let fresh = true;
  for (;;) {
    const entry = nextEntry(entries);
    if (!entry) {
      // Changes stored since the list was read are not in it: look again before calling it drained.
      if (fresh) {
        deps.notify({ type: 'drained' });
        return { state: 'drained' };
      }
      entries = await deps.list();
      fresh = true;
      continue;
    }
    const wait = entry.nextAttemptAt - deps.now();
    if (wait > 0) return { state: 'waiting', retryInMs: wait };
    const sent = await sendEntry(entry, deps);
    fresh = false;
    if (sent.outcome === 'pause') return { state: 'paused' };
    if (sent.outcome === 'retry') {
      return {
        state: 'waiting',
        retryInMs: Math.max(0, (sent.entry?.nextAttemptAt ?? deps.now()) - deps.now()),
      };
    }
    if (sent.outcome === 'skipped') {
      entries = await deps.list();
      fresh = true;
      continue;
    }
    if (sent.outcome === 'failed' && sent.entry) {
      const failed = sent.entry;
      entries = entries.map((candidate) => (candidate.seq === failed.seq ? failed : candidate));
      continue;
    }
    entries = entries.filter((candidate) => candidate.seq !== entry.seq);
    if (entry.clientId) {
      const serverId = createdId(sent.body);
      if (serverId) {
        await mapClientId(entry.clientId, serverId, deps);
        entries = await deps.list();
        fresh = true;
      }
    }
  }
}
