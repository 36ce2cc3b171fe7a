import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, paths } from '../../contract/paths.ts';
import { userPaths } from '../../contract/users.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/rows.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { freshPostgres } from './support/fresh-database.ts';

// The real server with WEB_CONCURRENCY=2 on one PostgreSQL database: two server processes answer
// on one port, the purge and the reminder sweep run once, a process that dies is replaced, and
// SIGTERM stops them all. Run with scripts/with-postgres.sh, which provides TEST_DATABASE_URL.

const PORT = 4503;
const LEARNERS = 3;
const serverUrl = process.env.TEST_DATABASE_URL;
let handle: DatabaseHandle;
let drop: (() => Promise<void>) | undefined;
let dataDir: string;
let server: ChildProcess;
let output = '';
let token: string;
let databaseUrl: string;

/** The processes the primary forked, from the process tree. */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** The process holding the server's end of a loopback connection from `clientPort`, read from /proc. */
function processServing(clientPort: number, candidates: number[]) {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find(([, local, remote]) => local?.endsWith(`:${hex(PORT)}`) && remote?.endsWith(`:${hex(clientPort)}`));
  const inode = line?.[9];
  return candidates.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false;
      }
    }),
  );
}

/** One request on `agent`; the answer's status, body and the local port of the connection. */
function get(agent: Agent, path: string, token: string) {
  return new Promise<{ status: number; body: string; clientPort: number }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `${API_BASE}${path}`,
        agent,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, clientPort: req.socket?.localPort ?? 0 }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The server processes that answered eight list requests made at once, each on a connection of its own. */
async function answeringProcesses(candidates: number[]) {
  // The primary hands new connections to its server processes in turn.
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  try {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(agent, `${userPaths.list}?limit=10`, token)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.body) as { results: { data: unknown[] } }).results.data).toHaveLength(10);
    }
    // Read while the connections are still open.
    return [...new Set(answers.map((answer) => processServing(answer.clientPort, candidates)))].sort();
  } finally {
    agent.destroy();
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 60_000) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}; the server said:\n${output}`);
}

beforeAll(async () => {
  if (!serverUrl)
    throw new Error('These tests need a PostgreSQL server: run them with scripts/with-postgres.sh');
  const fresh = await freshPostgres(serverUrl, 'training_admin_web_concurrency');
  ({ handle, drop } = fresh);
  databaseUrl = fresh.url;
  await seedIfEmpty(handle.db);
  // Learners of a group assigned a course due yesterday, each owed one overdue reminder, and a
  // rate-limit window that ended an hour ago, which the purge at start removes.
  await handle.db.execute(sql`
    with g as (insert into user_groups (name) values ('Night shift') returning id),
    made as (
      insert into users (first_name, last_name, email, password_hash)
      select 'Learner', 'No ' || n, 'night-' || n || '@example.com', 'x' from generate_series(1, ${LEARNERS}) n
      returning id),
    members as (
      insert into user_group_members (group_id, user_id, joined_at)
      select g.id, made.id, now() - interval '30 days' from g, made),
    c as (insert into courses (name) values ('Forklift') returning id),
    a as (insert into course_assignments (title, assignee_kind, deadline, created_at)
          values ('Forklift licence', 'groups', current_date - 1, now() - interval '20 days') returning id),
    ac as (insert into course_assignment_courses (assignment_id, course_id) select a.id, c.id from a, c)
    insert into course_assignment_assignees (assignment_id, group_id, added_at)
    select a.id, g.id, now() - interval '20 days' from a, g`);
  await handle.db.execute(
    sql`insert into rate_limits (key, count, reset_at) values ('ended-window', 3, now() - interval '1 hour')`,
  );

  dataDir = mkdtempSync(join(tmpdir(), 'training-admin-web-concurrency-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: fresh.url,
      WEB_CONCURRENCY: '2',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      CONTENT_PORT: '0',
      DATA_DIR: dataDir,
      DIST_DIR: '/nonexistent/dist',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await until('the server to listen', () => (output.includes('is running on') ? true : undefined), 90_000);
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('answers from two server processes on one port, and purges and sweeps reminders once', async () => {
    const primary = server.pid as number;
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);
    expect(output).toContain('Training Admin is running on http://localhost:4503 (2 server processes)');

    const login = await fetch(`http://127.0.0.1:${PORT}${API_BASE}${paths.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { results: { token: string } }).results.token;
    expect(await answeringProcesses(workers)).toEqual([...workers].sort());

    // The background work runs in the primary alone: one line says so, each reminder went once.
    expect(output.match(/Purges and reminder sweeps run in process/g)).toEqual([
      'Purges and reminder sweeps run in process',
    ]);
    expect(output).toContain(`Purges and reminder sweeps run in process ${primary}, the primary.`);
    const mail = await until('the overdue reminders', async () => {
      const [row] = await queryRows<{ mails: number; recipients: number }>(
        handle.db,
        sql`select count(*)::int as mails, count(distinct "to")::int as recipients from mail_outbox
             where subject = 'Overdue: Forklift licence'`,
      );
      return row && row.mails >= LEARNERS ? row : undefined;
    });
    expect(mail).toEqual({ mails: LEARNERS, recipients: LEARNERS });
    const windows = await queryRows(handle.db, sql`select key from rate_limits where key = 'ended-window'`);
    expect(windows).toEqual([]);
  });

  it('replaces a server process that dies, and stops them all on SIGTERM once the requests under way are answered', async () => {
    const primary = server.pid as number;
    const [killed, kept] = childrenOf(primary) as [number, number];
    process.kill(killed, 'SIGKILL');
    const replaced = await until('a new server process', () => {
      const now = childrenOf(primary);
      return now.length === 2 && !now.includes(killed) ? now : undefined;
    });
    expect(replaced).toContain(kept);
    await until('both processes to answer', async () =>
      (await answeringProcesses(replaced)).length === 2 ? true : undefined,
    );
    expect(await answeringProcesses(replaced)).toEqual([...replaced].sort());
    expect(output).toContain(`Server process ${killed} ended on SIGKILL; starting another.`);

    // A sign-in under way when SIGTERM comes, whose client has gone, still finishes before its
    // process closes the database: its first read waits on a lock held here until the stop began.
    const locker = new pg.Client({ connectionString: databaseUrl });
    // Ended with the database if the test fails first.
    locker.on('error', () => undefined);
    await locker.connect();
    const sessionsOfAdmin = async () => {
      const [row] = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id
             where u.email = 'admin@example.com'`,
      );
      return row?.n;
    };
    const sessionsBefore = await sessionsOfAdmin();
    await locker.query('begin');
    await locker.query('lock table rate_limits in access exclusive mode');
    const body = JSON.stringify({ email: 'admin@example.com', password: 'admin123' });
    const client = connect(PORT, '127.0.0.1');
    client.on('error', () => undefined);
    client.write(
      `POST ${API_BASE}${paths.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // Asked on another connection: in the locker's transaction pg_stat_activity stays as first read.
    await until('the sign-in to wait on the lock', async () => {
      const waiting = await queryRows(
        handle.db,
        sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%rate_limits%'`,
      );
      return waiting.length > 0 ? true : undefined;
    });
    client.destroy();
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    await until(
      'the server to stop listening',
      () =>
        new Promise<true | undefined>((resolve) => {
          const probe = connect(PORT, '127.0.0.1');
          probe.once('connect', () => {
            probe.destroy();
            resolve(undefined);
          });
          probe.once('error', () => resolve(true));
        }),
    );
    // Time for a stop that did not wait for the request to close the database under it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await locker.query('rollback');
    await locker.end();
    expect(await exited).toBe(0);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    expect(await sessionsOfAdmin()).toBe((sessionsBefore ?? 0) + 1);
    expect(output).not.toMatch(/failed|Cannot use a pool/);
  });
});
