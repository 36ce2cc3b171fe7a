import { type SQL, sql } from 'drizzle-orm';
import type { TeamMemberCard } from '../../contract/team-dashboard.ts';

/**
 * Progress semantics of the team dashboard.
 *
 * A member's assigned courses are the distinct courses of the trainings that include the member,
 * in any team they belong to:
 *   - a training with assign_to 'all' includes every member of its team, including members who
 *     join the team after it was assigned (team_members is read at query time);
 *   - a training with assign_to 'some' includes the members in its training_members rows.
 * A course counts once however many trainings assign it. Completed courses are the assigned ones
 * with a course_completions row for the member; completions of courses nobody assigned them do
 * not count. courseProgress = round(100 * completed / assigned), 0 when nothing is assigned.
 *
 * Checklists work the same from checklist_assignments: every row is an assigned checklist, one
 * with completed_at set is a completed one; checklistProgress likewise.
 *
 * The fragments below take the SQL of a user id (a column of the outer query) and are used in
 * LATERAL subqueries, so they run only for the rows that need them; each step is an index lookup
 * (team_members by user, trainings by team, training_members by user, training_courses by training).
 */

/** Distinct course ids assigned to the user (a UNION, so duplicates across trainings go). */
export function assignedCourseIds(userId: SQL): SQL {
  return sql`
    select tc.course_id
      from team_members am
      join trainings all_t on all_t.team_id = am.team_id and all_t.assign_to = 'all'
      join training_courses tc on tc.training_id = all_t.id
     where am.user_id = ${userId}
    union
    select tc.course_id
      from training_members sm
      join trainings some_t on some_t.id = sm.training_id and some_t.assign_to = 'some'
      join training_courses tc on tc.training_id = some_t.id
     where sm.user_id = ${userId}`;
}

/** One row: courses_assigned, courses_completed for the user. */
export function courseStats(userId: SQL): SQL {
  return sql`
    select count(*)::int as courses_assigned, count(cc.course_id)::int as courses_completed
      from (${assignedCourseIds(userId)}) assigned
      left join course_completions cc on cc.user_id = ${userId} and cc.course_id = assigned.course_id`;
}

/** Completed assigned courses only: the sort key of the 'most-course' and 'completed' sorts. */
export function coursesCompletedCount(userId: SQL): SQL {
  return sql`(
    select count(*)::int
      from (${assignedCourseIds(userId)}) assigned
      join course_completions cc on cc.user_id = ${userId} and cc.course_id = assigned.course_id)`;
}

/** One row: checklists_assigned, checklists_completed for the user. */
export function checklistStats(userId: SQL): SQL {
  return sql`
    select count(*)::int as checklists_assigned, count(ca.completed_at)::int as checklists_completed
      from checklist_assignments ca
     where ca.user_id = ${userId}`;
}

/** Completed checklists: the sort key of the 'most' and 'least' sorts. */
export function checklistsCompletedCount(userId: SQL): SQL {
  return sql`(
    select count(*)::int from checklist_assignments ca
     where ca.user_id = ${userId} and ca.completed_at is not null)`;
}

export const percent = (done: number, of: number) => (of === 0 ? 0 : Math.round((100 * done) / of));

/** Columns a card query selects, as they arrive from the database. */
export type CardRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  profile_picture: string | null;
  courses_assigned: number;
  courses_completed: number;
  checklists_assigned: number;
  checklists_completed: number;
};

/** The select list and joins of a card for the users aliased `u`. */
export const cardColumns = sql`u.id, u.first_name, u.last_name, u.email, u.profile_picture,
  cs.courses_assigned, cs.courses_completed, ks.checklists_assigned, ks.checklists_completed`;
export const cardJoins = sql`
  cross join lateral (${courseStats(sql`u.id`)}) cs
  cross join lateral (${checklistStats(sql`u.id`)}) ks`;

export function toCard(row: CardRow): TeamMemberCard {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    profilePicture: row.profile_picture,
    coursesAssigned: row.courses_assigned,
    coursesCompleted: row.courses_completed,
    courseProgress: percent(row.courses_completed, row.courses_assigned),
    checklistsAssigned: row.checklists_assigned,
    checklistsCompleted: row.checklists_completed,
    checklistProgress: percent(row.checklists_completed, row.checklists_assigned),
  };
}
