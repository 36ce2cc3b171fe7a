import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { compliancePaths } from '../../contract/course-assignments/compliance.ts';
import { courseAssignmentPaths } from '../../contract/course-assignments/resource.ts';
import { API_BASE, paths } from '../../contract/paths.ts';
import { createApp } from '../../server/app.ts';
import { assignmentCounts, idList } from '../../server/db/assignments.ts';
import type { Database } from '../../server/db/client.ts';
import { figuresAt, refreshCompliance } from '../../server/db/compliance.ts';
import { queryRows } from '../../server/db/rows.ts';
import { readConfig } from '../../server/env.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import {
  compliancePage,
  compliancePageSql,
} from '../../server/modules/course-assignments/compliance-queries.ts';
import { openTestDatabase } from '../api/helpers.ts';
import { median } from './support/users-app.ts';

/** A smaller organization for trying the bench out (BENCH_SCALE=0.1); the figures are at 1. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const USERS = Math.round(100_000 * SCALE);
const GROUPS = 500;
const TEAMS = 100;
const ASSIGNMENTS = 2_000;
const COURSES = 50;
const COMPLETIONS = Math.round(1_000_000 * SCALE);
const RUNS = 15;
const WARM_UP = 3;
/** Runs of the dashboard's two reads sent together. */
const DASHBOARD_RUNS = 5;
const TARGET_RATIO = 1.5;
/** What the compliance figures and the report's first page must answer within. */
const FIGURES_TARGET_MS = 300;
/** How much slower a write that marks the figures out of date may be than without the marking. */
const WRITE_TARGET_RATIO = 1.3;
const WRITE_RUNS = 15;

/**
 * 100,000 users in 500 groups and 100 teams, 2,000 assignments (half to a group, half to a team,
 * one to three courses each, every expiry kind) and 1,000,000 completions, written set-based.
 */
export async function seedScale(db: Database) {
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, created_at)
    select 'Scale', 'User ' || n, 'scale.' || n || '@example.com', '!scale', now() - interval '3 years'
      from generate_series(1, ${USERS}) n`);
  await db.execute(
    sql`insert into user_groups (name) select 'Scale group ' || n from generate_series(1, ${GROUPS}) n`,
  );
  await db.execute(sql`
    insert into teams (title, team_name) select 'Scale team ' || n, 'scale-' || n from generate_series(1, ${TEAMS}) n`);
  await db.execute(
    sql`insert into courses (name) select 'Scale course ' || n from generate_series(1, ${COURSES}) n`,
  );
  // Each user in one group and one team, joined at some day of the last two years.
  await db.execute(sql`
    with u as (select id, row_number() over (order by id) as n from users where email like 'scale.%'),
         g as (select id, row_number() over (order by id) as n from user_groups where name like 'Scale group %')
    insert into user_group_members (group_id, user_id, joined_at)
    select g.id, u.id, now() - (u.n % 700) * interval '1 day' from u join g on g.n = 1 + u.n % ${GROUPS}`);
  await db.execute(sql`
    with u as (select id, row_number() over (order by id) as n from users where email like 'scale.%'),
         t as (select id, row_number() over (order by id) as n from teams where title like 'Scale team %')
    insert into team_members (team_id, user_id, joined_at)
    select t.id, u.id, now() - (u.n % 500) * interval '1 day' from u join t on t.n = 1 + (u.n * 7) % ${TEAMS}`);
  await db.execute(sql`
    insert into course_assignments (title, assignee_kind, deadline, due_within_days, expiry_type, expiry_date,
                                    expiry_value, expiry_unit, created_at)
    select 'Scale assignment ' || n, case when n % 2 = 0 then 'groups' else 'teams' end,
           case when n % 3 = 0 then current_date + (n % 90) - 45 end,
           case when n % 3 = 1 then 30 + n % 60 end,
           case n % 4 when 0 then 'none' when 1 then 'fixed' else 'dynamic' end,
           case when n % 4 = 1 then current_date + (n % 400) - 100 end,
           case when n % 4 in (2, 3) then 1 + n % 3 end,
           case when n % 4 = 2 then 'years' when n % 4 = 3 then 'months' end,
           now() - (n % 365) * interval '1 day'
      from generate_series(1, ${ASSIGNMENTS}) n`);
  await db.execute(sql`
    with a as (select id, row_number() over (order by title) as n, assignee_kind, created_at
                 from course_assignments where title like 'Scale assignment %'),
         g as (select id, row_number() over (order by id) as n from user_groups where name like 'Scale group %'),
         t as (select id, row_number() over (order by id) as n from teams where title like 'Scale team %')
    insert into course_assignment_assignees (assignment_id, group_id, team_id, added_at)
    select a.id,
           case when a.assignee_kind = 'groups' then (select g.id from g where g.n = 1 + a.n % ${GROUPS}) end,
           case when a.assignee_kind = 'teams' then (select t.id from t where t.n = 1 + a.n % ${TEAMS}) end,
           a.created_at
      from a`);
  await db.execute(sql`
    with a as (select id, row_number() over (order by title) as n from course_assignments where title like 'Scale assignment %'),
         c as (select id, row_number() over (order by id) as n from courses where name like 'Scale course %')
    insert into course_assignment_courses (assignment_id, course_id)
    select distinct a.id, c.id from a, generate_series(0, 2) k join c on true
     where k <= a.n % 3 and c.n = 1 + (a.n * 3 + k * 11) % ${COURSES}`);
  await db.execute(sql`
    with u as (select array_agg(id order by id) as ids from users where email like 'scale.%'),
         c as (select array_agg(id order by id) as ids from courses where name like 'Scale course %')
    insert into course_completions (user_id, course_id, completed_at)
    select u.ids[1 + ((n::bigint * 7919) % ${USERS})::int], c.ids[1 + (n * 31) % ${COURSES}], now() - (n % 730) * interval '1 day'
      from generate_series(1, ${COMPLETIONS}) n, u, c`);
}

/**
 * Server time of one assignment's counts (GET /course-assignment/:id, a team of about 1,000
 * learners), of the administration's first page (10 assignments with their counts), and of the
 * compliance dashboard's figures and its report's first page, each against its SQL run directly,
 * on the embedded database (or PostgreSQL with TEST_DATABASE_URL); then the time the dashboard
 * takes to answer both of its reads, sent together as the screen sends them.
 */
export async function assignmentStatus() {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-assignments-'));
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  try {
    const seedStart = performance.now();
    await seedScale(database.db);
    const seedMs = performance.now() - seedStart;
    if (database.vacuum) await database.vacuum();
    else await database.db.execute(sql`vacuum analyze`);
    // The kept figures are filled from every learner at once, as after the migration that adds them.
    const fillStart = performance.now();
    await refreshCompliance(database.db, new Date());
    const fillMs = performance.now() - fillStart;
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
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    const token = ((await login.json()) as { results: { token: string } }).results.token;
    const headers = { authorization: `Bearer ${token}` };
    const [team] = await queryRows<{ id: string; learners: number }>(
      database.db,
      sql`select a.id, (select count(*) from team_members m where m.team_id = x.team_id)::int as learners
            from course_assignments a join course_assignment_assignees x on x.assignment_id = a.id
           where a.title like 'Scale assignment %' and x.team_id is not null order by a.title limit 1`,
    );
    if (!team) throw new Error('No team assignment was seeded');
    const firstPage = await queryRows<{ id: string }>(
      database.db,
      sql`select id from course_assignments order by created_at desc, id desc limit 10`,
    );

    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const api = (path: string) => async () => {
      const response = await app.request(`${API_BASE}${path}`, { headers });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      await response.json();
    };
    const direct = (ids: string[]) => () =>
      queryRows(database.db, assignmentCounts({ assignmentIn: idList(ids) }, new Date()));
    const now = () => new Date();
    const reportFilters = { status: 'assigned' as const, team: undefined, course: undefined };
    const [someCourse] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from courses where name = 'Scale course 7'`,
    );
    const [someTeam] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from teams where title = 'Scale team 7'`,
    );
    if (!someCourse || !someTeam) throw new Error('No course or team was seeded');
    // Taken at its link, so it may be assigned (the bench's writes assign it).
    await database.db.execute(
      sql`update courses set external_link = 'https://example.com/scale' where id = ${someCourse.id}`,
    );
    const pairs = {
      'one assignment': { served: api(courseAssignmentPaths.one(team.id)), sql: direct([team.id]) },
      'first page of 10': {
        served: api(`${courseAssignmentPaths.list}?page=1&limit=10`),
        sql: direct(firstPage.map((row) => row.id)),
      },
      'dashboard figures': {
        served: api(compliancePaths.figures),
        sql: () => figuresAt(database.db, now(), undefined),
        target: true,
      },
      "a team's figures": {
        served: api(`${compliancePaths.figures}?team=${someTeam.id}`),
        sql: () => figuresAt(database.db, now(), someTeam.id),
        target: true,
      },
      'report first page': {
        served: api(`${compliancePaths.report}?page=1&limit=10`),
        sql: () => queryRows(database.db, compliancePageSql(reportFilters, { offset: 0, limit: 10 }, now())),
        target: true,
      },
      "a course's report": {
        served: api(`${compliancePaths.report}?page=1&limit=10&course=${someCourse.id}`),
        // Its number of rows, then the page found the way that number suits.
        sql: () =>
          compliancePage(
            database.db,
            { ...reportFilters, course: someCourse.id },
            { offset: 0, limit: 10 },
            now(),
          ),
        target: true,
      },
      "a team's report": {
        served: api(`${compliancePaths.report}?page=1&limit=10&team=${someTeam.id}`),
        sql: () =>
          queryRows(
            database.db,
            compliancePageSql({ ...reportFilters, team: someTeam.id }, { offset: 0, limit: 10 }, now()),
          ),
        target: true,
      },
    } as Record<
      string,
      {
        served: () => Promise<unknown>;
        sql: () => Promise<unknown>;
        runs?: number;
        warmUp?: number;
        target?: boolean;
      }
    >;
    console.log(
      `Assignment counts over ${USERS.toLocaleString('en')} users, ${ASSIGNMENTS.toLocaleString('en')} assignments, ` +
        `${COMPLETIONS.toLocaleString('en')} completions (${database.driver}), median of ${RUNS}`,
    );
    console.log(
      `  seeding took ${(seedMs / 1000).toFixed(1)} s; filling the kept figures from every learner took ${(fillMs / 1000).toFixed(1)} s; the team assignment has ${team.learners} learners`,
    );
    const figures: Record<string, { servedMs: number; sqlMs: number; ratio: number }> = {};
    for (const [name, pair] of Object.entries(pairs)) {
      for (let run = 0; run < (pair.warmUp ?? WARM_UP); run += 1) {
        await pair.served();
        await pair.sql();
      }
      const served: number[] = [];
      const direct: number[] = [];
      for (let run = 0; run < (pair.runs ?? RUNS); run += 1) {
        served.push(await time(pair.served));
        direct.push(await time(pair.sql));
      }
      const servedMs = median(served);
      const sqlMs = median(direct);
      const ratio = servedMs / sqlMs;
      figures[name] = { servedMs, sqlMs, ratio };
      console.log(
        pair.target
          ? `  ${name.padEnd(18)} served ${servedMs.toFixed(1)} ms (${servedMs < FIGURES_TARGET_MS ? 'under' : 'OVER'} the ${FIGURES_TARGET_MS} ms target), its SQL ${sqlMs.toFixed(1)} ms`
          : `  ${name.padEnd(18)} served ${servedMs.toFixed(1)} ms, its SQL ${sqlMs.toFixed(1)} ms, ratio ${ratio.toFixed(2)}x (${ratio <= TARGET_RATIO ? 'within' : 'OVER'} the ${TARGET_RATIO}x target)`,
      );
    }
    const rowsOf = async (query: string) => {
      const response = await app.request(`${API_BASE}${compliancePaths.report}?limit=10${query}`, {
        headers,
      });
      return ((await response.json()) as { results: { total: number } }).results.total.toLocaleString('en');
    };
    console.log(
      `  the reports hold ${await rowsOf('')} rows (organization), ${await rowsOf(`&team=${someTeam.id}`)} (a team), ${await rowsOf(`&course=${someCourse.id}`)} (a course)`,
    );
    const answers: number[] = [];
    for (let run = 0; run < DASHBOARD_RUNS; run += 1) {
      answers.push(
        await time(() =>
          Promise.all([api(compliancePaths.figures)(), api(`${compliancePaths.report}?page=1&limit=10`)()]),
        ),
      );
    }
    const dashboardMs = median(answers);
    console.log(
      `  the dashboard (figures and the report's first page, asked together) answers in ${(dashboardMs / 1000).toFixed(2)} s`,
    );
    const writes = await writeCosts(database.db, app, headers, someTeam.id, someCourse.id);
    await mailer.close();
    return { ...figures, dashboard: { answerMs: dashboardMs }, writes };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The tables whose writes mark the kept figures out of date (migration 0029's triggers). */
const MARKED_TABLES = [
  'course_completions',
  'team_members',
  'user_group_members',
  'course_assignment_learners',
  'course_assignment_assignees',
  'course_assignment_courses',
  'course_assignments',
  'users',
];

/**
 * Writes that change the figures, timed with the triggers that mark them out of date and without
 * them (the write as it was before the figures were kept): a learner's course completion, a team
 * joined, and a course assigned to a team of about 1,000 through the API. Then the figures read
 * right after such a write, which works the marked learners or assignment out again first.
 * (The writes made without the triggers are left out of the figures: nothing reads them after.)
 */
async function writeCosts(
  db: Database,
  app: ReturnType<typeof createApp>,
  headers: Record<string, string>,
  teamId: string,
  courseId: string,
) {
  const learners = await queryRows<{ id: string }>(
    db,
    sql`select id from users where email like 'scale.%' order by id limit ${WRITE_RUNS * 4}`,
  );
  const ids = learners.map((row) => row.id);
  let next = 0;
  const person = () => ids[next++ % ids.length] as string;
  let assignment = 0;
  const writes: Record<string, () => Promise<unknown>> = {
    'a completion': () =>
      db.execute(sql`insert into course_completions (user_id, course_id, completed_at)
                     values (${person()}, ${courseId}, now())`),
    'a team joined': () =>
      db.execute(sql`insert into team_members (team_id, user_id, joined_at)
                     values (${teamId}, ${person()}, now()) on conflict do nothing`),
    'a team assigned': async () => {
      assignment += 1;
      const response = await app.request(`${API_BASE}${courseAssignmentPaths.list}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Bench write ${assignment}`,
          courseIds: [courseId],
          assigneeKind: 'teams',
          assigneeIds: [teamId],
          dueWithinDays: 30,
        }),
      });
      if (response.status !== 201)
        throw new Error(`Assigning answered ${response.status}: ${await response.text()}`);
    },
  };
  const timeOf = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const readFigures = async () => {
    const response = await app.request(`${API_BASE}${compliancePaths.figures}`, { headers });
    if (response.status !== 200) throw new Error(`The figures answered ${response.status}`);
    await response.json();
  };
  const results: Record<string, { markedMs: number; plainMs: number; ratio: number; readAfterMs: number }> =
    {};
  console.log(`  writes, median of ${WRITE_RUNS}, with the marking triggers and without:`);
  const triggers = async (state: 'enable' | 'disable') => {
    for (const table of MARKED_TABLES)
      await db.execute(sql.raw(`alter table ${table} ${state} trigger user`));
  };
  for (const [name, write] of Object.entries(writes)) {
    const marked: number[] = [];
    const plain: number[] = [];
    const readAfter: number[] = [];
    // Runs alternate, so both kinds of write meet the database in the same state.
    for (let run = 0; run < WRITE_RUNS; run += 1) {
      marked.push(await timeOf(write));
      readAfter.push(await timeOf(readFigures));
      await triggers('disable');
      try {
        plain.push(await timeOf(write));
      } finally {
        await triggers('enable');
      }
    }
    const markedMs = median(marked);
    const plainMs = median(plain);
    const ratio = markedMs / plainMs;
    const readAfterMs = median(readAfter);
    results[name] = { markedMs, plainMs, ratio, readAfterMs };
    console.log(
      `    ${name.padEnd(16)} ${markedMs.toFixed(1)} ms against ${plainMs.toFixed(1)} ms, ${ratio.toFixed(2)}x (${ratio <= WRITE_TARGET_RATIO ? 'within' : 'OVER'} the ${WRITE_TARGET_RATIO}x target); the figures read after it ${readAfterMs.toFixed(1)} ms`,
    );
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await assignmentStatus();
