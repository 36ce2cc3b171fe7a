import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { courseInScope, outlineItemTaken } from '../../db/learner-progress.ts';
import { withGenericPlans } from '../../db/prepared-rows.ts';
import { queryRows } from '../../db/rows.ts';
import { courseCompletions, courseProgress } from '../../db/schema/courses.ts';
import { learnerCourses, uuid } from './course-access.ts';

/**
 * Holds the learner's row until the transaction ends, so the writes of one learner (completions,
 * attempts, restarts) run one after another: two requests racing to finish the same course both
 * count its parts, and only the first inserts its completion. Other users are not held up, and
 * FOR NO KEY UPDATE lets rows that reference the user be written meanwhile.
 */
export async function lockLearner(tx: Transaction, userId: string): Promise<void> {
  // The transaction's prepared progress reads run on their generic plan from here on.
  await withGenericPlans(tx, async (generic) => {
    const rows = await queryRows(
      tx,
      sql`select ${generic} from users where id = ${userId} for no key update`,
    );
    return { result: undefined, row: rows.length > 0 };
  });
}

/** The learner works in the course now: begun at the first visit, active at each. */
export async function touchProgress(
  tx: Transaction,
  userId: string,
  courseId: string,
  now: Date,
): Promise<void> {
  await progressTouch(tx, userId, courseId, now);
}

/** touchProgress's statement, to send along with another one (withStatement). */
export function progressTouch(db: Pick<Database, 'insert'>, userId: string, courseId: string, now: Date) {
  return db
    .insert(courseProgress)
    .values({ userId, courseId, startedAt: now, lastActivityAt: now })
    .onConflictDoUpdate({
      target: [courseProgress.userId, courseProgress.courseId],
      set: { lastActivityAt: now },
    });
}

/**
 * Two writes in one round trip: `first` as a data-modifying WITH of `main`. Both see the database
 * as it was before the statement, so neither may depend on the other's change.
 */
export async function withStatement(tx: Transaction, first: SQLWrapper, main: SQLWrapper): Promise<void> {
  await tx.execute(sql`with first_write as (${first.getSQL()}) ${main.getSQL()}`);
}

/**
 * Completes each course of `courseIds` (a query of one column) whose every outline item is done in
 * the current round and which does not stand completed already: one course_completions row each,
 * received at `now` and dated when the part that completed it was done (`doneAt`), or at the
 * latest part of the course when one is dated later (done on another device), so the next round,
 * which starts at the completion, holds none of the parts of the one it ended. Call it inside the
 * transaction holding lockLearner. Answers the ids it completed.
 */
export async function completeDoneCourses(
  tx: Transaction,
  userId: string,
  courseIds: SQL,
  now: Date,
  doneAt: Date = now,
): Promise<string[]> {
  const states = await learnerCourses(tx, userId, courseIds, now);
  const completed: string[] = [];
  for (const [courseId, course] of states) {
    const { done, total } = course.progress;
    if (course.standing || total === 0 || done < total) continue;
    const completedAt = await latestPart(tx, userId, courseId, doneAt);
    await tx.insert(courseCompletions).values({ userId, courseId, completedAt, receivedAt: now });
    completed.push(courseId);
  }
  return completed;
}

/** The later of `done` and the time of the learner's latest part of the course's outline. */
async function latestPart(tx: Transaction, userId: string, courseId: string, done: Date): Promise<Date> {
  const [row] = await queryRows<{ at: Date | string }>(
    tx as unknown as Database,
    sql`select greatest(${done.toISOString()}::timestamptz,
          (select max(acm.completed_at) from activity_completions acm
             join course_outline_items o on o.lesson_id = acm.lesson_id
            where o.course_id = ${uuid(courseId)} and acm.user_id = ${uuid(userId)}),
          (select max(qa.submitted_at) from quiz_attempts qa
             join course_outline_items o on o.quiz_id = qa.quiz_id
            where o.course_id = ${uuid(courseId)} and qa.user_id = ${uuid(userId)} and qa.passed),
          (select max(cr.done_at) from checklist_records cr
             join course_outline_items o on o.checklist_id = cr.checklist_id
            where o.course_id = ${uuid(courseId)} and cr.user_id = ${uuid(userId)}
              and cr.action = 'done' and cr.withdrawn_at is null),
          (select max(er.done_at) from elearning_records er
             join course_outline_items o on o.elearning_package_id = er.package_id
            where o.course_id = ${uuid(courseId)} and er.user_id = ${uuid(userId)}),
          (select max(vm.marked_at) from event_attendance vm
             join event_attendees va on va.id = vm.attendee_id and va.state = 'attended'
             join course_outline_items o on o.event_id = va.event_id
            where o.course_id = ${uuid(courseId)} and va.user_id = ${uuid(userId)})) as at`,
  );
  return row ? new Date(row.at) : done;
}

/**
 * The courses a finished part may complete: the one it was done in, and the others the learner has
 * begun that hold the same lesson, quiz, checklist or package (enabled courses, where the learner takes that
 * part). A checklist is recorded outside any one course: see coursesHoldingChecklist.
 */
export function coursesHolding(
  userId: string,
  courseId: string,
  part: { lessonId: string } | { quizId: string } | { checklistId: string } | { elearningPackageId: string },
): SQL {
  const holds =
    'lessonId' in part
      ? sql`o.lesson_id = ${uuid(part.lessonId)}`
      : 'quizId' in part
        ? sql`o.quiz_id = ${uuid(part.quizId)}`
        : 'checklistId' in part
          ? sql`o.checklist_id = ${uuid(part.checklistId)}`
          : sql`o.elearning_package_id = ${uuid(part.elearningPackageId)}`;
  return sql`select o.course_id from course_outline_items o
               join courses c on c.id = o.course_id and c.status
              where ${holds} and ${outlineItemTaken(sql`o`)}
                and (o.course_id = ${uuid(courseId)} or exists (
                  select 1 from course_progress p where p.user_id = ${uuid(userId)} and p.course_id = o.course_id))`;
}

/**
 * The courses an event's attendance may complete: every enabled course in the learner's scope whose
 * outline holds the event (attendance is marked by a lead or an admin, not inside a course).
 */
export function coursesHoldingEvent(userId: string, eventId: string): SQL {
  return sql`select o.course_id from course_outline_items o
               join courses c on c.id = o.course_id
              where o.event_id = ${uuid(eventId)} and ${outlineItemTaken(sql`o`)}
                and ${courseInScope(sql`${uuid(userId)}`, sql`c`)}`;
}

/**
 * The courses a checklist record may complete: every enabled course in the learner's scope whose
 * outline holds the checklist (a lead signs off from the team dashboard, not inside a course).
 */
export function coursesHoldingChecklist(userId: string, checklistId: string): SQL {
  return sql`select o.course_id from course_outline_items o
               join courses c on c.id = o.course_id
              where o.checklist_id = ${uuid(checklistId)} and ${outlineItemTaken(sql`o`)}
                and ${courseInScope(sql`${uuid(userId)}`, sql`c`)}`;
}
