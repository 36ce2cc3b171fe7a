import { type SQL, sql } from 'drizzle-orm';
import { assignmentLearners, idList } from '../../db/assignments.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type ClickMailKind, sendReminders } from './reminders.ts';
import { utcDay } from './writes.ts';

export type Recipient = { id: string; email: string; firstName: string; deadline: string | null };

/**
 * The enabled learners of an assignment now, or those of them named, with their deadline; of those
 * `view` lets the caller see (learner-scope.ts), all when undefined.
 */
export function recipientsOf(
  db: Database,
  assignmentId: string,
  userIds?: string[],
  view?: SQL,
): Promise<Recipient[]> {
  const only = userIds ? sql`and l.user_id in (${idList(userIds)})` : sql``;
  return queryRows<Recipient>(
    db,
    sql`select u.id, u.email, u.first_name as "firstName", l.deadline::text as deadline
          from (${assignmentLearners({ assignmentIn: idList([assignmentId]), userIn: view })}) l
          join users u on u.id = l.user_id
         where u.status ${only}
         order by u.id`,
  );
}

/** How many learners the assignment has now, enabled or not: of `userIds` when given, of those `view` shows. */
export async function learnerCount(
  db: Database,
  assignmentId: string,
  userIds?: string[],
  view?: SQL,
): Promise<number> {
  const only = userIds ? sql`where l.user_id in (${idList(userIds)})` : sql``;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n
          from (${assignmentLearners({ assignmentIn: idList([assignmentId]), userIn: view })}) l ${only}`,
  );
  return row?.n ?? 0;
}

/**
 * Mails each recipient about the assignment, with their own deadline, and notes when; answers how
 * many were mailed. A learner gets one mail of a kind per assignment and day, whatever is clicked:
 * the mail is a row of assignment_reminders keyed by the day (a second one that day is not
 * written), sent like the sweep's in the transaction that marks it sent.
 */
export async function mailLearners(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'clock'>,
  kind: ClickMailKind,
  assignment: { id: string; title: string },
  recipients: Recipient[],
): Promise<number> {
  if (recipients.length === 0) return 0;
  const { db } = deps;
  const now = deps.clock();
  const learners = sql.join(
    recipients.map((learner) => sql`(${learner.id}::uuid, ${learner.deadline}::date)`),
    sql`, `,
  );
  const owed = await queryRows<{ user_id: string }>(
    db,
    sql`insert into assignment_reminders (assignment_id, user_id, kind, due_key, deadline, created_at)
        select ${assignment.id}::uuid, r.user_id, ${kind}, ${utcDay(now)}, r.deadline, ${now.toISOString()}::timestamptz
          from (values ${learners}) as r(user_id, deadline)
        on conflict (assignment_id, user_id, kind, due_key) do nothing
        returning user_id`,
  );
  if (owed.length === 0) return 0;
  await sendReminders(deps, { assignmentIn: idList([assignment.id]) });
  await db.execute(sql`
    insert into course_assignment_learners (assignment_id, user_id, last_emailed_at)
    select ${assignment.id}::uuid, id, now() from unnest(${`{${owed.map((r) => r.user_id).join(',')}}`}::uuid[]) as id
    on conflict (assignment_id, user_id) do update set last_emailed_at = excluded.last_emailed_at`);
  return owed.length;
}
