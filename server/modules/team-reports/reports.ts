import { type SQL, sql } from 'drizzle-orm';
import type {
  ActivityEntry,
  MemberSummary,
  TeamReport,
  TranscriptEntry,
} from '../../../contract/team-dashboard.ts';
import { learnerCourseStates } from '../../db/assignments.ts';
import { checklistCompletions, memberChecklistStates } from '../../db/checklist-progress.ts';
import type { Database } from '../../db/client.ts';
import { elearningCompletions } from '../../db/elearning-progress.ts';
import { type CardRow, cardColumns, cardJoins, toCard } from '../../db/progress.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { signFileUrl } from '../../files/signed-url.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { isVirtual } from './attendance.ts';
import { member, VIEW_LIMIT } from './entries.ts';

const RECENT = sql`now() - interval '30 days'`;

/**
 * An account that can be used now (TeamReport.availableUsers): enabled, with a password of its own.
 * Until an invited user sets theirs, the hash is unusable, which unusablePasswordHash marks with a
 * leading '!' (server/auth/password.ts).
 */
const canSignIn = sql`(u.status and left(u.password_hash, 1) <> '!')`;

export async function teamReport(db: Database, teamId: string): Promise<TeamReport> {
  const members = sql`select user_id from team_members where team_id = ${teamId}`;
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*) from team_members where team_id = ${teamId})::int as members_count,
      (select count(*) from team_members m join users u on u.id = m.user_id
        where m.team_id = ${teamId} and ${canSignIn})::int as available_users,
      (select count(*) from sessions where user_id in (${members}) and created_at > ${RECENT})::int as sign_ins,
      (select count(*) from course_completions
        where user_id in (${members}) and completed_at > ${RECENT})::int as course_completions,
      (select count(*) from (${checklistCompletions(members)}) k
        where k.completed_at > ${RECENT})::int as checklist_completions,
      (select count(*) from event_attendees a
        where a.user_id in (${members}) and a.state <> 'cancelled' and ${isVirtual(sql`a.event_id`)})::int as invited,
      (select count(*) from event_attendees a
        where a.user_id in (${members}) and a.state = 'attended' and ${isVirtual(sql`a.event_id`)})::int as attended`,
  );
  return {
    membersCount: row?.members_count ?? 0,
    availableUsers: row?.available_users ?? 0,
    activity: {
      signIns: row?.sign_ins ?? 0,
      courseCompletions: row?.course_completions ?? 0,
      checklistCompletions: row?.checklist_completions ?? 0,
    },
    virtualAttendance: { invited: row?.invited ?? 0, attended: row?.attended ?? 0 },
  };
}

type ActivityRow = {
  kind: ActivityEntry['kind'];
  title: string;
  at: Date | string;
  user_id: string;
  first_name: string;
  last_name: string;
};

/**
 * Sign-ins (sessions started), completions and graded quiz attempts of the users `who` selects,
 * newest first. A checklist is completed at the record that completed it and while it stands done;
 * an e-learning package when the last of its items counted as done in an attempt.
 */
function activityQuery(who: SQL, since: SQL | undefined): SQL {
  const after = (column: SQL) => (since ? sql`and ${column} > ${since}` : sql``);
  return sql`
    select a.kind, a.title, a.at, u.id as user_id, u.first_name, u.last_name
      from (
        (select 'sign-in' as kind, 'Signed in' as title, s.created_at as at, s.user_id
           from sessions s where s.user_id in (${who}) ${after(sql`s.created_at`)}
          order by s.created_at desc limit ${VIEW_LIMIT})
        union all
        (select 'course-completed', c.name, cc.completed_at, cc.user_id
           from course_completions cc join courses c on c.id = cc.course_id
          where cc.user_id in (${who}) ${after(sql`cc.completed_at`)}
          order by cc.completed_at desc limit ${VIEW_LIMIT})
        union all
        (select case when q.passed then 'quiz-passed' else 'quiz-failed' end, z.name || ' (' || q.score || '%)',
                q.submitted_at, q.user_id
           from quiz_attempts q join quizzes z on z.id = q.quiz_id
          where q.user_id in (${who}) and q.submitted_at is not null ${after(sql`q.submitted_at`)}
          order by q.submitted_at desc limit ${VIEW_LIMIT})
        union all
        (select 'checklist-completed', k.title, kc.completed_at, kc.user_id
           from (${checklistCompletions(who)}) kc join checklists k on k.id = kc.checklist_id
          where true ${after(sql`kc.completed_at`)}
          order by kc.completed_at desc limit ${VIEW_LIMIT})
        union all
        (select 'elearning-completed', p.title, ec.completed_at, ec.user_id
           from (${elearningCompletions(who)}) ec join elearning_packages p on p.id = ec.package_id
          where true ${after(sql`ec.completed_at`)}
          order by ec.completed_at desc limit ${VIEW_LIMIT})
      ) a
      join users u on u.id = a.user_id
     order by a.at desc, a.kind, a.title
     limit ${VIEW_LIMIT}`;
}

/** What the team's members did in the last 30 days, with who did it. */
export async function teamActivity(db: Database, teamId: string): Promise<ActivityEntry[]> {
  const rows = await queryRows<ActivityRow>(
    db,
    activityQuery(sql`select user_id from team_members where team_id = ${teamId}`, RECENT),
  );
  return rows.map((row) => ({ kind: row.kind, title: row.title, at: isoTime(row.at), member: member(row) }));
}

/** One member's sign-ins and completions, newest first. */
export async function memberActivity(db: Database, memberId: string): Promise<ActivityEntry[]> {
  const rows = await queryRows<ActivityRow>(db, activityQuery(sql`${memberId}::uuid`, undefined));
  return rows.map((row) => ({ kind: row.kind, title: row.title, at: isoTime(row.at) }));
}

export async function memberSummary(
  db: Database,
  memberId: string,
  now: Date,
): Promise<MemberSummary | undefined> {
  const [row] = await queryRows<CardRow & { last_sign_in_at: Date | string | null }>(
    db,
    sql`select ${cardColumns},
        (select max(s.created_at) from sessions s where s.user_id = u.id) as last_sign_in_at
      from users u ${cardJoins(now)}
     where u.id = ${memberId}`,
  );
  if (!row) return undefined;
  const teams = await queryRows<{ _id: string; title: string }>(
    db,
    sql`select t.id as "_id", t.title from team_members m join teams t on t.id = m.team_id
         where m.user_id = ${memberId} order by t.title, t.id`,
  );
  return {
    member: {
      ...toCard(row),
      lastSignInAt: row.last_sign_in_at === null ? null : isoTime(row.last_sign_in_at),
      teams,
    },
  };
}

type TranscriptRow = {
  kind: TranscriptEntry['kind'];
  id: string;
  title: string;
  training_title: string | null;
  assigned_at: Date | string;
  deadline: string | null;
  completed_at: Date | string | null;
  state: TranscriptEntry['state'];
  gives_certificate: boolean;
};

/** Whether any training giving the course sees it in `state`, over the course's rows. */
const seen = (state: string) => sql.raw(`bool_or(s.state = '${state}') over (partition by s.course_id)`);

/**
 * Every course assigned to the member, once (with the training due first when several give it),
 * and every checklist of those courses' outlines (server/db/checklist-progress.ts), latest first:
 * by the later of when it was assigned and when it was completed. A course's state follows the card's count (server/db/progress.ts): completed
 * when one of its trainings sees it completed, else the most pressing state one of them sees.
 */
export async function memberTranscript(
  deps: Pick<AppDeps, 'db'>,
  memberId: string,
  now: Date,
): Promise<TranscriptEntry[]> {
  const { db } = deps;
  const rows = await queryRows<TranscriptRow>(
    db,
    sql`
    select * from (
    select * from (
      select distinct on (s.course_id)
             'course' as kind, c.id, c.name as title, a.title as training_title, s.assigned_at,
             s.deadline::text as deadline,
             max(s.completed_at) over (partition by s.course_id) as completed_at,
             case when ${seen('completed')} then 'completed'
                  when ${seen('overdue')} then 'overdue'
                  when ${seen('expired')} then 'expired'
                  when ${seen('in-progress')} then 'in-progress'
                  else 'not-started' end as state,
             c.gives_certificate
        from (${learnerCourseStates({ userId: sql`${memberId}::uuid`, kind: 'assigned' }, now)}) s
        join course_assignments a on a.id = s.assignment_id
        join courses c on c.id = s.course_id
       order by s.course_id, s.deadline asc nulls last, s.assigned_at asc
    ) courses
    union all
    select 'checklist', k.id, k.title, null, ks.assigned_at, null, ks.completed_at, ks.state, false
      from (${memberChecklistStates(sql`${memberId}::uuid`, now)}) ks
      join checklists k on k.id = ks.checklist_id
    ) entries
    order by greatest(assigned_at, completed_at) desc, title, kind`,
  );
  const handIns = await handInsByCourse(deps, memberId);
  return rows.map((row) => ({
    kind: row.kind,
    _id: row.id,
    title: row.title,
    trainingTitle: row.training_title,
    assignedAt: isoTime(row.assigned_at),
    deadline: row.deadline,
    completedAt: row.completed_at === null ? null : isoTime(row.completed_at),
    state: row.state,
    ...(row.kind === 'course'
      ? {
          handIns: handIns.get(row.id) ?? [],
          certificate: row.gives_certificate && row.completed_at !== null,
        }
      : {}),
  }));
}

type HandInRow = { course_id: string; id: string; file_name: string; file_key: string };

/**
 * The member's hand-ins by the courses whose outline holds their activity's lesson, latest first:
 * one query over the member's hand-ins (hand_ins_user_activity_idx), whatever the courses.
 */
async function handInsByCourse(deps: Pick<AppDeps, 'db'>, memberId: string) {
  const rows = await queryRows<HandInRow>(
    deps.db,
    sql`select o.course_id, h.id, h.file_name, h.file_key
          from hand_ins h
          join lesson_activities a on a.id = h.activity_id
          join course_outline_items o on o.lesson_id = a.lesson_id
         where h.user_id = ${memberId}
         order by h.handed_in_at desc, h.id`,
  );
  const byCourse = new Map<string, { _id: string; name: string; url: string }[]>();
  for (const row of rows) {
    const list = byCourse.get(row.course_id) ?? [];
    list.push({
      _id: row.id,
      name: row.file_name,
      url: await signFileUrl(deps, row.file_key, { name: row.file_name }),
    });
    byCourse.set(row.course_id, list);
  }
  return byCourse;
}
