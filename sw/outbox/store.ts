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

/** Runs `work` in one transaction and resolves once it has committed (durable before anything is sent). */
async function transact<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const db = await openOutbox();
  const tx = db.transaction(OUTBOX_STORE, mode, { durability: 'strict' });
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

export function putEntry(entry: OutboxEntry): Promise<void> {
  return transact('readwrite', async (store) => {
    await request(store.put(entry));
  });
}

export function deleteEntry(seq: number): Promise<void> {
  return transact('readwrite', async (store) => {
    await request(store.delete(seq));
  });
}
