// `npm run screenshots`: a PNG of every screen of tests/e2e/support/screens.ts at a phone's, a
// tablet's and a desktop's size, light and dark, under screenshots/<screen>/<viewport>-<scheme>.png,
// so the app can be looked at without signing in. Builds the app when needed, runs the server on
// loopback with a throw-away database (the demo data), and stops it at the end.
//   SCREENSHOTS_PORT  the server's port (4290)
//   DIST_DIR          serve a build made elsewhere, as it is (no build here)
//   SCREENS           only the screens whose name contains one of these comma-separated words
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../tests/e2e/support/config.ts';
import {
  lookUpIds,
  type Screen,
  screens,
  settle,
  showScreen,
  signInAs,
  type Who,
} from '../tests/e2e/support/screens.ts';

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1440, height: 900 },
} as const;
const SCHEMES = ['light', 'dark'] as const;
const OUT_DIR = resolve('screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4290);
const BASE_URL = `http://127.0.0.1:${PORT}`;

function buildIfNeeded() {
  if (process.env.DIST_DIR) return;
  const build = spawnSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir, APP_URL: BASE_URL },
  });
  const startedAt = Date.now();
  while (Date.now() - startedAt < 120_000) {
    if (server.exitCode !== null) throw new Error(`The server stopped with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE_URL}/login`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The server did not answer on ${BASE_URL} within two minutes`);
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (server.exitCode !== null) return done();
    server.once('exit', () => done());
    server.kill('SIGTERM');
  });
}

/** One page per role, signed in once, as the accessibility test does. */
function pagesFor(browser: Browser) {
  const pages = new Map<Who, Promise<Page>>();
  return (who: Who) => {
    let page = pages.get(who);
    if (!page) {
      page = (async () => {
        const context = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORTS.desktop });
        const created = await context.newPage();
        if (who !== 'anonymous') await signInAs(created, who);
        return created;
      })();
      pages.set(who, page);
    }
    return page;
  };
}

async function shoot(page: Page, screen: Screen, ids: Awaited<ReturnType<typeof lookUpIds>>) {
  mkdirSync(join(OUT_DIR, screen.name), { recursive: true });
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(size);
    try {
      await showScreen(page, screen, ids);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForFunction(
          (expected) => document.documentElement.dataset.mantineColorScheme === expected,
          scheme,
        );
        await settle(page);
        // The whole page, unless a dialog, menu or drawer is open: that shows as the screen shows it.
        await page.screenshot({
          path: join(OUT_DIR, screen.name, `${viewport}-${scheme}.png`),
          fullPage: !screen.open,
        });
      }
    } finally {
      await screen.cleanup?.(page);
    }
  }
}

async function main() {
  buildIfNeeded();
  const only = (process.env.SCREENS ?? '').split(',').filter(Boolean);
  const chosen = screens.filter(
    (screen) => only.length === 0 || only.some((word) => screen.name.includes(word)),
  );
  rmSync(OUT_DIR, { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-screenshots-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const failed: string[] = [];
  try {
    const ids = await lookUpIds(BASE_URL);
    const pageFor = pagesFor(browser);
    for (const screen of chosen) {
      try {
        await shoot(await pageFor(screen.who), screen, ids);
        console.log(`  ${screen.name}`);
      } catch (error) {
        failed.push(screen.name);
        console.error(`  ${screen.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const count = (chosen.length - failed.length) * Object.keys(VIEWPORTS).length * SCHEMES.length;
  console.log(`${count} screenshots of ${chosen.length - failed.length} screens in ${OUT_DIR}`);
  if (failed.length > 0) {
    console.error(`Failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

await main();
