import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumExecutable } from '../e2e/support/config.ts';
import { removeDataDir, startServer } from './support/server.ts';

const ACCESSIBILITY_TARGET = 100;

/**
 * Lighthouse on /login of the built app as the server serves it: the accessibility score (the target
 * is 100) and the performance score with its main timings (mobile emulation, Lighthouse's default
 * throttling), for later comparison.
 */
export async function lighthouseLogin() {
  const server = await startServer({ port: 4314 });
  const chrome = await launchChromium();
  try {
    const result = await lighthouse(`${server.url}/login`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility', 'performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const accessibility = score('accessibility');
    const performance = score('performance');
    const failing = (categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit?.id}: ${audit?.title}`);

    console.log('Lighthouse on /login (built app, mobile emulation)');
    console.log(
      `  accessibility ${accessibility}, target ${ACCESSIBILITY_TARGET}: ratio ${(accessibility / ACCESSIBILITY_TARGET).toFixed(2)}`,
    );
    for (const line of failing) console.log(`    failing: ${line}`);
    console.log(`  performance ${performance}`);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ])
      console.log(`    ${audits[id]?.title}: ${audits[id]?.displayValue ?? 'n/a'}`);
    return { accessibility, performance };
  } finally {
    await chrome.stop();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

/** Chromium as Lighthouse's own launcher would start it, on a port the browser picks and prints. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'training-admin-lighthouse-'));
  const child: ChildProcess = spawn(
    chromiumExecutable ?? 'chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}: ${seen}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(profile, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  return { port, stop };
}
