import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { API_BASE, paths } from '../../contract/paths.ts';
import { userPaths } from '../../contract/users.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { freshPostgres } from '../postgres/support/fresh-database.ts';
import { seedManyUsers } from './support/many-users.ts';
import { postmasterPid, treeCpuSeconds } from './support/process-cpu.ts';
import { removeDataDir, startServer } from './support/server.ts';
import { median } from './support/users-app.ts';

const PORT = 4503;
const USERS = 10_000;
const REQUESTS = 500;
const LIMIT = 20;
const WARM_UP = 3;
const ROUNDS = 5;
/** Starts of each configuration, in turns (1, 2, then 2, 1), so a machine growing busier slows both alike. */
const TURNS = 2;
const TARGET_RATIO = 1.6;

/**
 * 500 users list requests sent at once (page 1 of 10,000 users, limit 20, each on a connection of
 * its own, kept alive across rounds) to the real server on PostgreSQL with WEB_CONCURRENCY=1 and
 * with WEB_CONCURRENCY=2: requests per second of each (median of the rounds after a warm-up) and
 * their ratio. Both run on one database with the same data, started in turns. PostgreSQL only:
 * run it under scripts/with-postgres.sh, which provides TEST_DATABASE_URL.
 */
export async function webConcurrency() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'Skipped: WEB_CONCURRENCY runs several processes on PostgreSQL only; run under scripts/with-postgres.sh',
    );
    return undefined;
  }
  const fresh = await freshPostgres(serverUrl, 'training_admin_bench_web_concurrency');
  try {
    const seedStart = performance.now();
    await seedIfEmpty(fresh.handle.db);
    await seedManyUsers(fresh.handle.db, USERS);
    await fresh.handle.db.execute(sql`vacuum analyze`);
    const seedMs = performance.now() - seedStart;

    const postmaster = await postmasterPid(fresh.handle.db);
    const rounds: Record<1 | 2, number[]> = { 1: [], 2: [] };
    /** CPU seconds spent over the measured rounds, by the server's processes, PostgreSQL's and this one. */
    const cpu: Record<1 | 2, { server: number; postgres: number; client: number }> = {
      1: { server: 0, postgres: 0, client: 0 },
      2: { server: 0, postgres: 0, client: 0 },
    };
    const order: (1 | 2)[] = [];
    for (let turn = 0; turn < TURNS; turn += 1)
      order.push(...((turn % 2 === 0 ? [1, 2] : [2, 1]) as (1 | 2)[]));
    let total = -1;
    for (const processes of order) {
      const server = await startServer({
        port: PORT,
        env: { DATABASE_URL: fresh.url, WEB_CONCURRENCY: String(processes), CONTENT_PORT: '0' },
        // Every process listening, not only the first.
        ready: /Training Admin is running on/,
      });
      const agent = new Agent({ keepAlive: true, maxSockets: REQUESTS });
      try {
        const token = await signIn(server.url);
        const burst = async () => {
          const started = performance.now();
          const totals = await Promise.all(
            Array.from({ length: REQUESTS }, () =>
              listPage(agent, `${API_BASE}${userPaths.list}?limit=${LIMIT}`, token),
            ),
          );
          const seconds = (performance.now() - started) / 1000;
          total = totals[0] as number;
          return REQUESTS / seconds;
        };
        for (let run = 0; run < WARM_UP; run += 1) await burst();
        const serverPid = server.process.pid as number;
        const serverAt = treeCpuSeconds(serverPid);
        const postgresAt = treeCpuSeconds(postmaster);
        const clientAt = process.cpuUsage();
        for (let run = 0; run < ROUNDS; run += 1) rounds[processes].push(await burst());
        const client = process.cpuUsage(clientAt);
        cpu[processes].server += treeCpuSeconds(serverPid) - serverAt;
        cpu[processes].postgres += treeCpuSeconds(postmaster) - postgresAt;
        cpu[processes].client += (client.user + client.system) / 1e6;
      } finally {
        agent.destroy();
        await server.stop();
        removeDataDir(server.dataDir);
      }
    }

    const one = median(rounds[1]);
    const two = median(rounds[2]);
    const ratio = two / one;
    const verdict = ratio >= TARGET_RATIO ? 'meets' : 'BELOW';
    const cores = availableParallelism();
    console.log(
      `${REQUESTS} users list requests at once (PostgreSQL, ${total.toLocaleString('en')} users, limit ${LIMIT}) on ${cores} cores, median of ${ROUNDS * TURNS} rounds after ${WARM_UP} warm-up rounds per start`,
    );
    console.log(
      `  seeding took ${(seedMs / 1000).toFixed(1)} s; load average at the end ${loadavg()[0]?.toFixed(1)} (other work on the machine takes cores from every figure)`,
    );
    const spread = (values: number[]) =>
      `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
    const measured = REQUESTS * ROUNDS * TURNS;
    const perRequest = (processes: 1 | 2) => {
      const { server, postgres, client } = cpu[processes];
      const ms = (seconds: number) => ((seconds * 1000) / measured).toFixed(2);
      return `CPU per request: server ${ms(server)} ms, PostgreSQL ${ms(postgres)} ms, this client ${ms(client)} ms`;
    };
    console.log(
      `  WEB_CONCURRENCY=1: ${Math.round(one)} requests/s (rounds ${spread(rounds[1])}); ${perRequest(1)}`,
    );
    console.log(
      `  WEB_CONCURRENCY=2: ${Math.round(two)} requests/s (rounds ${spread(rounds[2])}); ${perRequest(2)}`,
    );
    // One process can keep at most one core busy, and all the work shares the machine's cores: with
    // the CPU a request costs, a second process can raise the throughput by at most this much.
    const { server, postgres, client } = cpu[1];
    const perCore = server / measured;
    const perMachine = (server + postgres + client) / measured / cores;
    const ceiling = Math.min(2 / perCore, 1 / perMachine) / Math.min(1 / perCore, 1 / perMachine);
    console.log(
      `  ratio ${ratio.toFixed(2)}x (${verdict} the ${TARGET_RATIO}x target); what the CPU per request allows on ${cores} cores: ${ceiling.toFixed(2)}x`,
    );
    return { oneRps: one, twoRps: two, ratio, ceiling };
  } finally {
    await fresh.drop();
  }
}

async function signIn(url: string) {
  const response = await fetch(`${url}${API_BASE}${paths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  if (response.status !== 200) throw new Error(`Signing in answered ${response.status}`);
  return ((await response.json()) as { results: { token: string } }).results.token;
}

/** One list request; its total, after checking the answer is a full page. */
function listPage(agent: Agent, path: string, token: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            results: { data: unknown[]; total: number };
          };
          if (res.statusCode !== 200 || body.results.data.length !== LIMIT)
            reject(new Error(`Unexpected answer ${res.statusCode}`));
          else resolve(body.results.total);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await webConcurrency();
