import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { fileMessages } from '../../../contract/files.ts';
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
import { deviceTime, doneAt } from './device-time.ts';
import { type KeepFile, readHandInForm } from './hand-in-form.ts';
import { handInRoom, handInsFull, replaceHandIn } from './hand-in-store.ts';
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
      const device = deviceTime(c);
      // A replayed completion id, or a course standing completed, keeps no file; a kept one must
      // fit the learner's room, its earlier hand-in of the activity in the round left out.
      const keep: KeepFile = async (completionId) => {
        if (await earlierCompletion(db, userId, activity.id, completionId)) return false;
        const state = await learnerCourse(db, userId, course.id, now);
        if (state.standing) return false;
        const room = await handInRoom(db, userId, activity.id, state.roundStart);
        if (room <= 0) throw handInsFull();
        return { maxBytes: room, message: fileMessages.handInsFull };
      };
      const form = await readHandInForm(c.req.raw, files, keep);
      const { file, completionId } = form;
      if (file) {
        let kept = false;
        let replacedKeys: string[] = [];
        try {
          kept = await recordActivity(db, {
            userId,
            courseId: course.id,
            activity,
            completionId,
            now,
            device,
            before: async (tx, roundStart) => {
              const replaced = await replaceHandIn(
                tx,
                {
                  id: completionId,
                  userId,
                  activityId: activity.id,
                  fileKey: file.key,
                  fileName: file.name,
                  fileType: file.mimeType,
                  fileSize: file.size,
                  handedInAt: doneAt(device, now, [roundStart]),
                },
                roundStart,
              );
              replacedKeys = replaced.replacedKeys;
              return replaced.written;
            },
          });
        } finally {
          if (!kept) await files.disk.delete(file.key).catch(() => undefined);
        }
        if (kept) await Promise.all(replacedKeys.map((key) => files.disk.delete(key).catch(() => undefined)));
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
