import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  type ElearningCommitResult,
  elearningTrackingMessages as m,
  type PlayerPackage,
  elearningLearnerPaths as paths,
} from '../../../contract/elearning/tracking.ts';
import { elearningCommitSchema, elearningLaunchQuery } from '../../../contract/elearning/tracking-schemas.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { launcherUrl } from '../../elearning-origin/urls.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { courseForLearner, learnerCourse } from '../learning/course-access.ts';
import { masteryOf } from './cmi.ts';
import { applyCommit } from './commit.ts';
import { launchable, packageInCourse, playerRecords } from './records.ts';

/**
 * The learner's side of e-learning packages (contract/elearning/tracking.ts, record 028): reading a
 * package of a course to launch it, and the launcher's commits. Both are about the signed-in user
 * only: a course outside their scope is 403, a package not in its learner outline 404, and a commit
 * writes their own record whatever its body names.
 */
export function elearningTrackingRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const packageParam = `:packageId${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(
      paths.launch(packageParam),
      allow(db, signedIn),
      vValidator('query', elearningLaunchQuery, validationHook),
      async (c) => {
        const userId = c.get('auth').userId;
        const course = await courseForLearner(db, userId, c.req.valid('query').course);
        const pkg = await packageInCourse(db, course.id, pathId(c.req.param('packageId')));
        const state = await learnerCourse(db, userId, course.id, clock());
        const records = await playerRecords(db, userId, pkg, state.roundStart, state.standing);
        const first = launchable(pkg)[0];
        return c.json({
          message: m.packageFetched,
          results: {
            _id: pkg.id,
            courseId: course.id,
            title: pkg.title,
            description: pkg.description,
            scormVersion: pkg.scormVersion,
            packageVersion: pkg.packageVersion,
            structure: pkg.structure,
            masteryScore: first ? masteryOf(pkg.masteryScore, first) : pkg.masteryScore,
            completionRule: pkg.completionRule,
            records,
            launcherUrl: await launcherUrl(deps, { packageId: pkg.id, contentKey: pkg.contentKey }),
            contentOrigin: deps.config.contentOrigin,
            done: records.length > 0 && records.every((record) => record.done),
          },
        } satisfies ApiSuccess<PlayerPackage>);
      },
    )
    .post(
      paths.commit(packageParam),
      allow(db, signedIn),
      vValidator('json', elearningCommitSchema, validationHook),
      async (c) => {
        const userId = c.get('auth').userId;
        const input = c.req.valid('json');
        const course = await courseForLearner(db, userId, input.courseId);
        const pkg = await packageInCourse(db, course.id, pathId(c.req.param('packageId')));
        const result = await applyCommit(db, { userId, pkg, courseId: course.id, input, now: clock() });
        return c.json({ message: m.committed, results: result } satisfies ApiSuccess<ElearningCommitResult>);
      },
    );
}
