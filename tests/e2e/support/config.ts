import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * How many workers run the tests (E2E_WORKERS, default 1). Each worker has its own server, database
 * and SMTP sink, so no test ever sees another worker's changes.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The port of the server of worker `slot` (its SMTP sink takes the next one). */
export const e2ePort = (slot: number) => FIRST_PORT + 2 * slot;
/** This worker's slot (Playwright's TEST_PARALLEL_INDEX); 0 in the runner and in the server itself. */
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** Where the end-to-end server listens and keeps its data; it binds to loopback only. */
export const E2E_PORT = e2ePort(SLOT);
export const E2E_SMTP_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The content origin e-learning packages play from: the same server on a port of its own, a
 * hundred above, clear of the other workers' servers and SMTP sinks.
 */
export const E2E_CONTENT_PORT = E2E_PORT + 100;
export const E2E_CONTENT_ORIGIN = `http://127.0.0.1:${E2E_CONTENT_PORT}`;
/** One directory per port, so runs on different ports never share a database. */
export const E2E_DIR = resolve(process.env.E2E_PORT || SLOT > 0 ? `.tmp/e2e-${E2E_PORT}` : '.tmp/e2e');
export const E2E_MAIL_DIR = resolve(E2E_DIR, 'mail');

/**
 * Debian's Chromium when the machine has it (Playwright cannot download its own browser here);
 * otherwise Playwright's own browser.
 */
export const chromiumExecutable =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
