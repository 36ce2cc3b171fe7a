import { vValidator } from '@hono/valibot-validator';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type MarkDoneResult,
  learningMessages as m,
  learningPaths as paths,
} from '../../../contract/learning/resource.ts';
import { markDoneSchema } from '../../../contract/learning/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { courseCompletions } from '../../db/schema/courses.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { lockLearner, touchProgress } from './completion.ts';
import { courseForLearner, learnerCourse } from './course-access.ts';
import { deviceTime, doneAt } from './device-time.ts';

/**
 * POST mark done: a course taken at its external link, whose outline holds nothing to take, is
 * completed by the learner saying so (docs/decisions/020-courses-without-an-outline.md). The
 * completion's id is the client's, so the outbox's replay finds it and counts once; a course that
 * stands completed already answers done without a second row. Dated by the device's time, within
 * the bounds of record 019.
 */
export function markDoneRoutes({ db, clock }: AppDeps) {
  return new Hono<AppEnv>().post(
    paths.markDone(`:courseId${UUID_PARAM}`),
    allow(db, signedIn),
    vValidator('json', markDoneSchema, validationHook),
    async (c) => {
      const userId = c.get('auth').userId;
      const { completionId } = c.req.valid('json');
      const course = await courseForLearner(db, userId, pathId(c.req.param('courseId')));
      const now = clock();
      const device = deviceTime(c);
      const courseCompleted = await db.transaction(async (tx) => {
        await lockLearner(tx, userId);
        const [earlier] = await tx
          .select({ userId: courseCompletions.userId, courseId: courseCompletions.courseId })
          .from(courseCompletions)
          .where(eq(courseCompletions.id, completionId));
        if (earlier) {
          if (earlier.userId !== userId || earlier.courseId !== course.id)
            throw new ApiError(422, messages.validationFailed, { completionId: m.completionIdInvalid });
          return false;
        }
        const state = await learnerCourse(tx, userId, course.id, now);
        if (state.progress.total > 0) throw new ApiError(409, m.notMarkable);
        if (!course.external_link) throw new ApiError(409, m.nothingToMark);
        if (state.standing) return false;
        await touchProgress(tx, userId, course.id, now);
        await tx.insert(courseCompletions).values({
          id: completionId,
          userId,
          courseId: course.id,
          completedAt: doneAt(device, now, [state.roundStart]),
          receivedAt: now,
        });
        return true;
      });
      return c.json({
        message: m.markedDone,
        results: { courseCompleted, progress: (await learnerCourse(db, userId, course.id, now)).progress },
      } satisfies ApiSuccess<MarkDoneResult>);
    },
  );
}
