import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/config.ts';
import { readStoredToken } from '../e2e/support/outbox-page.ts';
import { type BenchServer, startServer } from './support/server.ts';

const LEAD = { email: 'lead@example.com', password: 'lead1234' };

export type OutboxBench = {
  server: BenchServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
};

/** The built app and API on a fresh database, and Chromium signed in as the lead with the worker in control. */
export async function openOutboxBench(port: number): Promise<OutboxBench> {
  const server = await startServer({ port });
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel(/^email/i).fill(LEAD.email);
    await page.getByLabel(/^password/i).fill(LEAD.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/user-portal\/user-dashboard$/);
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return Boolean(registration.active && navigator.serviceWorker.controller);
    });
    return { server, browser, context, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** GET through the page (reads are never queued), with the session the page holds. */
export async function getFromPage<T>(page: Page, path: string): Promise<T> {
  const token = await readStoredToken(page);
  return (await page.evaluate(
    async ([url, bearer]) => {
      const response = await fetch(`/api/v1${url}`, { headers: { Authorization: `Bearer ${bearer}` } });
      if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
      return ((await response.json()) as { results: unknown }).results;
    },
    [path, String(token)] as const,
  )) as T;
}

export type BenchChange =
  | { kind: 'json'; method: 'POST' | 'PATCH' | 'DELETE'; path: string; body: unknown; action: string }
  | {
      kind: 'multipart';
      method: 'POST' | 'PATCH';
      path: string;
      fields: Record<string, string>;
      action: string;
    };

/**
 * Sends changes one after another from the page as the screens do (fetch, which the worker's outbox
 * takes), and resolves with each answer's status and the milliseconds the whole run took in the page.
 */
export function sendFromPage(
  page: Page,
  changes: BenchChange[],
): Promise<{ statuses: number[]; ms: number }> {
  return page.evaluate(async (list) => {
    const statuses: number[] = [];
    const started = performance.now();
    for (const change of list) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Outbox-Action': encodeURIComponent(change.action),
        'X-Outbox-Target': 'bench',
      };
      let body: BodyInit;
      if (change.kind === 'multipart') {
        const form = new FormData();
        for (const [name, value] of Object.entries(change.fields)) form.append(name, value);
        body = form;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(change.body);
      }
      const response = await fetch(`/api/v1${change.path}`, { method: change.method, headers, body });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return { statuses, ms: performance.now() - started };
  }, changes);
}

/** How many entries the outbox holds, and the bytes of their stored fields (body plus text). */
export function outboxFootprint(page: Page): Promise<{ count: number; bytes: number }> {
  return page.evaluate(
    () =>
      new Promise<{ count: number; bytes: number }>((resolve, reject) => {
        const open = indexedDB.open('training-admin-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => {
            open.result.close();
            const entries = all.result as Record<string, unknown>[];
            let bytes = 0;
            for (const entry of entries) {
              for (const value of Object.values(entry)) {
                if (value instanceof ArrayBuffer) bytes += value.byteLength;
                else bytes += new TextEncoder().encode(JSON.stringify(value) ?? '').byteLength;
              }
            }
            resolve({ count: entries.length, bytes });
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** What navigator.storage.estimate() says the origin uses, in bytes. */
export function storageUsage(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
}
