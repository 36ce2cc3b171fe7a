import { type SQL, sql } from 'drizzle-orm';
import { assignmentLearners, idList } from '../../db/assignments.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type TrainingMailKind, trainingMail } from '../../mail/training-mail.ts';
import { courseNamesOf } from './queries.ts';

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

/** Mails each recipient about the assignment, with their own deadline, and notes when. */
export async function mailLearners(
  { db, mailer, config }: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  kind: TrainingMailKind,
  assignment: { id: string; title: string },
  recipients: Recipient[],
) {
  if (recipients.length === 0) return;
  const link = `${config.appUrl}/user-portal/learning-process/training`;
  const courseNames = await courseNamesOf(db, assignment.id);
  await mailer.sendMany(
    recipients.map((learner) =>
      trainingMail(
        kind,
        learner,
        { title: assignment.title, deadline: learner.deadline, courses: courseNames },
        link,
      ),
    ),
  );
  await db.execute(sql`
    insert into course_assignment_learners (assignment_id, user_id, last_emailed_at)
    select ${assignment.id}::uuid, id, now() from unnest(${`{${recipients.map((r) => r.id).join(',')}}`}::uuid[]) as id
    on conflict (assignment_id, user_id) do update set last_emailed_at = excluded.last_emailed_at`);
}
