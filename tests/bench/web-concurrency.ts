import { spawn, spawnSync } from 'node:child_process';
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
const CONNECTIONS = 500;
const LIMIT = 20;
const WARM_UP_SECONDS = 3;
const ROUND_SECONDS = 5;
const ROUNDS = 3;
/** Starts of each configuration, in turns (1, 2, then 2, 1), so a machine growing busier slows both alike. */
const TURNS = 2;
const TARGET_RATIO = 1.6;

/**
 * 500 users list requests at once, all the time (page 1 of 10,000 users, limit 20, on 500
 * keep-alive connections, each sending its next request as its last one is answered) to the real
 * server on PostgreSQL with WEB_CONCURRENCY=1 and with WEB_CONCURRENCY=2: requests per second of
 * each (median of the rounds after a warm-up) and their ratio, with the CPU each request cost the
 * server, PostgreSQL and the load client. Both run on one database with the same data, started in
 * turns. The load comes from wrk (Debian's package `wrk`), whose CPU per request is a small part of
 * the server's: the server, PostgreSQL and the client share this machine's cores, and a Node.js
 * client here cost a third of what the server did, which the figure then charged to the server.
 * PostgreSQL only: run it under scripts/with-postgres.sh, which provides TEST_DATABASE_URL.
 */
export async function webConcurrency() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'Skipped: WEB_CONCURRENCY runs several processes on PostgreSQL only; run under scripts/with-postgres.sh',
    );
    return undefined;
  }
  if (spawnSync('wrk', ['--version']).error) {
    console.log('Skipped: the load comes from wrk, which is not installed (apt-get install wrk)');
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
    /** CPU seconds spent over the measured rounds, by the server's processes, PostgreSQL's and wrk. */
    const cpu: Record<1 | 2, { server: number; postgres: number; client: number; requests: number }> = {
      1: { server: 0, postgres: 0, client: 0, requests: 0 },
      2: { server: 0, postgres: 0, client: 0, requests: 0 },
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
      try {
        const token = await signIn(server.url);
        const url = `${server.url}${API_BASE}${userPaths.list}?limit=${LIMIT}`;
        total = await listTotal(url, token);
        await load(url, token, WARM_UP_SECONDS);
        const serverPid = server.process.pid as number;
        for (let run = 0; run < ROUNDS; run += 1) {
          const serverAt = treeCpuSeconds(serverPid);
          const postgresAt = treeCpuSeconds(postmaster);
          const round = await load(url, token, ROUND_SECONDS);
          cpu[processes].server += treeCpuSeconds(serverPid) - serverAt;
          cpu[processes].postgres += treeCpuSeconds(postmaster) - postgresAt;
          cpu[processes].client += round.cpuSeconds;
          cpu[processes].requests += round.requests;
          rounds[processes].push(round.perSecond);
        }
      } finally {
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
      `${CONNECTIONS} users list requests at once (PostgreSQL, ${total.toLocaleString('en')} users, limit ${LIMIT}) on ${cores} cores, median of ${ROUNDS * TURNS} rounds of ${ROUND_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up per start`,
    );
    console.log(
      `  seeding took ${(seedMs / 1000).toFixed(1)} s; load average at the end ${loadavg()[0]?.toFixed(1)} (other work on the machine takes cores from every figure)`,
    );
    const spread = (values: number[]) =>
      `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
    const perRequest = (processes: 1 | 2) => {
      const { server, postgres, client, requests } = cpu[processes];
      const ms = (seconds: number) => ((seconds * 1000) / requests).toFixed(2);
      return `CPU per request: server ${ms(server)} ms, PostgreSQL ${ms(postgres)} ms, wrk ${ms(client)} ms`;
    };
    console.log(
      `  WEB_CONCURRENCY=1: ${Math.round(one)} requests/s (rounds ${spread(rounds[1])}); ${perRequest(1)}`,
    );
    console.log(
      `  WEB_CONCURRENCY=2: ${Math.round(two)} requests/s (rounds ${spread(rounds[2])}); ${perRequest(2)}`,
    );
    // One process can keep at most one core busy, and all the work shares the machine's cores: with
    // the CPU a request costs, a second process can raise the throughput by at most this much.
    const { server, postgres, client, requests } = cpu[1];
    const perCore = server / requests;
    const perMachine = (server + postgres + client) / requests / cores;
    const ceiling = Math.min(2 / perCore, 1 / perMachine) / Math.min(1 / perCore, 1 / perMachine);
    console.log(
      `  ratio ${ratio.toFixed(2)}x (${verdict} the ${TARGET_RATIO}x target); what the CPU per request allows on ${cores} cores: ${ceiling.toFixed(2)}x`,
    );
    return { oneRps: one, twoRps: two, ratio, ceiling };
  } finally {
    await fresh.drop();
  }
}

/**
 * `seconds` of wrk on one thread keeping a request in flight on each of the 500 connections: the
 * requests answered, their rate, and wrk's CPU seconds (the shell's `times`). Fails on any answer
 * other than 200 and on any socket error or timeout.
 */
function load(url: string, token: string, seconds: number) {
  return new Promise<{ requests: number; perSecond: number; cpuSeconds: number }>((resolve, reject) => {
    const wrk = `wrk --threads 1 --connections ${CONNECTIONS} --duration ${seconds}s --timeout 60s --header "authorization: Bearer $TOKEN" "$URL"`;
    const child = spawn('sh', ['-c', `${wrk}; code=$?; times; exit $code`], {
      env: { ...process.env, TOKEN: token, URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const requests = Number(/(\d+) requests in/.exec(said)?.[1]);
      const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(said)?.[1]);
      // `times` prints the shell's user and system time, then its children's: wrk's.
      const children = said.trim().split('\n').at(-1) ?? '';
      const cpuSeconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (sum, [, minutes, rest]) => sum + Number(minutes) * 60 + Number(rest),
        0,
      );
      if (code !== 0 || !(requests > 0) || !(perSecond > 0))
        reject(new Error(`wrk ended with code ${code}:\n${said}`));
      else if (/Non-2xx or 3xx responses|Socket errors/.test(said))
        reject(new Error(`Some requests failed:\n${said}`));
      else resolve({ requests, perSecond, cpuSeconds });
    });
  });
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

/** The total of the list, after checking that its first page is full. */
async function listTotal(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { results: { data: unknown[]; total: number } };
  if (response.status !== 200 || body.results.data.length !== LIMIT)
    throw new Error(`The list answered ${response.status} with ${body.results.data.length} rows`);
  return body.results.total;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await webConcurrency();
