import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { openDatabase } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/rows.ts';
import { readConfig } from '../../server/env.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { enqueueReminders, sendReminders } from '../../server/modules/course-assignments/reminders.ts';
import { freshPostgres } from '../postgres/support/fresh-database.ts';

const LEARNERS = 100_000;
const GROUPS = 100;
const run = promisify(execFile);
const sweepScript = fileURLToPath(new URL('../postgres/support/sweep-once.ts', import.meta.url));

/** 100 groups of 1,000 learners, each group assigned two courses due yesterday: 100,000 overdue. */
async function seedDue(db: Database) {
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash)
    select 'Due', 'Learner ' || n, 'due.' || n || '@example.com', '!due' from generate_series(1, ${LEARNERS}) n`);
  await db.execute(
    sql`insert into user_groups (name) select 'Due group ' || n from generate_series(1, ${GROUPS}) n`,
  );
  await db.execute(sql`insert into courses (name) values ('Due course 1'), ('Due course 2')`);
  await db.execute(sql`
    with u as (select id, row_number() over (order by id) as n from users where email like 'due.%'),
         g as (select id, row_number() over (order by id) as n from user_groups)
    insert into user_group_members (group_id, user_id, joined_at)
    select g.id, u.id, now() - interval '60 days' from u join g on g.n = 1 + u.n % ${GROUPS}`);
  await db.execute(sql`
    insert into course_assignments (title, assignee_kind, deadline, created_at)
    select 'Due assignment ' || n, 'groups', current_date - 1, now() - interval '30 days'
      from generate_series(1, ${GROUPS}) n`);
  await db.execute(sql`
    with a as (select id, row_number() over (order by title) as n from course_assignments),
         g as (select id, row_number() over (order by id) as n from user_groups)
    insert into course_assignment_assignees (assignment_id, group_id, added_at)
    select a.id, g.id, now() - interval '30 days' from a join g on g.n = a.n`);
  await db.execute(sql`
    insert into course_assignment_courses (assignment_id, course_id)
    select a.id, c.id from course_assignments a, courses c`);
}

async function outboxFigures(db: Database) {
  const [row] = await queryRows<{ mails: number; distinct: number; unsent: number }>(
    db,
    sql`select (select count(*) from mail_outbox)::int as mails,
               (select count(*) from (select distinct "to", subject from mail_outbox) d)::int as distinct,
               (select count(*) from assignment_reminders where sent_at is null)::int as unsent`,
  );
  return row ?? { mails: 0, distinct: 0, unsent: 0 };
}

/**
 * One reminder sweep over 100,000 learners whose training is overdue: mails written to the outbox
 * per second, and duplicates. On PostgreSQL (TEST_DATABASE_URL, e.g. under scripts/with-postgres.sh)
 * two processes sweep at once, as two servers would; on the embedded database one process sweeps.
 */
export async function remindersBench() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const fresh = serverUrl ? await freshPostgres(serverUrl, 'training_admin_bench_reminders') : undefined;
  const handle = fresh?.handle ?? (await openDatabase({}));
  try {
    if (!fresh) await handle.migrate();
    const seedStart = performance.now();
    await seedDue(handle.db);
    const seedMs = performance.now() - seedStart;
    const started = performance.now();
    let processes: { owed: number; sent: number }[];
    if (fresh) {
      const env = { ...process.env, DATABASE_URL: fresh.url, NOW: new Date().toISOString() };
      const sweep = () =>
        run(process.execPath, ['--import', 'tsx', sweepScript], { env, maxBuffer: 1 << 20 }).then(
          ({ stdout }) =>
            JSON.parse(stdout.trim().split('\n').at(-1) as string) as { owed: number; sent: number },
        );
      processes = await Promise.all([sweep(), sweep()]);
    } else {
      const config = readConfig({ DIST_DIR: '/nonexistent/dist' });
      const quiet = { info: () => {}, warn: () => {}, error: console.error };
      const mailer = createMailer({
        db: handle.db,
        smtpUrl: undefined,
        from: config.mailFrom,
        logger: quiet,
      });
      const owedAt = performance.now();
      const owed = await enqueueReminders(handle.db, new Date());
      const owedSeconds = (performance.now() - owedAt) / 1000;
      const sent = await sendReminders({ db: handle.db, mailer, config });
      console.log(
        `  writing the ${owed.toLocaleString('en')} owed reminders took ${owedSeconds.toFixed(1)} s`,
      );
      processes = [{ owed, sent }];
      await mailer.close();
    }
    const seconds = (performance.now() - started) / 1000;
    const figures = await outboxFigures(handle.db);
    const duplicates = figures.mails - figures.distinct;
    console.log(
      `Reminder sweep over ${LEARNERS.toLocaleString('en')} overdue learners (${handle.driver}, ${processes.length} process${processes.length > 1 ? 'es' : ''})`,
    );
    console.log(`  seeding took ${(seedMs / 1000).toFixed(1)} s`);
    console.log(
      `  ${figures.mails.toLocaleString('en')} mails in ${seconds.toFixed(1)} s: ${Math.round(figures.mails / seconds).toLocaleString('en')} mails/s; ` +
        `sent per process ${processes.map((p) => p.sent).join(' + ')}; duplicates ${duplicates}; left unsent ${figures.unsent}`,
    );
    return { mails: figures.mails, seconds, mailsPerSecond: figures.mails / seconds, duplicates };
  } finally {
    if (fresh) await fresh.drop();
    else await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await remindersBench();
