import type { MyTrainingResult } from '@contract/course-assignments/resource';
import { EXPIRING_SOON_DAYS } from '@contract/learning/resource';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ExpiringCourse = { _id: string; name: string; expiresAt: string; training: string };

/**
 * Completed courses whose completion runs out within `days` (soonest first). A course given by two
 * trainings shows once, with the expiry that comes first; an expired one is due again, not expiring.
 */
export function expiringSoon(
  result: MyTrainingResult,
  now: number = Date.now(),
  days: number = EXPIRING_SOON_DAYS,
): ExpiringCourse[] {
  const until = now + days * DAY_MS;
  const byCourse = new Map<string, ExpiringCourse>();
  for (const training of [...result.assigned, ...result.suggested]) {
    for (const course of training.courses) {
      if (course.state !== 'completed' || !course.expiresAt) continue;
      const at = Date.parse(course.expiresAt);
      if (Number.isNaN(at) || at < now || at > until) continue;
      const known = byCourse.get(course._id);
      if (known && Date.parse(known.expiresAt) <= at) continue;
      byCourse.set(course._id, {
        _id: course._id,
        name: course.name,
        expiresAt: course.expiresAt,
        training: training.title,
      });
    }
  }
  return [...byCourse.values()].sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
}
