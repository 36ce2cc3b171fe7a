import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type CompletionResult,
  MEDIA_WATCHED_SHARE,
  learningMessages as m,
  learningPaths as paths,
} from '../../../contract/learning/resource.ts';
import { activityCompleteSchema } from '../../../contract/learning/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import {
  activityInCourse,
  type CourseActivity,
  completionResult,
  earlierCompletion,
  recordActivity,
} from './activity-completion.ts';
import { courseForLearner } from './course-access.ts';
import { deviceTime } from './device-time.ts';
import { checkMediaTime } from './media-time.ts';

/** Played media must reach MEDIA_WATCHED_SHARE: an uploaded video (mp4) or audio; hosted videos cannot report it. */
const needsWatching = (activity: CourseActivity) =>
  activity.activity_type === 'audioPlayer' ||
  (activity.activity_type === 'videoPlayer' && activity.video_type === 'mp4');

/** POST activity complete: the learner finished an activity that is not a hand-in. */
export function activityCompleteRoutes({ db, clock }: AppDeps) {
  const path = paths.activityComplete(`:courseId${UUID_PARAM}`, `:activityId${UUID_PARAM}`);
  return new Hono<AppEnv>().post(
    path,
    allow(db, signedIn),
    vValidator('json', activityCompleteSchema, validationHook),
    async (c) => {
      const userId = c.get('auth').userId;
      const { completionId, watched, openedAt } = c.req.valid('json');
      const course = await courseForLearner(db, userId, pathId(c.req.param('courseId')));
      const activity = await activityInCourse(db, course.id, pathId(c.req.param('activityId')));
      const now = clock();
      const replay = await earlierCompletion(db, userId, activity.id, completionId);
      if (!replay) {
        if (activity.activity_type === 'fileUpload') throw new ApiError(422, m.handInOnly);
        if (needsWatching(activity)) {
          if (watched === undefined || watched < MEDIA_WATCHED_SHARE)
            throw new ApiError(422, messages.validationFailed, { watched: m.mediaNotWatched });
          // Media stored before durations were read keeps the watched share alone.
          if (activity.media_duration !== null)
            await checkMediaTime(db, {
              userId,
              activityId: activity.id,
              durationSeconds: activity.media_duration,
              openedAt,
              now,
            });
        }
        await recordActivity(db, {
          userId,
          courseId: course.id,
          activity,
          completionId,
          watched,
          now,
          device: deviceTime(c),
        });
      }
      return c.json({
        message: m.activityCompleted,
        results: await completionResult(db, userId, course.id, activity, completionId, now),
      } satisfies ApiSuccess<CompletionResult>);
    },
  );
}
