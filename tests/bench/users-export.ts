import { pathToFileURL } from 'node:url';
import { userPaths } from '../../contract/users.ts';
import { openUsersBench } from './support/users-app.ts';

const USERS = 100_000;
const MB = 1024 * 1024;
/** Flat means: exporting ten times the rows may not raise the peak by more than this over the small export. */
const FLAT_MARGIN_MB = 32;

type Sample = { rss: number; heap: number };
const sample = (): Sample => {
  const usage = process.memoryUsage();
  // Heap, plus buffers held outside it (the chunks of the response).
  return { rss: usage.rss, heap: usage.heapUsed + usage.external };
};

/**
 * Exports `limit` users through GET /user/export, reading the streamed answer chunk by chunk as a
 * client would, and samples the process memory on every chunk and every 5 ms. Returns the time,
 * the size and the peaks above the memory before the export.
 */
async function exportOnce(get: (path: string) => Response | Promise<Response>, limit: number) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = sample();
  const peak = { ...before };
  const note = () => {
    const now = sample();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heap);
  };
  const timer = setInterval(note, 5);
  const started = performance.now();
  const response = await get(`${userPaths.export}?limit=${limit}`);
  if (response.status !== 200 || !response.body) throw new Error(`Export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
    note();
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  if (lines - 1 !== limit) throw new Error(`Expected ${limit} rows, got ${lines - 1}`);
  return {
    rows: limit,
    ms,
    mb: bytes / MB,
    rssMb: (peak.rss - before.rss) / MB,
    heapMb: (peak.heap - before.heap) / MB,
  };
}

type Exported = Awaited<ReturnType<typeof exportOnce>>;

/**
 * CSV export of 100,000 users: time, and the peak memory above the start of the export for 10,000
 * and for 100,000 rows, in-process on the embedded database. The export is streamed in keyset
 * batches, so the peak should not grow with the number of rows.
 */
export async function usersExport() {
  const bench = await openUsersBench(USERS);
  try {
    console.log(
      `CSV export of users (${bench.driver}), ${USERS.toLocaleString('en')} users seeded in ${(bench.seedMs / 1000).toFixed(1)} s`,
    );
    // A first small export warms the code paths and the database's caches for both measurements.
    await exportOnce(bench.get, 1000);
    const results = [];
    for (const limit of [10_000, USERS, 10_000]) {
      const result = await exportOnce(bench.get, limit);
      results.push(result);
      console.log(
        `  ${limit.toLocaleString('en').padStart(7)} rows: ${(result.ms / 1000).toFixed(2)} s (${Math.round(limit / (result.ms / 1000)).toLocaleString('en')} rows/s), ${result.mb.toFixed(1)} MB of CSV; peak above start: heap+external ${result.heapMb.toFixed(1)} MB, RSS ${result.rssMb.toFixed(1)} MB`,
      );
    }
    const [small, large, smallAgain] = results as [Exported, Exported, Exported];
    // Garbage is collected when V8 chooses, so the small export's peak is the larger of its two runs.
    const smallPeak = Math.max(small.heapMb, smallAgain.heapMb);
    const growth = large.heapMb - smallPeak;
    const verdict = growth <= FLAT_MARGIN_MB ? 'flat' : 'GROWING';
    console.log(
      `  peak heap+external at 100,000 rows minus at 10,000 rows: ${growth.toFixed(1)} MB, for ${(large.mb - small.mb).toFixed(1)} MB more CSV (${verdict}; target: within ${FLAT_MARGIN_MB} MB)`,
    );
    return { results, growthMb: growth };
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await usersExport();
