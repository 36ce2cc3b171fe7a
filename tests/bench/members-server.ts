import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { API_BASE, paths } from '../../contract/paths.ts';
import { createApp } from '../../server/app.ts';
import { queryRows } from '../../server/db/rows.ts';
import { readConfig } from '../../server/env.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { openTestDatabase } from '../api/helpers.ts';
import { seedLargeTeam } from './support/large-team.ts';

const MEMBERS = 10_000;
const LIMIT = 20;
const RUNS = 30;
const WARM_UP = 5;
const TARGET_RATIO = 1.3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Server time of the member list of a 10,000-member team: page 400 (of 500, limit 20) against
 * page 1, by name and by the progress sorts (courses completed; checklists completed, most and least), in-process through app.request on the embedded database
 * (or on PostgreSQL when TEST_DATABASE_URL is set, e.g. under scripts/with-postgres.sh). The two
 * pages are measured alternately so a busy machine slows both alike.
 */
export async function membersServer() {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-members-'));
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  try {
    const seedStart = performance.now();
    const teamId = await seedLargeTeam(database.db, { members: MEMBERS });
    const seedMs = performance.now() - seedStart;
    // What the server does for the embedded database after start-up and hourly (server/run.ts), and
    // PostgreSQL's autovacuum shortly after a bulk insert.
    if (database.vacuum) await database.vacuum();
    else await database.db.execute(sql`vacuum analyze`);
    const config = readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist' });
    const mailer = createMailer({
      db: database.db,
      smtpUrl: undefined,
      from: config.mailFrom,
      logger: quiet,
    });
    const app = createApp({ db: database.db, config, mailer, logger: quiet });

    const login = await app.request(`${API_BASE}${paths.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lead@example.com', password: 'lead1234' }),
    });
    const token = ((await login.json()) as { results: { token: string } }).results.token;
    const headers = { authorization: `Bearer ${token}` };
    const timed = async (page: number, sort: string) => {
      const started = performance.now();
      const response = await app.request(
        `${API_BASE}${paths.memberList(teamId)}?page=${page}&limit=${LIMIT}&sort=${sort}`,
        { headers },
      );
      const body = (await response.json()) as { results: { data: unknown[]; totalPages: number } };
      const ms = performance.now() - started;
      if (
        response.status !== 200 ||
        body.results.data.length !== LIMIT ||
        body.results.totalPages !== MEMBERS / LIMIT
      ) {
        throw new Error(`Unexpected answer for page ${page} (${sort}): ${response.status}`);
      }
      return ms;
    };

    console.log(
      `Member list of a ${MEMBERS.toLocaleString('en')}-member team (${database.driver}), limit ${LIMIT}, median of ${RUNS}`,
    );
    console.log(`  seeding the team took ${(seedMs / 1000).toFixed(1)} s`);
    const figures: Record<string, { page1Ms: number; page400Ms: number; ratio: number }> = {};
    const [records] = await queryRows<{ records: number; holders: number }>(
      database.db,
      sql`select count(*)::int as records, count(distinct r.user_id)::int as holders from checklist_records r
            join team_members m on m.user_id = r.user_id and m.team_id = ${teamId}::uuid`,
    );
    console.log(
      `  checklist records: ${records?.records.toLocaleString('en')} of ${records?.holders.toLocaleString('en')} members`,
    );
    for (const sort of ['ascending', 'most-course', 'most', 'least']) {
      for (let run = 0; run < WARM_UP; run += 1) {
        await timed(1, sort);
        await timed(400, sort);
      }
      const first: number[] = [];
      const deep: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        first.push(await timed(1, sort));
        deep.push(await timed(400, sort));
      }
      const page1Ms = median(first);
      const page400Ms = median(deep);
      const ratio = page400Ms / page1Ms;
      figures[sort] = { page1Ms, page400Ms, ratio };
      const verdict = ratio <= TARGET_RATIO ? 'within' : 'OVER';
      console.log(
        `  sort=${sort.padEnd(11)} page 1: ${page1Ms.toFixed(1)} ms, page 400: ${page400Ms.toFixed(1)} ms, ratio ${ratio.toFixed(2)}x (${verdict} the ${TARGET_RATIO}x target)`,
      );
    }
    await mailer.close();
    return figures;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await membersServer();
