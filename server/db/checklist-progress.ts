import { type SQL, sql } from 'drizzle-orm';
import { assignmentLearners, learnerCourseStates } from './assignments.ts';

/**
 * When a learner's checklist is done, from checklist_records (record 026).
 *
 * - An item (a checklist activity) is done while a `done` record of it stands (not withdrawn); for a
 *   course, only one dated after the course's round began counts, as for a lesson's activities.
 * - A checklist is done when its required items are (every item when none is required; a checklist
 *   without items is done), like a lesson.
 * - A member's checklists, on the team dashboard, are the published checklists of the outlines of
 *   the courses assigned to them (kind `assigned`); one counts completed while it stands done,
 *   whatever the round: the bar says who has been signed off on what.
 */

const after = (column: SQL, since: SQL) => sql`${column} > coalesce(${since}, '-infinity'::timestamptz)`;

/** Whether the item `activityId` of `userId` stands done by a record dated after `since` (null: ever). */
export function itemDone(userId: SQL, activityId: SQL, since: SQL = sql`null::timestamptz`): SQL {
  return sql`exists (
    select 1 from checklist_records cr
     where cr.user_id = ${userId} and cr.activity_id = ${activityId}
       and cr.action = 'done' and cr.withdrawn_at is null and ${after(sql`cr.done_at`, since)})`;
}

/** Whether `activity` (a checklist_activities row, aliased as the caller likes) is one that completes its checklist. */
export function itemCounts(activity: SQL): SQL {
  return sql`(${activity}.required or not exists (
    select 1 from checklist_activities rq where rq.checklist_id = ${activity}.checklist_id and rq.required))`;
}

/** Whether the checklist `checklistId` is done by `userId`, by records dated after `since` (null: ever). */
export function checklistDone(userId: SQL, checklistId: SQL, since: SQL = sql`null::timestamptz`): SQL {
  return sql`not exists (
    select 1 from checklist_activities ka
     where ka.checklist_id = ${checklistId} and ${itemCounts(sql`ka`)}
       and not ${itemDone(userId, sql`ka.id`, since)})`;
}

/** Rows (checklist_id, total, done) of `userId` for each checklist of `checklistIds` (a query of one column), items that count only. */
export function checklistFigures(userId: SQL, checklistIds: SQL, since: SQL = sql`null::timestamptz`): SQL {
  return sql`
    select k.id as checklist_id,
           count(ka.id)::int as total,
           count(ka.id) filter (where ${itemDone(userId, sql`ka.id`, since)})::int as done
      from checklists k
      left join checklist_activities ka on ka.checklist_id = k.id and ${itemCounts(sql`ka`)}
     where k.id in (${checklistIds})
     group by k.id`;
}

/** The published checklists of the outlines of the courses assigned (kind `assigned`) to `userId`; rows: checklist_id. */
export function assignedChecklistIds(userId: SQL, now: Date): SQL {
  return sql`
    select distinct o.checklist_id
      from (${learnerCourseStates({ userId, kind: 'assigned' }, now)}) s
      join course_outline_items o on o.course_id = s.course_id
      join checklists k on k.id = o.checklist_id and k.status`;
}

/** One row: checklists_assigned, checklists_completed for the user (the member card's bar). */
export function checklistStats(userId: SQL, now: Date): SQL {
  return sql`
    select count(*)::int as checklists_assigned,
           count(*) filter (where ${checklistDone(userId, sql`ac.checklist_id`)})::int as checklists_completed
      from (${assignedChecklistIds(userId, now)}) ac`;
}

/**
 * Completed assigned checklists per member of `members` (a query with a user_id column), with the
 * rule of checklistStats, for the 'most' and 'least' sorts. Rows: user_id, n (none: no row).
 *
 * Set-based, as the sorts count every member of a team before the page is cut (record 004): the
 * assignments whose courses hold a published checklist are found first (a handful of rows, kept
 * apart so the planner hashes the members' learner rows against them instead of looping), the
 * items each checklist needs are counted once, and the members' standing done records are grouped
 * once; a checklist is done when the items done reach the items needed.
 */
export function checklistsCompletedByMember(members: SQL, _now: Date): SQL {
  return sql`
    with holding as materialized (
      select distinct ac.assignment_id, o.checklist_id
        from course_assignment_courses ac
        join course_outline_items o on o.course_id = ac.course_id
        join checklists k on k.id = o.checklist_id and k.status),
    held as (
      select distinct l.user_id, h.checklist_id
        from (${assignmentLearners({
          userIn: members,
          assignmentIn: sql`select assignment_id from holding`,
          kind: 'assigned',
        })}) l
        join holding h on h.assignment_id = l.assignment_id),
    needed as (
      select ka.checklist_id, count(*) as n
        from checklist_activities ka
       where ${itemCounts(sql`ka`)}
       group by ka.checklist_id),
    done as (
      select cr.user_id, cr.checklist_id, count(distinct cr.activity_id) as n
        from checklist_records cr
        join checklist_activities ka on ka.id = cr.activity_id and ${itemCounts(sql`ka`)}
       where cr.user_id in (${members}) and cr.action = 'done' and cr.withdrawn_at is null
       group by cr.user_id, cr.checklist_id)
    select h.user_id, count(*)::int as n
      from held h
      left join needed on needed.checklist_id = h.checklist_id
      left join done on done.user_id = h.user_id and done.checklist_id = h.checklist_id
     where coalesce(done.n, 0) >= coalesce(needed.n, 0)
     group by h.user_id`;
}

/**
 * When `userId` completed the checklist `checklistId`: the done_at of the record that completed it,
 * that is the latest of its counting items' first standing `done`. Null while an item that counts
 * is not done, and for a checklist without items (done, but by no record).
 */
export function checklistCompletedAt(userId: SQL, checklistId: SQL): SQL {
  return sql`(select max(f.first_done) from (
      select (select min(cr.done_at) from checklist_records cr
               where cr.user_id = ${userId} and cr.activity_id = ka.id
                 and cr.action = 'done' and cr.withdrawn_at is null) as first_done
        from checklist_activities ka
       where ka.checklist_id = ${checklistId} and ${itemCounts(sql`ka`)}) f
    having count(*) = count(f.first_done))`;
}

/**
 * The checklists the users `who` (a query of user ids) completed and stand done, each dated by
 * checklistCompletedAt. Rows: user_id, checklist_id, completed_at. Only checklists a user holds
 * records of are looked at (checklist_records_user_checklist_idx).
 */
export function checklistCompletions(who: SQL): SQL {
  return sql`
    select p.user_id, p.checklist_id, d.completed_at
      from (select distinct cr.user_id, cr.checklist_id from checklist_records cr where cr.user_id in (${who})) p
      cross join lateral (select ${checklistCompletedAt(sql`p.user_id`, sql`p.checklist_id`)} as completed_at) d
     where d.completed_at is not null`;
}

/**
 * The checklists of `userId` for the Transcript: those checklistStats counts, each assigned when the
 * first course holding it was, completed (checklistDone, dated by checklistCompletedAt), in
 * progress (an item stands done) or not started. Rows: checklist_id, assigned_at, completed_at, state.
 */
export function memberChecklistStates(userId: SQL, now: Date): SQL {
  return sql`
    select a.checklist_id, a.assigned_at, ${checklistCompletedAt(userId, sql`a.checklist_id`)} as completed_at,
           case when ${checklistDone(userId, sql`a.checklist_id`)} then 'completed'
                when exists (select 1 from checklist_records cr
                              where cr.user_id = ${userId} and cr.checklist_id = a.checklist_id
                                and cr.action = 'done' and cr.withdrawn_at is null) then 'in-progress'
                else 'not-started' end as state
      from (select o.checklist_id, min(s.assigned_at) as assigned_at
              from (${learnerCourseStates({ userId, kind: 'assigned' }, now)}) s
              join course_outline_items o on o.course_id = s.course_id
              join checklists k on k.id = o.checklist_id and k.status
             group by o.checklist_id) a`;
}
