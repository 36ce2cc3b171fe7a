import { type SQL, sql } from 'drizzle-orm';
import type { LearnerState } from '../../contract/course-assignments/resource.ts';
import type { CourseProgress } from '../../contract/learning/resource.ts';
import { assignmentLearners, learnerCourseStates } from './assignments.ts';
import { checklistDone } from './checklist-progress.ts';
import { isoTime } from './rows.ts';

/**
 * Where a learner stands on a course, from the records of docs/decisions/013-learner-records.md:
 * course_completions (history), course_progress (begun, restarted), activity_completions,
 * quiz_attempts, and the assignments (learnerCourseStates) for deadlines, expiry and reassigns.
 *
 * - A round of a course starts at the latest of: the learner's latest completion of it, the latest
 *   reassign of an assignment holding it, and their own restart. Parts count toward the round only
 *   when done after its start (strictly: the completion that ends a round is written at the same
 *   instant as the part that finished it).
 * - A course's parts are the lessons, quizzes, checklists, e-learning packages and events of its
 *   outline a learner takes (outlineItemTaken): its enabled lessons and its published quizzes,
 *   checklists, packages and events.
 * - A lesson is done when its required activities are (every activity when none is required; a
 *   lesson without activities is done); a quiz when an attempt passed; a checklist when its
 *   required items stand done (server/db/checklist-progress.ts); a package when each item of it
 *   that launches has a record that counted as done (elearningDone); an event when the learner is
 *   `attended` on it, dated by the last mark of its sessions (eventDone, record 030).
 * - A course stands completed while every assignment giving it says `completed`, or, when none
 *   gives it, while a completion exists that no restart followed. It then shows all parts done.
 */

/** The courses `userId` may see and take: enabled, and open to everyone, to them by name, group or level, or assigned to them. */
export function courseInScope(userId: SQL, course: SQL): SQL {
  return sql`(${course}.status and (
    ${course}.permission = 'none'
    or (${course}.permission = 'user' and exists (
      select 1 from course_permission_subjects s where s.course_id = ${course}.id and s.user_id = ${userId}))
    or (${course}.permission = 'group' and exists (
      select 1 from course_permission_subjects s
        join user_group_members gm on gm.group_id = s.user_group_id
       where s.course_id = ${course}.id and gm.user_id = ${userId}))
    or (${course}.permission = 'membership' and exists (
      select 1 from course_permission_subjects s
        join users su on su.membership_level_id = s.membership_level_id
       where s.course_id = ${course}.id and su.id = ${userId}))
    or ${course}.id in (${assignedCourseIds(userId)})))`;
}

/** Courses of the assignments (assigned or suggested) that include the user now. */
export function assignedCourseIds(userId: SQL): SQL {
  return sql`select ac.course_id from (${assignmentLearners({ userId })}) al
               join course_assignment_courses ac on ac.assignment_id = al.assignment_id`;
}

/**
 * Whether the outline item `item` is one a learner takes: an enabled lesson, a published quiz,
 * checklist or e-learning package (docs/decisions/016-what-a-learner-takes.md). The others stay in the administration's outline
 * but are left out of the player, of what completes the course and of its progress.
 */
export function outlineItemTaken(item: SQL): SQL {
  return sql`(exists (select 1 from lessons tl where tl.id = ${item}.lesson_id and tl.status)
    or exists (select 1 from quizzes tq where tq.id = ${item}.quiz_id and tq.status)
    or exists (select 1 from checklists tk where tk.id = ${item}.checklist_id and tk.status)
    or exists (select 1 from elearning_packages te where te.id = ${item}.elearning_package_id and te.status)
    or exists (select 1 from events tv where tv.id = ${item}.event_id and tv.status))`;
}

/**
 * The outline items of the course a learner takes (rows of course_outline_items, aliased as the
 * caller likes): what the player shows, and the only lessons and quizzes a learner may work on.
 */
export function learnerOutline(courseId: SQL): SQL {
  return sql`select lo.* from course_outline_items lo
              where lo.course_id = ${courseId} and ${outlineItemTaken(sql`lo`)}`;
}

/**
 * Whether a course (`course`: its row, aliased as the caller likes) gives a learner nothing to take:
 * no part of its learner outline and no external link to mark done at (record 020).
 */
export function nothingToTake(course: SQL): SQL {
  return sql`(not exists (${learnerOutline(sql`${course}.id`)}) and coalesce(${course}.external_link, '') = '')`;
}

/**
 * Whether each item of the package `packageId` that launches (its SCOs and assets) has a record of
 * `userId`, of any attempt, that counted as done after `since` (null: ever).
 */
export function elearningDone(userId: SQL, packageId: SQL, since: SQL): SQL {
  return sql`not exists (
      select 1 from elearning_packages dp
       cross join lateral jsonb_array_elements(dp.structure->'items') di
       where dp.id = ${packageId} and di->>'launch' is not null
         and not exists (
           select 1 from elearning_records dr
            where dr.user_id = ${userId} and dr.package_id = dp.id and dr.sco_id = di->>'identifier'
              and dr.done_at > coalesce(${since}, '-infinity'::timestamptz)))`;
}

/**
 * Whether `userId` attended the event `eventId` (every session marked attended) with the last of
 * those marks after `since` (null: ever).
 */
export function eventDone(userId: SQL, eventId: SQL, since: SQL): SQL {
  return sql`exists (
      select 1 from event_attendees va
       where va.user_id = ${userId} and va.event_id = ${eventId} and va.state = 'attended'
         and (select max(vm.marked_at) from event_attendance vm where vm.attendee_id = va.id)
             > coalesce(${since}, '-infinity'::timestamptz))`;
}

/** Whether the outline item `o` (a lesson, a quiz, a checklist, a package or an event) is done by the user after `since` (null: ever). */
export function partDone(userId: SQL, item: SQL, since: SQL): SQL {
  const after = (column: SQL) => sql`${column} > coalesce(${since}, '-infinity'::timestamptz)`;
  return sql`case when ${item}.lesson_id is not null then not exists (
      select 1 from lesson_activities la
       where la.lesson_id = ${item}.lesson_id
         and (la.required or not exists (
           select 1 from lesson_activities rq where rq.lesson_id = ${item}.lesson_id and rq.required))
         and not exists (
           select 1 from activity_completions acm
            where acm.user_id = ${userId} and acm.activity_id = la.id and ${after(sql`acm.completed_at`)}))
    when ${item}.quiz_id is not null then exists (
      select 1 from quiz_attempts qa
       where qa.user_id = ${userId} and qa.quiz_id = ${item}.quiz_id and qa.passed
         and ${after(sql`qa.submitted_at`)})
    when ${item}.checklist_id is not null then ${checklistDone(userId, sql`${item}.checklist_id`, since)}
    when ${item}.elearning_package_id is not null then ${elearningDone(userId, sql`${item}.elearning_package_id`, since)}
    else ${eventDone(userId, sql`${item}.event_id`, since)} end`;
}

/**
 * One row per course of `courseIds` (a query of one column of course ids) for the user: its parts,
 * those done in the current round, the round's start and the assignments' view of it. Each step is
 * an index lookup per course and outline item, so a page of courses costs what its outlines hold.
 */
export function courseProgressRows(userId: SQL, courseIds: SQL, now: Date): SQL {
  return sql`
    with ids as (select distinct x.course_id from (${courseIds}) as x(course_id)),
    rounds as (
      select ids.course_id, lc.last as last_completion, p.restarted_at, p.last_activity_at,
             greatest(lc.last, ra.started, p.restarted_at) as round_start
        from ids
        cross join lateral (
          select max(cc.completed_at) as last from course_completions cc
           where cc.user_id = ${userId} and cc.course_id = ids.course_id) lc
        cross join lateral (
          select max(al.started_at) as started from course_assignment_learners al
            join course_assignment_courses ac on ac.assignment_id = al.assignment_id
           where al.user_id = ${userId} and ac.course_id = ids.course_id) ra
        left join course_progress p on p.user_id = ${userId} and p.course_id = ids.course_id),
    parts as (
      select o.course_id, count(*)::int as total, count(*) filter (where ${partDone(userId, sql`o`, sql`r.round_start`)})::int as done
        from course_outline_items o
        join rounds r on r.course_id = o.course_id
       where ${outlineItemTaken(sql`o`)}
       group by o.course_id),
    states as (
      select s.course_id, bool_and(s.state = 'completed') as all_completed,
             bool_or(a.kind = 'assigned') as assigned,
             min(case s.state when 'overdue' then 1 when 'expired' then 2 when 'in-progress' then 3
                              when 'not-started' then 4 else 5 end)::int as rank,
             min(s.expires_at) as expires_at
        from (${learnerCourseStates({ userId }, now)}) s
        join course_assignments a on a.id = s.assignment_id
       where s.course_id in (select course_id from ids)
       group by s.course_id)
    select r.course_id, coalesce(pt.total, 0) as total, coalesce(pt.done, 0) as done, r.round_start,
           r.last_completion, r.restarted_at, r.last_activity_at, st.all_completed,
           coalesce(st.assigned, false) as assigned, st.rank, st.expires_at
      from rounds r
      left join parts pt on pt.course_id = r.course_id
      left join states st on st.course_id = r.course_id`;
}

type Time = Date | string;

export type ProgressRow = {
  course_id: string;
  total: number;
  done: number;
  round_start: Time | null;
  last_completion: Time | null;
  restarted_at: Time | null;
  last_activity_at: Time | null;
  /** Null when no assignment gives the course to the user. */
  all_completed: boolean | null;
  assigned: boolean;
  rank: number | null;
  expires_at: Time | null;
};

const RANKED: LearnerState[] = ['overdue', 'expired', 'in-progress', 'not-started', 'completed'];

const ms = (time: Time | null) => (time === null ? null : new Date(time).getTime());

export type LearnerCourse = {
  progress: CourseProgress;
  /** The course stands completed: its parts show done and nothing new is recorded. */
  standing: boolean;
  /** Whether an assignment of kind `assigned` gives the course. */
  assigned: boolean;
  /** Whether any assignment (assigned or suggested) gives the course. */
  inAssignments: boolean;
  /** The learner's latest completion of the course, of any round. */
  lastCompletion: Date | null;
  /** Start of the current round (null: never completed, reassigned nor restarted). */
  roundStart: Date | null;
};

export function toLearnerCourse(row: ProgressRow): LearnerCourse {
  const inAssignments = row.all_completed !== null;
  const lastCompletion = ms(row.last_completion);
  const restarted = ms(row.restarted_at);
  const roundStart = ms(row.round_start);
  const standing = inAssignments
    ? row.all_completed === true
    : lastCompletion !== null && (restarted === null || restarted <= lastCompletion);
  const activity = ms(row.last_activity_at);
  const state: LearnerState = standing
    ? 'completed'
    : inAssignments
      ? (RANKED[(row.rank ?? 4) - 1] ?? 'not-started')
      : activity !== null && (roundStart === null || activity > roundStart)
        ? 'in-progress'
        : 'not-started';
  const finished = state === 'completed' || state === 'expired';
  const done = standing ? row.total : row.done;
  return {
    standing,
    assigned: row.assigned,
    inAssignments,
    lastCompletion: lastCompletion === null ? null : new Date(lastCompletion),
    roundStart: roundStart === null ? null : new Date(roundStart),
    progress: {
      state,
      done,
      total: row.total,
      percent: standing ? 100 : row.total === 0 ? 0 : Math.round((100 * done) / row.total),
      completedAt: finished && row.last_completion !== null ? isoTime(row.last_completion) : null,
      expiresAt: finished && inAssignments && row.expires_at !== null ? isoTime(row.expires_at) : null,
    },
  };
}
