import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_BASE, paths } from '../../contract/paths.ts';
import { createApp } from '../../server/app.ts';
import { readConfig } from '../../server/env.ts';
import { createBackground } from '../../server/http/background.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { openTestDatabase } from '../api/helpers.ts';

const RUNS = 200;
const WARM_UP = 20;
const KNOWN_EMAIL = 'admin@example.com';

/**
 * How long /forget-password takes to answer for a known email (which gets a reset token and a
 * mail) against an unknown one, in-process (app.request) on the embedded database, or on
 * PostgreSQL with TEST_DATABASE_URL. Only the answer is timed; the work the answer leaves behind
 * is awaited between requests, untimed, so one request's mail does not slow the next one down.
 * Known and unknown alternate, so a busy machine slows both alike. Each request comes from an
 * address of its own, so the per-email-and-address limit never answers 429.
 */
export async function forgotPassword() {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-forgot-'));
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  const config = readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist' });
  const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
  const background = createBackground(quiet);
  const app = createApp({ db: database.db, config, mailer, logger: quiet, background });

  let request = 0;
  const ask = async (email: string) => {
    request += 1;
    const address = `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`;
    const started = performance.now();
    const response = await app.request(
      `${API_BASE}${paths.forgetPassword}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      },
      { incoming: { socket: { remoteAddress: address } } } as never,
    );
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`Unexpected answer ${response.status}`);
    await background.idle();
    return ms;
  };
  const unknownEmail = () => `nobody-${request}@example.com`;

  try {
    for (let run = 0; run < WARM_UP; run += 1) {
      await ask(KNOWN_EMAIL);
      await ask(unknownEmail());
    }
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Which goes first changes every run, so neither always follows the other's leftovers.
      if (run % 2 === 0) {
        knownMs.push(await ask(KNOWN_EMAIL));
        unknownMs.push(await ask(unknownEmail()));
      } else {
        unknownMs.push(await ask(unknownEmail()));
        knownMs.push(await ask(KNOWN_EMAIL));
      }
    }
    const known = { p50: quantile(knownMs, 0.5), p95: quantile(knownMs, 0.95) };
    const unknown = { p50: quantile(unknownMs, 0.5), p95: quantile(unknownMs, 0.95) };
    const figures = { known, unknown, p50Ratio: known.p50 / unknown.p50, p95Ratio: known.p95 / unknown.p95 };
    console.log(
      `/forget-password answer time (${database.driver}), ${RUNS} known and ${RUNS} unknown emails, alternating`,
    );
    console.log(`  known:   p50 ${known.p50.toFixed(2)} ms, p95 ${known.p95.toFixed(2)} ms`);
    console.log(`  unknown: p50 ${unknown.p50.toFixed(2)} ms, p95 ${unknown.p95.toFixed(2)} ms`);
    console.log(
      `  known/unknown: p50 ${figures.p50Ratio.toFixed(2)}x, p95 ${figures.p95Ratio.toFixed(2)}x (1.00x: the answer does not tell them apart)`,
    );
    return figures;
  } finally {
    await background.idle();
    await mailer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await forgotPassword();
