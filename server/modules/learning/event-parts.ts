import type { Transaction } from '../../db/client.ts';
import { completeDoneCourses, coursesHoldingEvent, lockLearner } from './completion.ts';

/**
 * Attendance of the event `eventId` was settled for `userIds` (record 030): each of them who is now
 * `attended` may have finished a blended course whose outline holds the event, as a lesson or a
 * package done finishes one. Runs in the transaction that settled the attendance, so the course
 * completions commit with the marks; learners are locked one by one in id order, as their own
 * writes lock them, so two settlements never wait on each other in a circle. Answers the courses
 * completed per learner (only those who completed one).
 */
export async function eventPartsSettled(
  tx: Transaction,
  { eventId, userIds, now }: { eventId: string; userIds: readonly string[]; now: Date },
): Promise<Map<string, string[]>> {
  const completed = new Map<string, string[]>();
  for (const userId of [...new Set(userIds)].sort()) {
    await lockLearner(tx, userId);
    const courses = await completeDoneCourses(tx, userId, coursesHoldingEvent(userId, eventId), now);
    if (courses.length > 0) completed.set(userId, courses);
  }
  return completed;
}
