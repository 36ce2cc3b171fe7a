import { vValidator } from '@hono/valibot-validator';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type CatalogueResult,
  type CourseProgress,
  learningMessages as m,
  type PlayerCourse,
  learningPaths as paths,
} from '../../../contract/learning/resource.ts';
import { catalogueQuery } from '../../../contract/learning/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { certificateFor } from '../../db/certificates.ts';
import { courseProgress } from '../../db/schema/courses.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { catalogue } from './catalogue.ts';
import { completeDoneCourses, lockLearner, touchProgress } from './completion.ts';
import { courseForLearner, learnerCourse, uuid } from './course-access.ts';
import { recordMediaServed } from './media-time.ts';
import { playerCourse } from './player.ts';

/** The learner's catalogue, the course player's outline, and starting a completed course again. */
export function learningCourseRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const courseParam = `:courseId${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(
      paths.catalogue,
      allow(db, signedIn),
      vValidator('query', catalogueQuery, validationHook),
      async (c) =>
        c.json({
          message: messages.listFetched,
          results: await catalogue(db, c.get('auth').userId, c.req.valid('query'), clock()),
        } satisfies ApiSuccess<CatalogueResult>),
    )
    .get(paths.course(courseParam), allow(db, signedIn), async (c) => {
      const userId = c.get('auth').userId;
      const course = await courseForLearner(db, userId, pathId(c.req.param('courseId')));
      const now = clock();
      // Opening the player begins the course (in progress from now on), and completes one whose
      // parts are all done already (its last undone part left the outline, or it holds only
      // lessons without activities).
      await db.transaction(async (tx) => {
        await lockLearner(tx, userId);
        await touchProgress(tx, userId, course.id, now);
        await completeDoneCourses(tx, userId, sql`values (${uuid(course.id)})`, now);
      });
      // The earliest a completion of the outline's media may say it was opened.
      await recordMediaServed(db, userId, course.id, now);
      const state = await learnerCourse(db, userId, course.id, now);
      // A completed course that gives a certificate has it from the first time its player shows the
      // completion, so the player can name its code and link to its check.
      const certificate =
        course.gives_certificate && state.standing && state.lastCompletion !== null
          ? await certificateFor(db, userId, course.id, now)
          : null;
      return c.json({
        message: m.courseFetched,
        results: {
          ...(await playerCourse(deps, userId, course, state, now)),
          certificateCode: certificate?.code ?? null,
        },
      } satisfies ApiSuccess<PlayerCourse>);
    })
    .post(paths.restart(courseParam), allow(db, signedIn), async (c) => {
      const userId = c.get('auth').userId;
      const course = await courseForLearner(db, userId, pathId(c.req.param('courseId')));
      const now = clock();
      await db.transaction(async (tx) => {
        await lockLearner(tx, userId);
        const state = await learnerCourse(tx, userId, course.id, now);
        const { lastCompletion, roundStart } = state;
        // Due again: an assignment's completion expired or was reassigned; a course no assignment
        // gives may be taken again at will. Never completed, or completed and still valid: refused.
        if (lastCompletion === null || (state.inAssignments && state.standing))
          throw new ApiError(409, m.notRestartable);
        // A round that began after the latest completion (a reassign, an earlier restart) goes on.
        if (roundStart && roundStart > lastCompletion) return;
        await touchProgress(tx, userId, course.id, now);
        await tx
          .update(courseProgress)
          .set({ restartedAt: now, lastActivityAt: now })
          .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, course.id)));
      });
      return c.json({
        message: m.restarted,
        results: (await learnerCourse(db, userId, course.id, now)).progress,
      } satisfies ApiSuccess<CourseProgress>);
    });
}
