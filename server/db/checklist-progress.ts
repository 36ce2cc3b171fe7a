import { type SQL, sql } from 'drizzle-orm';
import { learnerCourseStates } from './assignments.ts';

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
 */
export function checklistsCompletedByMember(members: SQL, now: Date): SQL {
  return sql`
    select a.user_id, count(*)::int as n
      from (select distinct s.user_id, o.checklist_id
              from (${learnerCourseStates({ userIn: members, kind: 'assigned' }, now)}) s
              join course_outline_items o on o.course_id = s.course_id
              join checklists k on k.id = o.checklist_id and k.status) a
     where ${checklistDone(sql`a.user_id`, sql`a.checklist_id`)}
     group by a.user_id`;
}
