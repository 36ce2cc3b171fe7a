import { backoffDelay } from './backoff.ts';
import { classifyAnswer } from './classify.ts';
import type { OutboxEntry } from './store.ts';

/** What the replayer needs from the world, injected so the logic runs in unit tests without a browser. */
export type ReplayDeps = {
  list: () => Promise<OutboxEntry[]>;
  put: (entry: OutboxEntry) => Promise<void>;
  remove: (seq: number) => Promise<void>;
  /** The current access token, read at send time (never the one there was when the change was made). */
  readToken: () => Promise<string | null>;
  send: (request: Request) => Promise<Response>;
  now: () => number;
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
  outcome: 'done' | 'failed' | 'retry' | 'pause';
  response: Response | null;
  body?: unknown;
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
  if (entry.contentType) headers.set('Content-Type', entry.contentType);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return new Request(new URL(entry.url, origin), { method: entry.method, headers, body: entry.body });
}

/**
 * Sends one entry and records what became of it. The entry is marked 'sending' (and counted as an
 * attempt) before the request goes out, so a worker that dies mid-flight sends it again on restart;
 * the server's idempotency store answers that repeat without writing twice.
 */
export async function sendEntry(entry: OutboxEntry, deps: ReplayDeps): Promise<Sent> {
  const sending: OutboxEntry = { ...entry, status: 'sending', attempts: entry.attempts + 1 };
  await deps.put(sending);
  let response: Response | null = null;
  try {
    response = await deps.send(buildRequest(sending, await deps.readToken(), deps.origin));
  } catch {
    response = null;
  }
  const outcome = classifyAnswer(response?.status ?? null);
  if (outcome === 'done' && response) {
    await deps.remove(entry.seq);
    const { body } = await messageOf(response);
    deps.notify({ type: 'sent', entry: sending, status: response.status, body });
    return { outcome, response, body };
  }
  if (outcome === 'pause') {
    // The session ended: keep the entry as it was, and hold the queue until the user signs in again.
    await deps.put({ ...entry, status: 'pending', lastStatus: 401 });
    deps.notify({ type: 'paused' });
    return { outcome, response };
  }
  const { message } = response ? await messageOf(response) : { message: 'No connection to the server.' };
  if (outcome === 'failed') {
    const failed: OutboxEntry = {
      ...sending,
      status: 'failed',
      lastError: message,
      lastStatus: response?.status ?? null,
    };
    await deps.put(failed);
    deps.notify({ type: 'failed', entry: failed });
    return { outcome, response };
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
  return { outcome, response };
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

/** Once an offline create is answered, later changes to it are rewritten to the id the server gave it. */
export async function mapClientId(clientId: string, serverId: string, deps: ReplayDeps): Promise<void> {
  if (clientId.length !== serverId.length) throw new Error('Client and server ids must be UUIDs.');
  for (const entry of await deps.list()) {
    if (!refersTo(entry, clientId)) continue;
    await deps.put({
      ...entry,
      url: entry.url.replaceAll(clientId, serverId),
      body: entry.body ? replaceBytes(entry.body, clientId, serverId) : null,
    });
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
 */
export async function drain(deps: ReplayDeps): Promise<DrainResult> {
  for (;;) {
    const entry = nextEntry(await deps.list());
    if (!entry) {
      deps.notify({ type: 'drained' });
      return { state: 'drained' };
    }
    const wait = entry.nextAttemptAt - deps.now();
    if (wait > 0) return { state: 'waiting', retryInMs: wait };
    const { outcome, body } = await sendEntry(entry, deps);
    if (outcome === 'pause') return { state: 'paused' };
    if (outcome === 'retry') {
      const retried = (await deps.list()).find((candidate) => candidate.seq === entry.seq);
      return {
        state: 'waiting',
        retryInMs: Math.max(0, (retried?.nextAttemptAt ?? deps.now()) - deps.now()),
      };
    }
    if (outcome === 'done' && entry.clientId) {
      const serverId = createdId(body);
      if (serverId) await mapClientId(entry.clientId, serverId, deps);
    }
  }
}
