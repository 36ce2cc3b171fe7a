import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { elearningTrackingRoutes } from '../elearning-tracking/routes.ts';
import { activityCompleteRoutes } from './activity-routes.ts';
import { learningCourseRoutes } from './course-routes.ts';
import { handInRoutes } from './hand-in-routes.ts';
import { markDoneRoutes } from './mark-done-route.ts';
import { quizRoutes } from './quiz-routes.ts';
import { submitRoutes } from './submit-route.ts';

/**
 * The learner's side of the user portal (contract/learning): the catalogue, the course player,
 * activity completions and hand-ins, quizzes with attempts graded here, e-learning packages'
 * launches and commits (server/modules/elearning-tracking). Every route is for any
 * signed-in user about themselves; a course outside their scope is refused as a whole (403).
 */
export function learningRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', learningCourseRoutes(deps))
    .route('/', activityCompleteRoutes(deps))
    .route('/', handInRoutes(deps))
    .route('/', markDoneRoutes(deps))
    .route('/', quizRoutes(deps))
    .route('/', submitRoutes(deps))
    .route('/', elearningTrackingRoutes(deps));
}
