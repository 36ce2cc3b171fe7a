import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/rows.ts';
import { freshPostgres } from './support/fresh-database.ts';

// Two server processes sweep reminders on one PostgreSQL at the same time: every reminder is
// mailed once. Run with scripts/with-postgres.sh, which provides TEST_DATABASE_URL.

const run = promisify(execFile);
const script = fileURLToPath(new URL('./support/sweep-once.ts', import.meta.url));
const LEARNERS = 3000;

const serverUrl = process.env.TEST_DATABASE_URL;
let handle: DatabaseHandle;
let url: string;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (!serverUrl)
    throw new Error('These tests need a PostgreSQL server: run them with scripts/with-postgres.sh');
  ({ handle, url, drop } = await freshPostgres(serverUrl, 'training_admin_processes'));
  // Learners in one group, assigned a course due yesterday: each owes one overdue reminder.
  await handle.db.execute(sql`
    with g as (insert into user_groups (name) values ('Everyone') returning id),
    made as (
      insert into users (first_name, last_name, email, password_hash)
      select 'Learner', 'No ' || n, 'learner-' || n || '@example.com', 'x' from generate_series(1, ${LEARNERS}) n
      returning id)
    insert into user_group_members (group_id, user_id, joined_at)
    select g.id, made.id, now() - interval '30 days' from g, made`);
}, 120_000);

afterAll(async () => {
  await drop?.();
});

describe('reminders swept by two processes at once', () => {
  it('mails every owed reminder exactly once', async () => {
    await handle.db.execute(sql`
      with c as (insert into courses (name) values ('Fire Safety') returning id),
           a as (insert into course_assignments (title, assignee_kind, deadline, created_at)
                 values ('Fire drill', 'groups', current_date - 1, now() - interval '20 days') returning id),
           ac as (insert into course_assignment_courses (assignment_id, course_id) select a.id, c.id from a, c)
      insert into course_assignment_assignees (assignment_id, group_id, added_at)
      select a.id, g.id, now() - interval '20 days' from a, user_groups g`);
    const env = { ...process.env, DATABASE_URL: url, NOW: new Date().toISOString(), BATCH: '50' };
    const sweep = () =>
      run(process.execPath, ['--import', 'tsx', script], { env, maxBuffer: 1 << 20 }).then(
        ({ stdout }) =>
          JSON.parse(stdout.trim().split('\n').at(-1) as string) as { owed: number; sent: number },
      );
    const [first, second] = await Promise.all([sweep(), sweep()]);
    console.log(`two processes: first sent ${first.sent}, second sent ${second.sent} of ${LEARNERS}`);
    expect(first.owed + second.owed).toBe(LEARNERS);
    expect(first.sent + second.sent).toBe(LEARNERS);
    const [mail] = await queryRows<{ mails: number; recipients: number }>(
      handle.db,
      sql`select count(*)::int as mails, count(distinct "to")::int as recipients from mail_outbox
           where subject = 'Overdue: Fire drill'`,
    );
    expect(mail).toEqual({ mails: LEARNERS, recipients: LEARNERS });
    const [left] = await queryRows<{ unsent: number }>(
      handle.db,
      sql`select count(*)::int as unsent from assignment_reminders where sent_at is null`,
    );
    expect(left?.unsent).toBe(0);
    // A third process, as after a restart, finds nothing more to send.
    expect(await sweep()).toEqual({ owed: 0, sent: 0 });
  }, 120_000);
});
