import { describe, expect, it } from 'vitest';
import { drain, type ReplayDeps, type ReplayEvent, rewriteEntry } from '../../../sw/outbox/replay.ts';
import type { OutboxEntry } from '../../../sw/outbox/store.ts';

const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const SERVER_ID = '22222222-2222-4222-8222-222222222222';

function entry(seq: number, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq,
    key: `key-${seq}`,
    method: 'POST',
    url: `/api/v1/thing/${seq}`,
    contentType: 'application/json',
    body: new TextEncoder().encode(JSON.stringify({ n: seq })).buffer,
    createdAt: 0,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    lastStatus: null,
    action: 'Change',
    target: `thing ${seq}`,
    clientId: null,
    invalidate: [],
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown } | 'offline';

function world(entries: OutboxEntry[], answer: (request: Request) => Answer, token = 'token-1') {
  const store = new Map(entries.map((e) => [e.seq, e]));
  const sent: { method: string; url: string; auth: string | null; key: string | null; body: string }[] = [];
  const events: ReplayEvent[] = [];
  let currentToken: string | null = token;
  const deps: ReplayDeps = {
    list: async () => [...store.values()],
    claim: async (seq) => {
      const stored = store.get(seq);
      if (!stored || stored.status === 'failed') return undefined;
      const sending: OutboxEntry = { ...stored, status: 'sending', attempts: stored.attempts + 1 };
      store.set(seq, sending);
      return sending;
    },
    put: async (e) => void store.set(e.seq, e),
    remove: async (seq) => void store.delete(seq),
    readToken: async () => currentToken,
    send: async (request) => {
      sent.push({
        method: request.method,
        url: new URL(request.url).pathname,
        auth: request.headers.get('Authorization'),
        key: request.headers.get('Idempotency-Key'),
        body: await request.clone().text(),
      });
      const result = answer(request);
      if (result === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(result.body ?? { message: 'ok', results: null }), {
        status: result.status,
        headers: { 'content-type': 'application/json' },
      });
    },
    now: () => 1_000_000,
    notify: (event) => events.push(event),
    origin: 'http://127.0.0.1',
  };
  return { deps, store, sent, events, setToken: (t: string | null) => (currentToken = t) };
}

describe('drain', () => {
  it('sends first in first out with the current token and each entry’s idempotency key', async () => {
    const w = world([entry(2), entry(1), entry(3)], () => ({ status: 200 }));
    w.setToken('fresh-token');
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect(w.sent.map((s) => s.url)).toEqual(['/api/v1/thing/1', '/api/v1/thing/2', '/api/v1/thing/3']);
    expect(w.sent.every((s) => s.auth === 'Bearer fresh-token')).toBe(true);
    expect(w.sent.map((s) => s.key)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(w.store.size).toBe(0);
  });

  it('sends each entry with the time it was made on the device, the same on a replay days later', async () => {
    const made = Date.parse('2026-03-02T09:15:00.000Z');
    const w = world([entry(1, { createdAt: made, attempts: 3 })], () => ({ status: 200 }));
    const times: (string | null)[] = [];
    const send = w.deps.send;
    w.deps.send = (request) => {
      times.push(request.headers.get('Outbox-Created-At'));
      return send(request);
    };
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect(times).toEqual(['2026-03-02T09:15:00.000Z']);
  });

  it('keeps a refused change as failed with the server message and goes on with the rest', async () => {
    const w = world([entry(1), entry(2)], (request) =>
      request.url.endsWith('/1')
        ? {
            status: 422,
            body: { message: 'The given data was invalid.', errors: { email: 'Email is required.' } },
          }
        : { status: 201 },
    );
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect([...w.store.values()]).toMatchObject([
      { seq: 1, status: 'failed', lastStatus: 422, lastError: 'The given data was invalid.', attempts: 1 },
    ]);
    expect(w.sent.map((s) => s.url)).toEqual(['/api/v1/thing/1', '/api/v1/thing/2']);
  });

  it('waits with backoff when the server is down or there is no network, keeping every entry', async () => {
    const w = world([entry(1), entry(2)], () => 'offline');
    const result = await drain(w.deps);
    expect(result.state).toBe('waiting');
    expect(w.sent).toHaveLength(1);
    expect(w.store.get(1)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'No connection to the server.',
    });
    expect(w.store.get(2)).toMatchObject({ status: 'pending', attempts: 0 });

    const down = world([entry(1)], () => ({ status: 503, body: { message: 'Internal Server Error.' } }));
    expect((await drain(down.deps)).state).toBe('waiting');
    expect(down.store.get(1)).toMatchObject({ status: 'pending', lastStatus: 503 });
  });

  it('does not send an entry before its next attempt is due', async () => {
    const w = world([entry(1, { nextAttemptAt: 1_005_000, attempts: 2 })], () => ({ status: 200 }));
    expect(await drain(w.deps)).toEqual({ state: 'waiting', retryInMs: 5000 });
    expect(w.sent).toHaveLength(0);
  });

  it('pauses on 401 and sends with the new token once resumed', async () => {
    let signedIn = false;
    const w = world([entry(1)], () => (signedIn ? { status: 200 } : { status: 401 }));
    expect(await drain(w.deps)).toEqual({ state: 'paused' });
    expect(w.store.get(1)).toMatchObject({ status: 'pending' });
    signedIn = true;
    w.setToken('new-token');
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect(w.sent.at(-1)?.auth).toBe('Bearer new-token');
  });

  it('sends changes to an offline create with the id the server gave it', async () => {
    const create = entry(1, { url: '/api/v1/user-portal/add-user', clientId: CLIENT_ID });
    const edit = entry(2, {
      method: 'PATCH',
      url: `/api/v1/user-portal/user/${CLIENT_ID}`,
      body: new TextEncoder().encode(`{"id":"${CLIENT_ID}"}`).buffer,
    });
    const w = world([create, edit], (request) =>
      request.method === 'POST'
        ? { status: 201, body: { message: 'added', results: { _id: SERVER_ID } } }
        : { status: 200 },
    );
    await drain(w.deps);
    expect(w.sent[1]).toMatchObject({
      url: `/api/v1/user-portal/user/${SERVER_ID}`,
      body: `{"id":"${SERVER_ID}"}`,
    });
  });

  it('holds changes to an offline create while that create is refused', async () => {
    const create = entry(1, { url: '/api/v1/user-portal/add-user', clientId: CLIENT_ID });
    const edit = entry(2, { method: 'PATCH', url: `/api/v1/user-portal/user/${CLIENT_ID}` });
    const other = entry(3);
    const w = world([create, edit, other], (request) =>
      request.method === 'POST' && request.url.includes('add-user') ? { status: 409 } : { status: 200 },
    );
    await drain(w.deps);
    expect(w.sent.map((s) => s.url)).toEqual(['/api/v1/user-portal/add-user', '/api/v1/thing/3']);
    expect(w.store.get(2)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('settles a change refused only because its work is counted already as sent, with the answers waiting on it', async () => {
    const start = entry(1, { url: '/api/v1/user-portal/quiz/q/attempt', clientId: CLIENT_ID });
    const submit = entry(2, { url: `/api/v1/user-portal/quiz/q/attempt/${CLIENT_ID}/submit` });
    const other = entry(3);
    const counted = { message: 'You have completed this course.', code: 'alreadyCounted' };
    const w = world([start, submit, other], (request) =>
      request.url.endsWith('/attempt') ? { status: 409, body: counted } : { status: 200 },
    );
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect(w.store.size).toBe(0);
    expect(w.sent.map((s) => s.url)).toEqual(['/api/v1/user-portal/quiz/q/attempt', '/api/v1/thing/3']);
    const settled = w.events.flatMap((event) =>
      event.type === 'sent' ? [[event.entry.seq, event.status]] : [],
    );
    expect(settled).toEqual([
      [1, 409],
      [2, 409],
      [3, 200],
    ]);
    expect(w.events.some((event) => event.type === 'failed')).toBe(false);
  });

  it('keeps a refusal without the code, or with it on another status, failed', async () => {
    const w = world([entry(1), entry(2)], (request) =>
      request.url.endsWith('/1')
        ? { status: 409, body: { message: 'You have no attempts left for this quiz.' } }
        : { status: 422, body: { message: 'Invalid.', code: 'alreadyCounted' } },
    );
    await drain(w.deps);
    expect([...w.store.values()]).toMatchObject([
      { seq: 1, status: 'failed', lastStatus: 409, lastError: 'You have no attempts left for this quiz.' },
      { seq: 2, status: 'failed', lastStatus: 422 },
    ]);
  });

  it('sends what is stored when it is claimed: an entry edited or discarded after the list was read', async () => {
    const w = world([entry(1), entry(2), entry(3)], () => ({ status: 200 }));
    const list = w.deps.list;
    let listed = 0;
    w.deps.list = async () => {
      listed += 1;
      const entries = await list();
      if (listed === 1) {
        // While the first entry is sent, the user edits the second and discards the third.
        w.store.set(2, { ...entry(2), body: new TextEncoder().encode('{"n":"edited"}').buffer });
        w.store.delete(3);
      }
      return entries;
    };
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect(w.sent.map((s) => s.body)).toEqual(['{"n":1}', '{"n":"edited"}']);
    expect(w.store.size).toBe(0);
  });

  it('sends changes stored while the queue drained before calling it drained', async () => {
    const w = world([entry(1)], (request) => {
      if (request.url.endsWith('/1')) w.store.set(2, entry(2));
      return { status: 200 };
    });
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect(w.sent.map((s) => s.url)).toEqual(['/api/v1/thing/1', '/api/v1/thing/2']);
    expect(w.events.filter((event) => event.type === 'drained')).toHaveLength(1);
  });

  it('tries a change again later while the server is still processing its first send', async () => {
    let first = true;
    const w = world([entry(1)], () => ({ status: 200 }));
    w.deps.send = async () => {
      if (!first) return new Response('{"message":"ok","results":null}', { status: 200 });
      first = false;
      return new Response('{"message":"This change is already being processed."}', {
        status: 409,
        headers: { 'content-type': 'application/json', 'Retry-After': '5' },
      });
    };
    expect((await drain(w.deps)).state).toBe('waiting');
    expect(w.store.get(1)).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 409 });
    w.store.set(1, { ...(w.store.get(1) as OutboxEntry), nextAttemptAt: 0 });
    expect(await drain(w.deps)).toEqual({ state: 'drained' });
    expect(w.store.size).toBe(0);
  });

  it('tells the worker which server id an offline create got, for changes stored after it was answered', async () => {
    const create = entry(1, { url: '/api/v1/user-portal/add-user', clientId: CLIENT_ID });
    const w = world([create], () => ({
      status: 201,
      body: { message: 'added', results: { _id: SERVER_ID } },
    }));
    const mapped: [string, string][] = [];
    w.deps.mapped = (clientId, serverId) => mapped.push([clientId, serverId]);
    await drain(w.deps);
    expect(mapped).toEqual([[CLIENT_ID, SERVER_ID]]);
    const late = entry(2, {
      method: 'DELETE',
      body: new TextEncoder().encode(`{"bulkId":["${CLIENT_ID}"]}`).buffer,
    });
    expect(new TextDecoder().decode(rewriteEntry(late, CLIENT_ID, SERVER_ID).body as ArrayBuffer)).toBe(
      `{"bulkId":["${SERVER_ID}"]}`,
    );
  });
});
