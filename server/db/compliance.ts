import { type SQL, sql } from 'drizzle-orm';
import { EXPIRING_WITHIN_DAYS } from '../../contract/course-assignments/compliance.ts';
import { learnerCourseStates } from './assignments.ts';
import type { Database, Transaction } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * The compliance figures kept up to date, so reading them costs the same at 100,000 users as at
 * ten (record 031).
 *
 * - `compliance_facts` holds each enabled learner's row of assigned training (assignment, course)
 *   with what does not change as time passes: the deadline, the counting completion, its expiry.
 *   They are worked out by the model itself (learnerCourseStates), for the learners and the
 *   assignments that triggers marked in `compliance_dirty` since the last refresh.
 * - `compliance_counts` holds the figures as they were at the checkpoint's moment T, per team (or
 *   the organization) and per course (or all); a refresh takes the old facts' share out and puts
 *   the new facts' share in, with the team memberships each was counted under
 *   (`compliance_members`).
 * - A figure changes by itself only at a few moments of a row: its completion expiring, 30 days
 *   before that (it starts to count as expiring) and the day after its deadline. The figures at any
 *   moment are the counts at T plus the rows whose moments fall between T and then, found through
 *   the indexes on expires_at and deadline; the checkpoint moves to the present now and then.
 */

/** The organization's (or every course's) key in compliance_counts. */
export const ALL = '00000000-0000-0000-0000-000000000000';
const EXPIRING_SECONDS = EXPIRING_WITHIN_DAYS * 86_400;
/** How far the clock may be from the checkpoint before a refresh moves it. */
const CHECKPOINT_MS = 60 * 60 * 1000;
/** Learners, or assignments, one transaction of a refresh works out: other requests go on between. */
const REFRESH_USERS = 2_000;
const REFRESH_ASSIGNMENTS = 50;
/** The transaction lock that lets one refresh run at a time across server processes. */
const REFRESH_LOCK = 7_310_031;

const soonAfter = (at: SQL) => sql`(${at} + make_interval(secs => ${EXPIRING_SECONDS}))`;
const utcDay = (at: SQL) => sql`((${at}) at time zone 'UTC')::date`;

/** A list of ids as one parameter (a text array), however long. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The state of a fact row `f` at `at`, as learnerCourseStates has it; `p` is its course_progress. */
export function factState(at: Date): SQL {
  const moment = sql`${at.toISOString()}::timestamptz`;
  return sql`case
      when f.completed_at is not null and (f.expires_at is null or f.expires_at > ${moment}) then 'completed'
      when f.completed_at is not null then 'expired'
      when f.deadline < ${utcDay(moment)} then 'overdue'
      when p.last_activity_at >= coalesce(f.round_start, '-infinity') then 'in-progress'
      else 'not-started'
    end`;
}

/** Whether a fact row `f` counts in a figure at `at`. */
export function factCounts(at: Date): Record<'completed' | 'overdue' | 'expiring', SQL> {
  const moment = sql`${at.toISOString()}::timestamptz`;
  const completed = sql`(f.completed_at is not null and (f.expires_at is null or f.expires_at > ${moment}))`;
  return {
    completed,
    overdue: sql`((f.completed_at is not null and f.expires_at <= ${moment})
                  or (f.completed_at is null and f.deadline < ${utcDay(moment)}))`,
    expiring: sql`(${completed} and f.expires_at <= ${soonAfter(moment)})`,
  };
}

/**
 * Adds (sign 1) or takes out (-1) the share of the fact rows `rows` (a CTE name) in the counts at
 * T, under the memberships compliance_members holds now.
 */
function applyShare(rows: string, sign: 1 | -1, at: Date): SQL {
  const figure = factCounts(at);
  const source = sql.raw(rows);
  return sql`
    insert into compliance_counts as cc (team_key, course_key, assigned, completed, overdue, expiring)
    select k.team_key, coalesce(k.course_id, ${ALL}::uuid),
           ${sign} * count(*)::int, ${sign} * count(*) filter (where k.completed)::int,
           ${sign} * count(*) filter (where k.overdue)::int, ${sign} * count(*) filter (where k.expiring)::int
      from (select x.team_key, f.course_id, ${figure.completed} as completed, ${figure.overdue} as overdue,
                   ${figure.expiring} as expiring
              from ${source} f
              cross join lateral (select ${ALL}::uuid as team_key
                                  union all
                                  select m.team_id from compliance_members m where m.user_id = f.user_id) x) k
     group by grouping sets ((k.team_key, k.course_id), (k.team_key))
    on conflict (team_key, course_key) do update
       set assigned = cc.assigned + excluded.assigned, completed = cc.completed + excluded.completed,
           overdue = cc.overdue + excluded.overdue, expiring = cc.expiring + excluded.expiring`;
}

/** The facts of the learners `users` (all their assignments) or of the assignments `assignments`. */
function freshFacts(scope: { users: string[] } | { assignments: string[] }, at: Date): SQL {
  const states =
    'users' in scope
      ? learnerCourseStates({ kind: 'assigned', userIn: sql`select unnest(${uuidArray(scope.users)})` }, at)
      : learnerCourseStates(
          { kind: 'assigned', assignmentIn: sql`select unnest(${uuidArray(scope.assignments)})` },
          at,
        );
  return sql`select s.user_id, s.assignment_id, s.course_id, s.round_start, s.deadline, s.completed_at, s.expires_at
      from (${states}) s join users su on su.id = s.user_id and su.status`;
}

async function replaceFacts(
  tx: Transaction,
  scope: { users: string[] } | { assignments: string[] },
  at: Date,
) {
  const old =
    'users' in scope
      ? sql`f.user_id = any(${uuidArray(scope.users)})`
      : sql`f.assignment_id = any(${uuidArray(scope.assignments)})`;
  await tx.execute(sql`with gone as (delete from compliance_facts f where ${old} returning f.*)
    ${applyShare('gone', -1, at)}`);
  if ('users' in scope) {
    // Their teams as they are now, for enabled learners only: the share below is counted under them.
    await tx.execute(sql`delete from compliance_members where user_id = any(${uuidArray(scope.users)})`);
    await tx.execute(sql`insert into compliance_members (team_id, user_id)
      select tm.team_id, tm.user_id from team_members tm join users u on u.id = tm.user_id and u.status
       where tm.user_id = any(${uuidArray(scope.users)})`);
  }
  await tx.execute(sql`with added as (
      insert into compliance_facts (user_id, assignment_id, course_id, round_start, deadline, completed_at, expires_at)
      ${freshFacts(scope, at)} returning *)
    ${applyShare('added', 1, at)}`);
}

/**
 * The figures' change from the checkpoint's moment to `now`, per key: rows of team_key,
 * course_key and the deltas dc, dov, dex (completed, overdue, expiring). `team` limits it to one
 * team's keys. Reads the checkpoint itself, so it belongs in the same statement as the counts.
 */
function drift(now: Date, team: string | undefined): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const keys = team
    ? sql`select m.team_id as team_key from compliance_members m where m.user_id = e.user_id and m.team_id = ${team}`
    : sql`select ${ALL}::uuid as team_key
          union all
          select m.team_id from compliance_members m where m.user_id = e.user_id`;
  return sql`
    cp as (select least(c.at, ${at}) as lo, greatest(c.at, ${at}) as hi,
                  case when ${at} >= c.at then 1 else -1 end as sg
             from compliance_checkpoint c),
    ev as (
      select f.user_id, f.course_id, -1 as dc, 1 as dov, -1 as dex
        from compliance_facts f, cp
       where f.completed_at is not null and f.expires_at > cp.lo and f.expires_at <= cp.hi
      union all
      select f.user_id, f.course_id, 0, 0, 1
        from compliance_facts f, cp
       where f.completed_at is not null and f.expires_at > ${soonAfter(sql`cp.lo`)}
         and f.expires_at <= ${soonAfter(sql`cp.hi`)}
      union all
      select f.user_id, f.course_id, 0, 1, 0
        from compliance_facts f, cp
       where f.completed_at is null and f.deadline >= ${utcDay(sql`cp.lo`)} and f.deadline < ${utcDay(sql`cp.hi`)}),
    drift as (
      select k.team_key, coalesce(e.course_id, ${ALL}::uuid) as course_key,
             (select sg from cp) * sum(e.dc)::int as dc, (select sg from cp) * sum(e.dov)::int as dov,
             (select sg from cp) * sum(e.dex)::int as dex
        from ev e cross join lateral (${keys}) k
       group by grouping sets ((k.team_key, e.course_id), (k.team_key)))`;
}

/**
 * Brings the facts and counts up to date: the marked learners and assignments are worked out
 * again, and the checkpoint moves to `now` when it is more than an hour away. Cheap when there is
 * nothing to do; one refresh at a time across processes. A long backlog (every learner, after the
 * migration that adds the counts) is worked through REFRESH_USERS learners (then
 * REFRESH_ASSIGNMENTS assignments) per transaction, so other requests go on between them; the
 * caller gets its answer once the backlog is done.
 */
export async function refreshCompliance(db: Database, now: Date): Promise<void> {
  const [state] = await queryRows<{ at: Date | string; upto: string | number | null }>(
    db,
    sql`select c.at, (select max(id) from compliance_dirty) as upto from compliance_checkpoint c`,
  );
  if (!state) return;
  const away = Math.abs(now.getTime() - new Date(state.at).getTime());
  if (state.upto === null && away <= CHECKPOINT_MS) return;
  // The marks there were when the read came in: later writes are the next read's to work out.
  const upto = Number(state.upto ?? 0);
  while (await db.transaction((tx) => refreshBatch(tx, now, upto))) {}
}

/** One transaction of a refresh; whether marks up to `upto` may remain. */
async function refreshBatch(tx: Transaction, now: Date, upto: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
  const [checkpoint] = await queryRows<{ at: Date | string }>(tx, sql`select at from compliance_checkpoint`);
  if (!checkpoint) return false;
  let at = new Date(checkpoint.at);
  if (Math.abs(now.getTime() - at.getTime()) > CHECKPOINT_MS) {
    await tx.execute(sql`with ${drift(now, undefined)}
      update compliance_counts cc
         set completed = cc.completed + d.dc, overdue = cc.overdue + d.dov, expiring = cc.expiring + d.dex
        from drift d where d.team_key = cc.team_key and d.course_key = cc.course_key`);
    await tx.execute(sql`update compliance_checkpoint set at = ${now.toISOString()}::timestamptz`);
    at = now;
  }
  // Learners first, a batch of them with all their marks; then assignments.
  const users = await takeMarks(tx, 'user_id', upto, REFRESH_USERS);
  if (users.length > 0) {
    await replaceFacts(tx, { users }, at);
    return true;
  }
  const assignments = await takeMarks(tx, 'assignment_id', upto, REFRESH_ASSIGNMENTS);
  if (assignments.length > 0) {
    await replaceFacts(tx, { assignments }, at);
    return true;
  }
  return false;
}

/** Clears the marks of up to `limit` learners (or assignments) marked by `upto`, and names them. */
async function takeMarks(
  tx: Transaction,
  column: 'user_id' | 'assignment_id',
  upto: number,
  limit: number,
): Promise<string[]> {
  const name = sql.raw(column);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with picked as (select distinct ${name} as id from compliance_dirty
                         where id <= ${upto} and ${name} is not null limit ${limit})
        delete from compliance_dirty d using picked p where d.${name} = p.id returning p.id`,
  );
  return [...new Set(rows.map((row) => row.id))];
}

export type FigureKeyRow = {
  team_key: string;
  course_key: string;
  assigned: number;
  completed: number;
  overdue: number;
  expiring: number;
};

/**
 * The figures at `now` of every key (the organization, each team, each course and each team's
 * course), or of one team's keys. Call refreshCompliance first.
 */
export function figuresAt(
  db: Database,
  now: Date,
  team: string | undefined,
  course?: string,
): Promise<FigureKeyRow[]> {
  // The organization's figures are its own keys and each team's; a team's are its keys.
  const keys = course
    ? sql`c.team_key = ${team ?? ALL} and c.course_key = ${course}`
    : team
      ? sql`c.team_key = ${team}`
      : sql`(c.team_key = ${ALL} or c.course_key = ${ALL})`;
  return queryRows<FigureKeyRow>(
    db,
    sql`with ${drift(now, team)}
      select c.team_key, c.course_key, c.assigned, c.completed + coalesce(d.dc, 0) as completed,
             c.overdue + coalesce(d.dov, 0) as overdue, c.expiring + coalesce(d.dex, 0) as expiring
        from compliance_counts c
        left join drift d on d.team_key = c.team_key and d.course_key = c.course_key
       where c.assigned > 0 and ${keys}`,
  );
}
