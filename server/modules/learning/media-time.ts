import { and, eq, sql } from 'drizzle-orm';
import { MEDIA_WATCHED_SHARE, learningMessages as m } from '../../../contract/learning/resource.ts';
import type { Database } from '../../db/client.ts';
import { learnerOutline } from '../../db/learner-progress.ts';
import { activityServes } from '../../db/schema/learning.ts';
import { ApiError } from '../../http/errors.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * Notes that the server now answers the learner the uploaded videos and audio of the lessons they
 * take in the course's outline (the player's outline carries their links): the first time only, so
 * the earliest a completion may say the learner opened one stays put however often the player is
 * opened again.
 */
export async function recordMediaServed(db: Executor, userId: string, courseId: string, now: Date) {
  await (db as Database).execute(
    sql`insert into activity_serves (user_id, activity_id, first_served_at)
        select ${userId}::uuid, a.id, ${now.toISOString()}::timestamptz
          from (${learnerOutline(sql`${courseId}::uuid`)}) o
          join lesson_activities a on a.lesson_id = o.lesson_id
         where a.media_duration is not null
        on conflict do nothing`,
  );
}

/**
 * Refuses (422 `mediaTooSoon`) finishing a video or audio of `durationSeconds` before
 * MEDIA_WATCHED_SHARE of it has passed since the learner opened it.
 *
 * The open time comes from the client, in the completion's body, so a completion kept in the outbox
 * while offline and sent hours later is judged on when the media was opened, not on when it
 * reached the server. The server cannot check a client's clock, so it bounds the time: never before
 * the server first answered the learner the activity (activity_serves; the media cannot have been
 * opened before its link existed), and never after now. A time outside those bounds is moved to the
 * nearer one rather than refused, so a device whose clock runs a little slow is not refused for
 * good; a forged early time then gains nothing over the first serve. Media never served to the
 * learner cannot have been played, and a completion without an open time counts from the first
 * serve (a client older than this rule).
 */
export async function checkMediaTime(
  db: Database,
  input: {
    userId: string;
    activityId: string;
    durationSeconds: number;
    openedAt: string | undefined;
    now: Date;
  },
) {
  const { userId, activityId, durationSeconds, openedAt, now } = input;
  const [served] = await db
    .select({ at: activityServes.firstServedAt })
    .from(activityServes)
    .where(and(eq(activityServes.userId, userId), eq(activityServes.activityId, activityId)));
  if (!served) throw new ApiError(422, m.mediaTooSoon);
  const claimed = openedAt === undefined ? served.at.getTime() : Date.parse(openedAt);
  const opened = Math.min(Math.max(claimed, served.at.getTime()), now.getTime());
  if (now.getTime() - opened < MEDIA_WATCHED_SHARE * durationSeconds * 1000)
    throw new ApiError(422, m.mediaTooSoon);
}
