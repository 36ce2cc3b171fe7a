import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type CompletionResult,
  type HandIn,
  learningMessages as m,
  learningPaths as paths,
} from '../../../contract/learning/resource.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { handIns } from '../../db/schema/learning.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import {
  activityInCourse,
  completionResult,
  earlierCompletion,
  recordActivity,
} from './activity-completion.ts';
import { courseForLearner, learnerCourse } from './course-access.ts';
import { readHandInForm } from './hand-in-form.ts';
import { toHandIn } from './player.ts';

/** Whether `viewerId` leads a team that the hand-in's learner is a member of. */
async function leadsLearner(db: Database, viewerId: string, learnerId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from team_members tm
          join team_leads tl on tl.team_id = tm.team_id and tl.user_id = ${viewerId}
         where tm.user_id = ${learnerId} limit 1`,
  );
  return rows.length > 0;
}

/** POST a hand-in (multipart), and GET a handed-in file for its learner and their team's leads. */
export function handInRoutes(deps: AppDeps) {
  const { db, clock, files } = deps;
  const path = paths.handIn(`:courseId${UUID_PARAM}`, `:activityId${UUID_PARAM}`);

  return new Hono<AppEnv>()
    .post(path, allow(db, signedIn), async (c) => {
      const userId = c.get('auth').userId;
      const course = await courseForLearner(db, userId, pathId(c.req.param('courseId')));
      const activity = await activityInCourse(db, course.id, pathId(c.req.param('activityId')));
      if (activity.activity_type !== 'fileUpload') throw new ApiError(422, m.notHandIn);
      const now = clock();
      // A replayed completion id, or a course standing completed, keeps no file.
      const keep = async (completionId: string) =>
        !(await earlierCompletion(db, userId, activity.id, completionId)) &&
        !(await learnerCourse(db, userId, course.id, now)).standing;
      const form = await readHandInForm(c.req.raw, files, keep);
      const { file, completionId } = form;
      if (file) {
        let kept = false;
        try {
          kept = await recordActivity(db, {
            userId,
            courseId: course.id,
            activity,
            completionId,
            now,
            before: async (tx) => {
              const inserted = await tx
                .insert(handIns)
                .values({
                  id: completionId,
                  userId,
                  activityId: activity.id,
                  fileKey: file.key,
                  fileName: file.name,
                  fileType: file.mimeType,
                  fileSize: file.size,
                  handedInAt: now,
                })
                .onConflictDoNothing()
                .returning({ id: handIns.id });
              return inserted.length > 0;
            },
          });
        } finally {
          if (!kept) await files.disk.delete(file.key).catch(() => undefined);
        }
      }
      return c.json({
        message: m.handedIn,
        results: await completionResult(db, userId, course.id, activity, completionId, now),
      } satisfies ApiSuccess<CompletionResult>);
    })
    .get(paths.handInFile(`:handInId${UUID_PARAM}`), allow(db, signedIn), async (c) => {
      const viewerId = c.get('auth').userId;
      const [row] = await db
        .select()
        .from(handIns)
        .where(eq(handIns.id, pathId(c.req.param('handInId'))));
      if (!row) throw new ApiError(404, m.handInNotFound);
      if (row.userId !== viewerId && !(await leadsLearner(db, viewerId, row.userId)))
        throw new ApiError(403, messages.forbidden);
      return c.json({
        message: m.handInFetched,
        results: await toHandIn(deps, row),
      } satisfies ApiSuccess<HandIn>);
    });
}
