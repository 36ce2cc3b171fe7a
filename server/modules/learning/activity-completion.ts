import { and, desc, eq, sql } from 'drizzle-orm';
import type { CompletionResult } from '../../../contract/learning/resource.ts';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { learnerOutline } from '../../db/learner-progress.ts';
import { queryRows } from '../../db/rows.ts';
import { courseCompletions } from '../../db/schema/courses.ts';
import { activityCompletions } from '../../db/schema/learning.ts';
import type { ActivityType, VideoType } from '../../db/schema/lessons.ts';
import { ApiError } from '../../http/errors.ts';
import { completeDoneCourses, coursesHolding, lockLearner, touchProgress } from './completion.ts';
import { learnerCourse } from './course-access.ts';
import { doneAt } from './device-time.ts';
import { lessonDone } from './player.ts';

type Executor = Pick<Database, 'execute'>;

export type CourseActivity = {
  id: string;
  lesson_id: string;
  activity_type: ActivityType;
  video_type: VideoType | null;
  /** Seconds of an uploaded video or audio, when known. */
  media_duration: number | null;
};

/** The activity, when it belongs to an enabled lesson of the course's outline (one the learner takes); else 404. */
export async function activityInCourse(
  db: Executor,
  courseId: string,
  activityId: string,
): Promise<CourseActivity> {
  const [activity] = await queryRows<CourseActivity>(
    db as Database,
    sql`select a.id, a.lesson_id, a.activity_type, a.video_type, a.media_duration
          from lesson_activities a
          join (${learnerOutline(sql`${courseId}::uuid`)}) o on o.lesson_id = a.lesson_id
         where a.id = ${activityId}`,
  );
  if (!activity) throw new ApiError(404, m.activityNotInCourse);
  return activity;
}

/** A completion id already used: by this learner for this activity (a replay), or 422. */
export async function earlierCompletion(
  db: Database,
  userId: string,
  activityId: string,
  completionId: string,
) {
  const [row] = await db.select().from(activityCompletions).where(eq(activityCompletions.id, completionId));
  if (!row) return undefined;
  if (row.userId !== userId || row.activityId !== activityId)
    throw new ApiError(422, messages.validationFailed, { completionId: m.completionIdInvalid });
  return row;
}

/**
 * Records the activity as finished, in one transaction with what it completes: the lesson, and each
 * course holding it that is now done. A course standing completed records nothing new. The insert
 * does nothing for a completion id already stored (a replay racing the first request). Answers
 * whether the completion was written.
 */
export async function recordActivity(
  db: Database,
  input: {
    userId: string;
    courseId: string;
    activity: CourseActivity;
    completionId: string;
    watched?: number;
    now: Date;
    /** When the learner finished it, as their device says (deviceTime); bounded by doneAt. */
    device?: Date;
    /** Written first in the same transaction, given the learner's round (a hand-in's row). */
    before?: (tx: Transaction, roundStart: Date | null) => Promise<boolean>;
  },
): Promise<boolean> {
  const { userId, courseId, activity, completionId, now } = input;
  return db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const state = await learnerCourse(tx, userId, courseId, now);
    if (state.standing) return false;
    if (input.before && !(await input.before(tx, state.roundStart))) return false;
    const done = doneAt(input.device, now, [state.roundStart]);
    const inserted = await tx
      .insert(activityCompletions)
      .values({
        id: completionId,
        userId,
        activityId: activity.id,
        lessonId: activity.lesson_id,
        completedAt: done,
        receivedAt: now,
        watched: input.watched ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: activityCompletions.id });
    if (inserted.length === 0) return false;
    await touchProgress(tx, userId, courseId, now);
    await completeDoneCourses(
      tx,
      userId,
      coursesHolding(userId, courseId, { lessonId: activity.lesson_id }),
      now,
      done,
    );
    return true;
  });
}

/**
 * The answer of a completion or hand-in, read after the write: whether the lesson is done in the
 * current round, and whether this completion completed the course (the course's completion was
 * written in its transaction, so the server got both at the same instant).
 */
export async function completionResult(
  db: Database,
  userId: string,
  courseId: string,
  activity: CourseActivity,
  completionId: string,
  now: Date,
): Promise<CompletionResult> {
  const state = await learnerCourse(db, userId, courseId, now);
  const [mine] = await db
    .select({ receivedAt: activityCompletions.receivedAt })
    .from(activityCompletions)
    .where(eq(activityCompletions.id, completionId));
  const [latest] = await db
    .select({ receivedAt: courseCompletions.receivedAt })
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)))
    .orderBy(desc(courseCompletions.completedAt))
    .limit(1);
  const courseCompleted =
    mine !== undefined && latest !== undefined && latest.receivedAt.getTime() === mine.receivedAt.getTime();
  const since = state.standing ? null : state.roundStart;
  const activities = await queryRows<{ required: boolean; done: boolean }>(
    db,
    sql`select a.required, exists (
          select 1 from activity_completions c
           where c.user_id = ${userId} and c.activity_id = a.id
             and c.completed_at > coalesce(${since?.toISOString() ?? null}::timestamptz, '-infinity'::timestamptz)) as done
          from lesson_activities a where a.lesson_id = ${activity.lesson_id}`,
  );
  return {
    activityId: activity.id,
    lessonDone: state.standing || lessonDone(activities),
    courseCompleted,
    progress: state.progress,
  };
}
