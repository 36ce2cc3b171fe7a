// Page-side helpers for the outbox (no test runner imports, so the benchmarks use them too).
import type { Page } from 'playwright-core';

export const OUTBOX_DB = 'training-admin-outbox';
export const OUTBOX_STORE = 'entries';

export type StoredEntry = {
  seq: number;
  key: string;
  status: 'pending' | 'sending' | 'failed';
  attempts: number;
  action: string;
  lastStatus: number | null;
  lastError: string | null;
  clientId: string | null;
};

/** The outbox's entries as the worker stored them in IndexedDB (the page shares the worker's origin). */
export function readOutbox(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(storeName).objectStore(storeName).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as StoredEntry[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    [OUTBOX_DB, OUTBOX_STORE] as const,
  );
}

/** A value the app keeps in its own IndexedDB store under `key` (the token, the saved query cache). */
export function readStoredValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (name) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('TheBlueCollarSuccess');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result
            .transaction('blue_collar_store')
            .objectStore('blue_collar_store')
            .get(name);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    key,
  );
}

/** The session token the app keeps in its own IndexedDB store (the one the worker adds to what it sends). */
export function readStoredToken(page: Page): Promise<unknown> {
  return readStoredValue(page, 'token');
}

/** Asks the worker to replay now, as a page's timer does; a stopped worker is started by the message. */
export function nudgeOutbox(page: Page) {
  return page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'outbox:tick' }));
}

/** A write as a screen makes it: fetch from the page, so the worker's outbox takes it (the worker adds the token). */
export type PageWrite = {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  multipart?: Record<string, string>;
  action: string;
  target: string;
  clientId?: string;
};

export type PageWriteAnswer = { status: number; body: unknown } | { error: string };

export function writeFromPage(page: Page, write: PageWrite): Promise<PageWriteAnswer> {
  return page.evaluate(async (change) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Outbox-Action': encodeURIComponent(change.action),
      'X-Outbox-Target': encodeURIComponent(change.target),
    };
    if (change.clientId) headers['X-Client-Id'] = change.clientId;
    let body: BodyInit | undefined;
    if (change.multipart) {
      const form = new FormData();
      for (const [name, value] of Object.entries(change.multipart)) form.append(name, value);
      body = form;
    } else if (change.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(change.json);
    }
    try {
      const response = await fetch(`/api/v1${change.path}`, { method: change.method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      return { error: String(error) };
    }
  }, write);
}
