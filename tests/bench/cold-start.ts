import { removeDataDir, startServer } from './support/server.ts';

/** Server cold start to the first 200: on an empty data directory (migrate and seed) and on a seeded one. */
export async function coldStart() {
  const first = await startServer({ port: 4311 });
  await first.stop();
  const again = await startServer({ port: 4311, dataDir: first.dataDir });
  await again.stop();
  removeDataDir(first.dataDir);
  console.log('Server cold start to first 200');
  console.log(`  empty data directory (migrate + seed): ${first.startMs.toFixed(0)} ms`);
  console.log(`  seeded data directory:                 ${again.startMs.toFixed(0)} ms`);
  return { firstRunMs: first.startMs, restartMs: again.startMs };
}
