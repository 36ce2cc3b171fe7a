import { type SQL, sql } from 'drizzle-orm';

/**
 * The course assignment model in SQL: who is assigned, by when, and where each learner stands on
 * each course. Everything is read from current rows at query time, so a later joiner of a group or
 * team is assigned with a deadline of their own, and a leaver drops out while their completions stay.
 *
 * - A learner of an assignment is a user who is one of its users, or a member of one of its groups
 *   or teams now. Counts and mails leave disabled users out; a member's own progress keeps them. They were assigned when both they and the assignee were in place:
 *   the latest of the assignee's adding and the user's joining (the earliest when several apply).
 * - Their deadline: the one a reassignment gave them, else the assignment's fixed day, else the day
 *   they were assigned (or reassigned) plus `due_within_days`; days are UTC calendar days.
 * - A course is done by the learner's latest completion of it (since their reassignment, if any);
 *   the assignment's expiry says until when: `fixed`, completions before the day expire on it;
 *   `dynamic`, a completion expires `expiry_value expiry_unit` after it was made.
 * - State per course: completed (a completion that has not expired), expired (due again), overdue
 *   (not done, deadline passed), in progress (begun since the round started), or not started.
 *
 * `now` is a parameter, not the database's clock, so tests can move time and every process agrees.
 */

/**
 * Which learner rows to produce: of the assignments `assignmentIn` lists (a subquery or a list of
 * ids), of one user, or of all.
 */
export type LearnerScope = {
  assignmentIn?: SQL;
  userId?: SQL;
  /** A set of users (a subquery with one column of user ids), counted together. */
  userIn?: SQL;
  kind?: 'assigned' | 'suggested';
};

/** A list of ids for `assignmentIn`. */
export const idList = (ids: string[]): SQL =>
  ids.length === 0
    ? sql`null::uuid`
    : sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );

function learnerSources({ assignmentIn, userId, userIn }: LearnerScope): SQL {
  const byAssignment = (alias: string) =>
    assignmentIn ? sql`and ${sql.raw(alias)}.assignment_id in (${assignmentIn})` : sql``;
  const byUser = (column: string) =>
    userId
      ? sql`and ${sql.raw(column)} = ${userId}`
      : userIn
        ? sql`and ${sql.raw(column)} in (${userIn})`
        : sql``;
  const direct = sql`
    select x.assignment_id, x.user_id, x.added_at as assigned_at
      from course_assignment_assignees x
     where x.user_id is not null ${byUser('x.user_id')} ${byAssignment('x')}`;
  const viaGroup = sql`
    select x.assignment_id, gm.user_id, greatest(x.added_at, gm.joined_at)
      from course_assignment_assignees x
      join user_group_members gm on gm.group_id = x.group_id
     where true ${byUser('gm.user_id')} ${byAssignment('x')}`;
  const viaTeam = sql`
    select x.assignment_id, tm.user_id, greatest(x.added_at, tm.joined_at)
      from course_assignment_assignees x
      join team_members tm on tm.team_id = x.team_id
     where true ${byUser('tm.user_id')} ${byAssignment('x')}`;
  return sql`${direct} union all ${viaGroup} union all ${viaTeam}`;
}

/**
 * Learners with their deadline. Rows: assignment_id, user_id, assigned_at, round_start (null
 * unless reassigned), deadline (date or null).
 */
export function assignmentLearners(scope: LearnerScope): SQL {
  const kind = scope.kind ? sql`and a.kind = ${scope.kind}` : sql``;
  return sql`
    select src.assignment_id, src.user_id, src.assigned_at, al.started_at as round_start,
           coalesce(al.deadline, a.deadline,
             ((greatest(src.assigned_at, al.started_at) at time zone 'UTC')::date + a.due_within_days)) as deadline
      from (select s.assignment_id, s.user_id, min(s.assigned_at) as assigned_at
              from (${learnerSources(scope)}) s
             group by s.assignment_id, s.user_id) src
      join course_assignments a on a.id = src.assignment_id ${kind}
      left join course_assignment_learners al on al.assignment_id = src.assignment_id and al.user_id = src.user_id`;
}

/**
 * `done.completed_at`: the learner's latest completion of the course, when it is since their round
 * began. The latest one is all that counts, so for a set of users the completions are grouped once
 * (hash joins) instead of looked up per learner and course.
 */
function latestCompletion(scope: LearnerScope): SQL {
  if (!scope.userIn) {
    return sql`cross join lateral (
        select max(cc.completed_at) as completed_at from course_completions cc
         where cc.user_id = l.user_id and cc.course_id = ac.course_id
           and (l.round_start is null or cc.completed_at >= l.round_start)) done`;
  }
  return sql`left join (
        select cc.user_id, cc.course_id, max(cc.completed_at) as last from course_completions cc
         where cc.user_id in (${scope.userIn}) group by cc.user_id, cc.course_id) lc
        on lc.user_id = l.user_id and lc.course_id = ac.course_id
      cross join lateral (
        select case when l.round_start is null or lc.last >= l.round_start then lc.last end as completed_at) done`;
}

const today = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date`;

/**
 * One row per learner and course. Rows: assignment_id, user_id, assigned_at, round_start, course_id,
 * deadline, completed_at (the counting completion, or null), expires_at (or null), state.
 */
export function learnerCourseStates(scope: LearnerScope, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    select l.assignment_id, l.user_id, l.assigned_at, l.round_start, ac.course_id, l.deadline, done.completed_at,
           exp.expires_at,
           case
             when done.completed_at is not null and (exp.expires_at is null or exp.expires_at > ${at}) then 'completed'
             when done.completed_at is not null then 'expired'
             when l.deadline < ${today(now)} then 'overdue'
             when p.last_activity_at >= coalesce(l.round_start, '-infinity') then 'in-progress'
             else 'not-started'
           end as state
      from (${assignmentLearners(scope)}) l
      join course_assignments a on a.id = l.assignment_id
      join course_assignment_courses ac on ac.assignment_id = l.assignment_id
      ${latestCompletion(scope)}
      -- At most one progress row per user and course (its primary key), so no learner row doubles.
      left join course_progress p on p.user_id = l.user_id and p.course_id = ac.course_id
      cross join lateral (
        select case a.expiry_type
                 when 'fixed' then case when done.completed_at < (a.expiry_date::timestamp at time zone 'UTC')
                                        then a.expiry_date::timestamp at time zone 'UTC' end
                 when 'dynamic' then done.completed_at + make_interval(
                   years => case a.expiry_unit when 'years' then a.expiry_value else 0 end,
                   months => case a.expiry_unit when 'months' then a.expiry_value else 0 end,
                   weeks => case a.expiry_unit when 'weeks' then a.expiry_value else 0 end,
                   days => case a.expiry_unit when 'days' then a.expiry_value else 0 end)
               end as expires_at) exp`;
}

/**
 * Per assignment: learners assigned, learners with every course completed, learners overdue (a
 * course past its deadline or expired). Rows: assignment_id, assigned, completed, overdue.
 */
export function assignmentCounts(scope: LearnerScope, now: Date): SQL {
  return sql`
    select per.assignment_id, count(*)::int as assigned,
           count(*) filter (where per.open = 0)::int as completed,
           count(*) filter (where per.late > 0)::int as overdue
      from (select s.assignment_id, s.user_id,
                   count(*) filter (where s.state <> 'completed') as open,
                   count(*) filter (where s.state in ('overdue', 'expired')) as late
              from (${learnerCourseStates(scope, now)}) s
              join users cu on cu.id = s.user_id and cu.status
             group by s.assignment_id, s.user_id) per
     group by per.assignment_id`;
}

/**
 * Members leaving a team leave the assignments its lead made for them by name (the team's
 * `users` assignments): the lead can no longer reach them. `userIds` is a list or a subquery.
 */
export function leaveTeamAssignments(teamId: string, userIds: SQL): SQL {
  return sql`
    delete from course_assignment_assignees x
     using course_assignments a
     where a.id = x.assignment_id and a.team_id = ${teamId} and a.assignee_kind = 'users'
       and x.user_id in (${userIds})`;
}
