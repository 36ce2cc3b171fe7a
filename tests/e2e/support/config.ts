import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Where the end-to-end server listens and keeps its data; it binds to loopback only. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_SMTP_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** One directory per port, so runs on different ports never share a database. */
export const E2E_DIR = resolve(process.env.E2E_PORT ? `.tmp/e2e-${E2E_PORT}` : '.tmp/e2e');
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
