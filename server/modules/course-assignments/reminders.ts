import { type SQL, sql } from 'drizzle-orm';
import { assignmentLearners, type LearnerScope, learnerCourseStates } from '../../db/assignments.ts';
import type { Database } from '../../db/client.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { courseLink } from '../../mail/mail-text.ts';
import type { Mail } from '../../mail/mailer.ts';
import { type MailCourse, trainingMail } from '../../mail/training-mail.ts';

/**
 * Reminder mails, owed and sent through the database so that several server processes on one
 * PostgreSQL send each once and a restart loses none:
 * 1. `enqueueReminders` writes a row for each mail that is owed now, keyed so a second write of the
 *    same occurrence is ignored: `assigned` for learners assigned in the last two days (a later
 *    joiner included), `due-7` and `due-1` in the week and the day before a learner's deadline,
 *    `overdue` once it has passed, `expiring` within 30 days of a completion's expiry; at most one
 *    of a kind per learner, assignment and day (mail.ts writes the mails a click sends the same
 *    way), so moving a deadline twice in a day does not announce it twice;
 * 2. `sendReminders` claims unsent rows with FOR UPDATE SKIP LOCKED and, in the same transaction,
 *    writes their mails to the outbox and marks them sent. A process that stops mid-way commits
 *    nothing, and the rows wait for the next sweep.
 */

/** Learners assigned this recently get the `assigned` mail; older assignments were told before. */
export const ASSIGNED_MAIL_WINDOW_DAYS = 2;
/** How far ahead a completion's expiry is announced. */
export const EXPIRY_NOTICE_DAYS = 30;
/** Reminders claimed and mailed per transaction. */
export const REMINDER_BATCH = 500;

export type ReminderKind = 'assigned' | 'due-7' | 'due-1' | 'overdue' | 'expiring';
/** Mails a user's click sends (reassigning, resending), written as rows keyed by the day. */
export type ClickMailKind = 'reassigned' | 'reminder';
type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

const utcText = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Writes the rows of every reminder owed at `now`; answers how many were new. */
export async function enqueueReminders(
  db: Database,
  now: Date,
  { scope = {}, kinds }: { scope?: LearnerScope; kinds?: ReminderKind[] } = {},
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone 'UTC')::date`;
  const wants = (kind: ReminderKind) => !kinds || kinds.includes(kind);
  const parts: SQL[] = [];
  if (wants('assigned')) {
    parts.push(sql`
      select l.assignment_id, l.user_id, null::uuid as course_id, 'assigned' as kind,
             ${utcText('l.assigned_at')} as due_key, l.deadline, null::timestamptz as expires_at
        from (${assignmentLearners(scope)}) l
        join users u on u.id = l.user_id and u.status
       where l.assigned_at >= ${at} - make_interval(days => ${ASSIGNED_MAIL_WINDOW_DAYS})`);
  }
  if (wants('due-7') || wants('due-1') || wants('overdue')) {
    parts.push(sql`
      select s.assignment_id, s.user_id, null::uuid, max(case when s.deadline < ${today} then 'overdue'
                  when s.deadline - ${today} <= 1 then 'due-1' else 'due-7' end),
             s.deadline::text, s.deadline, null::timestamptz
        from states s
       where s.deadline is not null and s.deadline - ${today} <= 7
         and s.state in ('not-started', 'in-progress', 'overdue')
       group by s.assignment_id, s.user_id, s.deadline`);
  }
  if (wants('expiring')) {
    parts.push(sql`
      select s.assignment_id, s.user_id, s.course_id, 'expiring', s.course_id || '@' || ${utcText('s.expires_at')},
             s.deadline, s.expires_at
        from states s
       where s.state = 'completed' and s.expires_at <= ${at} + make_interval(days => ${EXPIRY_NOTICE_DAYS})`);
  }
  if (parts.length === 0) return 0;
  const rows = await db.execute(sql`
    with states as (
      select s.* from (${learnerCourseStates({ ...scope, kind: 'assigned' }, now)}) s
        join users su on su.id = s.user_id and su.status
    ),
    owed (assignment_id, user_id, course_id, kind, due_key, deadline, expires_at) as (
      ${sql.join(parts, sql` union all `)}),
    -- One of a kind per learner, assignment and day (a later one waits for the next day's sweep),
    -- as for the mails a click sends: a deadline moved twice in a day is announced once that day.
    fresh as (
      select distinct on (o.assignment_id, o.user_id, o.kind) o.* from owed o
       where not exists (
         select 1 from assignment_reminders d
          where d.assignment_id = o.assignment_id and d.user_id = o.user_id and d.kind = o.kind
            and d.created_at >= (${today}::timestamp at time zone 'UTC')
            and d.created_at < ((${today} + 1)::timestamp at time zone 'UTC'))
       order by o.assignment_id, o.user_id, o.kind, o.due_key)
    insert into assignment_reminders (assignment_id, user_id, course_id, kind, due_key, deadline, expires_at, created_at)
    select f.*, ${at} from fresh f
    on conflict (assignment_id, user_id, kind, due_key) do nothing
    returning id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

type Claimed = {
  id: string;
  kind: ReminderKind | ClickMailKind;
  assignment_id: string;
  deadline: string | null;
  expires_at: Date | string | null;
  email: string;
  first_name: string;
  title: string;
  course_id: string | null;
  course_name: string | null;
};

/**
 * Claims unsent reminders (of the assignments `assignmentIn` lists, or all), writes their mails and
 * marks them sent, a batch per transaction, until none is left; answers how many were sent.
 */
export async function sendReminders(
  { db, mailer, config }: Deps,
  { assignmentIn, batch = REMINDER_BATCH }: { assignmentIn?: SQL; batch?: number } = {},
): Promise<number> {
  // A training without a course left (all deleted) still points the learner at their trainings.
  const fallback = `${config.appUrl}/user-portal/learning-process/training`;
  const only = assignmentIn ? sql`and r.assignment_id in (${assignmentIn})` : sql``;
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const claimed = (
        (await tx.execute(sql`
          with claimed as (
            select r.id from assignment_reminders r
             where r.sent_at is null ${only}
             order by r.created_at, r.id
             limit ${batch}
               for update skip locked)
          select r.id, r.kind, r.assignment_id, r.deadline::text as deadline, r.expires_at,
                 u.email, u.first_name, a.title, r.course_id, c.name as course_name
            from claimed
            join assignment_reminders r on r.id = claimed.id
            join users u on u.id = r.user_id
            join course_assignments a on a.id = r.assignment_id
            left join courses c on c.id = r.course_id`)) as unknown as { rows: Claimed[] }
      ).rows;
      if (claimed.length === 0) return undefined;
      const assignmentIds = [...new Set(claimed.map((row) => row.assignment_id))];
      const courseRows = (
        (await tx.execute(sql`
          select ac.assignment_id, c.id, c.name from course_assignment_courses ac join courses c on c.id = ac.course_id
           where ac.assignment_id in (${sql.join(
             assignmentIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
           order by c.name`)) as unknown as { rows: { assignment_id: string; id: string; name: string }[] }
      ).rows;
      const coursesOf = new Map<string, MailCourse[]>();
      for (const row of courseRows) {
        const course = { name: row.name, link: courseLink(config.appUrl, row.id) };
        coursesOf.set(row.assignment_id, [...(coursesOf.get(row.assignment_id) ?? []), course]);
      }
      const mails: Mail[] = claimed.map((row) =>
        trainingMail(
          row.kind,
          { email: row.email, firstName: row.first_name },
          row.kind === 'expiring'
            ? {
                title: row.course_name ?? row.title,
                deadline: null,
                courses: row.course_id
                  ? [{ name: row.course_name ?? '', link: courseLink(config.appUrl, row.course_id) }]
                  : [],
                expiresOn: new Date(row.expires_at as string),
              }
            : { title: row.title, deadline: row.deadline, courses: coursesOf.get(row.assignment_id) ?? [] },
          fallback,
        ),
      );
      const deliver = await mailer.record(tx, mails);
      await tx.execute(sql`
        update assignment_reminders set sent_at = now()
         where id in (${sql.join(
           claimed.map((row) => sql`${row.id}::uuid`),
           sql`, `,
         )})`);
      return { count: claimed.length, deliver };
    });
    if (!done) return total;
    done.deliver();
    total += done.count;
  }
}

/** One sweep: every reminder owed now is written, then sent. */
export async function sweepReminders(deps: Deps, now: Date): Promise<{ owed: number; sent: number }> {
  const owed = await enqueueReminders(deps.db, now);
  const sent = await sendReminders(deps);
  return { owed, sent };
}
