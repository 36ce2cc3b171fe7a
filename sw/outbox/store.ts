/**
 * The outbox: an IndexedDB database of its own, so signing out (which clears the app's local store)
 * never drops a change the user made. Entries are kept in creation order (`seq`, auto-incremented) and
 * replayed first in, first out.
 */
export const OUTBOX_DB = 'training-admin-outbox';
export const OUTBOX_STORE = 'entries';
const VERSION = 1;

export type EntryStatus = 'pending' | 'sending' | 'failed';

export type OutboxEntry = {
  seq: number;
  /** Sent as the Idempotency-Key header; assigned by the worker when the change is first stored. */
  key: string;
  method: string;
  /** Path and query under the origin, e.g. /api/v1/team/set-default-Team. */
  url: string;
  contentType: string | null;
  /** The body exactly as the page sent it (JSON text or a whole multipart body). */
  body: ArrayBuffer | null;
  createdAt: number;
  status: EntryStatus;
  attempts: number;
  nextAttemptAt: number;
  /** The last refusal or failure, as the server worded it. */
  lastError: string | null;
  lastStatus: number | null;
  /** What the page said the change is, for the outbox panel: e.g. 'Edit member', 'Jane Doe'. */
  action: string;
  target: string;
  /** For a create made offline: the id the page gave the new record until the server names it. */
  clientId: string | null;
  /** Query-key prefixes the page refetches once this change is answered. */
  invalidate: unknown[][];
};

export type NewEntry = Omit<OutboxEntry, 'seq'>;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let opened: Promise<IDBDatabase> | null = null;

export function openOutbox(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(OUTBOX_DB, VERSION);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(OUTBOX_STORE, { keyPath: 'seq', autoIncrement: true });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opened = null;
      reject(open.error);
    };
  });
  return opened;
}

/**
 * How hard a write is flushed. A new or edited change is 'strict' (on disk before anything is sent).
 * The marks the replay writes (sending, answered, retrying) may be 'relaxed': lost in a power cut,
 * the change is only sent again, and the server's idempotency store answers the repeat.
 */
export type Durability = 'strict' | 'relaxed';

/** Runs `work` in one transaction and resolves once it has committed. */
async function transact<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
  durability: Durability = 'strict',
): Promise<T> {
  const db = await openOutbox();
  const tx = db.transaction(OUTBOX_STORE, mode, { durability });
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The outbox transaction was aborted.'));
  });
  const result = await work(tx.objectStore(OUTBOX_STORE));
  await done;
  return result;
}

export function addEntry(entry: NewEntry): Promise<OutboxEntry> {
  return transact('readwrite', async (store) => {
    const seq = (await request(store.add(entry))) as number;
    return { ...entry, seq };
  });
}

export function listEntries(): Promise<OutboxEntry[]> {
  return transact('readonly', (store) => request(store.getAll() as IDBRequest<OutboxEntry[]>));
}

export function getEntry(seq: number): Promise<OutboxEntry | undefined> {
  return transact('readonly', (store) => request(store.get(seq) as IDBRequest<OutboxEntry | undefined>));
}

export function putEntry(entry: OutboxEntry, durability: Durability = 'strict'): Promise<void> {
  return transact(
    'readwrite',
    async (store) => {
      await request(store.put(entry));
    },
    durability,
  );
}

export function deleteEntry(seq: number, durability: Durability = 'strict'): Promise<void> {
  return transact(
    'readwrite',
    async (store) => {
      await request(store.delete(seq));
    },
    durability,
  );
}

/**
 * Marks the stored entry as being sent and counts the attempt, in one transaction, and returns it as
 * stored now (edited since it was listed, perhaps). Nothing is claimed when the entry is gone
 * (discarded) or failed (it waits for the user).
 */
export function claimEntry(
  seq: number,
  rewrite: (entry: OutboxEntry) => OutboxEntry = (entry) => entry,
): Promise<OutboxEntry | undefined> {
  return transact(
    'readwrite',
    async (store) => {
      const stored = (await request(store.get(seq) as IDBRequest<OutboxEntry | undefined>)) ?? undefined;
      if (!stored || stored.status === 'failed') return undefined;
      const sending: OutboxEntry = { ...rewrite(stored), status: 'sending', attempts: stored.attempts + 1 };
      await request(store.put(sending));
      return sending;
    },
    'relaxed',
  );
}

/** Every pending change waiting for its backoff is due now (the connection is back): one transaction. */
export function clearBackoff(): Promise<void> {
  return transact('readwrite', async (store) => {
    const entries = await request(store.getAll() as IDBRequest<OutboxEntry[]>);
    for (const entry of entries) {
      if (entry.status === 'pending' && entry.nextAttemptAt > 0) store.put({ ...entry, nextAttemptAt: 0 });
    }
  });
}
