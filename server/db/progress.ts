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
 * The per-member fragments take the SQL of a user id (a column of the outer query) and are used
 * in LATERAL subqueries, so they run only for the rows of a page; each step is an index lookup
 * (team_members by user, trainings by team, training_members by user, training_courses by training).
 * The *ByMember fragments count the same thing for a whole set of members at once.
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

/** One row: checklists_assigned, checklists_completed for the user. */
export function checklistStats(userId: SQL): SQL {
  return sql`
    select count(*)::int as checklists_assigned, count(ca.completed_at)::int as checklists_completed
      from checklist_assignments ca
     where ca.user_id = ${userId}`;
}

/**
 * Completed assigned courses per member of `members` (a query with a user_id column), with the
 * same rule as assignedCourseIds but set-based, for the progress sorts that need the count of
 * every member of a team before the page is cut: a completion counts when some training with its
 * course includes the member. Starting from completions keeps the work proportional to them.
 * Rows: user_id, n (members with none have no row).
 */
export function coursesCompletedByMember(members: SQL): SQL {
  return sql`
    select done.user_id, count(*)::int as n
      from (
        select distinct cc.user_id, cc.course_id
          from (${members}) f
          join course_completions cc on cc.user_id = f.user_id
          join training_courses tc on tc.course_id = cc.course_id
          join trainings t on t.id = tc.training_id
          left join team_members am
            on t.assign_to = 'all' and am.team_id = t.team_id and am.user_id = cc.user_id
          left join training_members sm
            on t.assign_to = 'some' and sm.training_id = t.id and sm.user_id = cc.user_id
         where am.user_id is not null or sm.user_id is not null
      ) done
     group by done.user_id`;
}

/** Completed checklists per member of `members`; rows: user_id, n. */
export function checklistsCompletedByMember(members: SQL): SQL {
  return sql`
    select ca.user_id, count(*)::int as n
      from (${members}) f
      join checklist_assignments ca on ca.user_id = f.user_id
     where ca.completed_at is not null
     group by ca.user_id`;
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
