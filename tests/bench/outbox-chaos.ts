import { request } from 'playwright-core';
import type { ApiSuccess } from '../../contract/envelope.ts';
import type { LoginResult } from '../../contract/session.ts';
import { runChaos } from '../e2e/support/outbox-chaos.ts';
import { openOutboxBench } from './outbox-browser.ts';

const CHANGES = 200;
const LEAD = { email: 'lead@example.com', password: 'lead1234' };

/**
 * The chaos run of the end-to-end test as a figure: 200 mixed changes while the network flips on and
 * off and the page reloads, then how many changes the server lost or applied twice (target 0 and 0).
 */
export async function outboxChaos() {
  const bench = await openOutboxBench(4318);
  // The server is checked with a session of its own, outside the browser whose network flips.
  const api = await request.newContext({ baseURL: bench.server.url });
  try {
    const login = await api.post('/api/v1/login', { data: LEAD });
    const { results } = (await login.json()) as ApiSuccess<LoginResult>;
    if (!('token' in results)) throw new Error('The lead must not need a password reset');
    const headers = { Authorization: `Bearer ${results.token}` };
    const get = async <T>(path: string): Promise<T> => {
      const response = await api.get(`/api/v1${path}`, { headers });
      if (!response.ok()) throw new Error(`GET ${path}: ${response.status()}`);
      return ((await response.json()) as ApiSuccess<T>).results;
    };
    const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
    const result = await runChaos(bench.page, bench.context, { changes: CHANGES, seed, get });
    console.log(
      `  ${CHANGES} changes (${Object.entries(result.changes)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ')}), seed ${seed}`,
    );
    console.log(
      `  ${result.queued} kept offline, ${result.flips} network flips, ${result.reloads} page reloads, ${(result.ms / 1000).toFixed(1)} s`,
    );
    console.log(
      `  lost: ${result.lost}, duplicated: ${result.duplicated} (target 0 and 0); left failed: ${result.failed}`,
    );
    for (const detail of result.details) console.log(`    ${detail}`);
    return result;
  } finally {
    await api.dispose();
    await bench.close();
  }
}
