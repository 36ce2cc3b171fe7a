import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/config.ts';

/** Debian's Chromium, headless, as the end-to-end tests launch it. */
export const launchChromium = () =>
  chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });

/** A context of its own (storage, service worker) on a phone-sized screen. */
export const phoneContext = (browser: Browser) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    serviceWorkers: 'allow',
  });

/** Signs in through the login form and waits for the portal. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^email/i).fill(account.email);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/user-portal\//);
}

/** Resolves once a service worker controls the page, so the shell is precached. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
}

/** The query cache is written to the device at most once a second (src/app/persister.ts). */
export const waitForCacheWrite = (page: Page) => page.waitForTimeout(1500);

export type ReadyCheck = { selector: string; text?: string };

/**
 * Runs in the page before its scripts: notes in `window.__readyAt` the first time (ms since the
 * navigation started) every check has an element with a size on screen, with its text when given.
 * Functions handed to the page hold no named inner functions: tsx would wrap those in a helper
 * (`__name`) the page does not have.
 */
export function watchReady(checks: ReadyCheck[]) {
  const target = window as unknown as { __readyAt?: number };
  const observer = new MutationObserver(() => {
    if (target.__readyAt !== undefined) return;
    const all = checks.every((check) =>
      [...document.querySelectorAll(check.selector)].some((element) => {
        if (check.text !== undefined && !element.textContent?.includes(check.text)) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      }),
    );
    if (!all) return;
    target.__readyAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Reloads the page and answers the milliseconds from the navigation's start until what
 * `watchReady` waits for was on screen, or NaN when it did not show within `timeoutMs`.
 */
export async function reloadUntilReady(page: Page, timeoutMs = 30_000): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  return readyTime(page, timeoutMs);
}

export async function readyTime(page: Page, timeoutMs = 30_000): Promise<number> {
  try {
    await page.waitForFunction(() => (window as { __readyAt?: number }).__readyAt !== undefined, undefined, {
      timeout: timeoutMs,
    });
  } catch {
    return Number.NaN;
  }
  return page.evaluate(() => (window as { __readyAt?: number }).__readyAt as number);
}
