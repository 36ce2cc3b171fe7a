import { removeDataDir, startServer } from './support/server.ts';

const DURATION_MS = 10_000;
const CONCURRENCY = 16;

/** Login requests per second with the server pinned to one core; the rate limit is raised for the run. */
export async function loginRps() {
  const server = await startServer({ port: 4312, cpu: 0, env: { LOGIN_RATE_LIMIT_MAX: '1000000000' } });
  const body = JSON.stringify({ email: 'admin@example.com', password: 'admin123' });
  const login = async () => {
    const response = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  // Warm up the JIT and the connection pool before measuring.
  for (let i = 0; i < 20; i += 1) await login();

  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const sentAt = performance.now();
        const status = await login();
        latencies.push(performance.now() - sentAt);
        if (status === 200) ok += 1;
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  await server.stop();
  removeDataDir(server.dataDir);
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const rps = ok / seconds;
  console.log(`Login on one core (${CONCURRENCY} concurrent clients, ${seconds.toFixed(1)} s)`);
  console.log(`  ${rps.toFixed(1)} successful logins/s, ${failed} failed`);
  console.log(`  latency p50 ${p(0.5).toFixed(0)} ms, p95 ${p(0.95).toFixed(0)} ms`);
  return { rps, failed };
}
