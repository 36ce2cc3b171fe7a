import { type SQL, sql } from 'drizzle-orm';
import type { TeamMemberCard } from '../../contract/team-dashboard.ts';
import { learnerCourseStates } from './assignments.ts';
import { checklistStats } from './checklist-progress.ts';

export { checklistsCompletedByMember } from './checklist-progress.ts';

/**
 * Progress semantics of the team dashboard.
 *
 * A member's assigned courses are the distinct courses of the course assignments of kind
 * `assigned` that include the member now (server/db/assignments.ts: as a named user, or through a
 * user group or team, later joiners included). A course counts once however many assignments give
 * it, and counts as completed when one of them sees it completed (a completion that has not
 * expired, since the member's last reassignment). courseProgress = round(100 * completed /
 * assigned), 0 when nothing is assigned.
 *
 * Checklists: the published checklists of the outlines of those courses, completed while they
 * stand done by their records (server/db/checklist-progress.ts); checklistProgress likewise.
 *
 * The per-member fragments take the SQL of a user id (a column of the outer query) and are used
 * in LATERAL subqueries, so they run only for the rows of a page; each step is an index lookup.
 * The *ByMember fragments count the same thing for a whole set of members at once.
 */

/** One row: courses_assigned, courses_completed for the user. */
export function courseStats(userId: SQL, now: Date): SQL {
  return sql`
    select count(distinct s.course_id)::int as courses_assigned,
           count(distinct s.course_id) filter (where s.state = 'completed')::int as courses_completed
      from (${learnerCourseStates({ userId, kind: 'assigned' }, now)}) s`;
}

/**
 * Completed assigned courses per member of `members` (a query with a user_id column), with the
 * same rule as courseStats, for the progress sorts that need the count of every member of a team
 * before the page is cut. Rows: user_id, n (members with none have no row).
 */
export function coursesCompletedByMember(members: SQL, now: Date): SQL {
  return sql`
    select s.user_id, count(distinct s.course_id)::int as n
      from (${learnerCourseStates({ userIn: members, kind: 'assigned' }, now)}) s
     where s.state = 'completed'
     group by s.user_id`;
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
export const cardJoins = (now: Date) => sql`
  cross join lateral (${courseStats(sql`u.id`, now)}) cs
  cross join lateral (${checklistStats(sql`u.id`, now)}) ks`;

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
