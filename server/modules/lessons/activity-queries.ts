import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { LessonActivity } from '../../../contract/lessons/resource.ts';
import type { Database } from '../../db/client.ts';
import { lessonActivities } from '../../db/schema/lessons.ts';
import { type ActivityRecord, toLessonActivity } from '../../files/lesson-activity.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { packageFolder } from './package.ts';

type Executor = Pick<Database, 'select'>;

export type { ActivityRecord };

export async function activityRecords(db: Executor, where: SQL): Promise<ActivityRecord[]> {
  return db
    .select()
    .from(lessonActivities)
    .where(where)
    .orderBy(asc(lessonActivities.position), asc(lessonActivities.createdAt));
}

export async function lessonActivityList(deps: Pick<AppDeps, 'db'>, lessonId: string) {
  const records = await activityRecords(deps.db, eq(lessonActivities.lessonId, lessonId));
  return Promise.all(records.map((record) => toLessonActivity(deps, record)));
}

export async function oneActivity(
  deps: Pick<AppDeps, 'db'>,
  id: string,
): Promise<LessonActivity | undefined> {
  const [record] = await activityRecords(deps.db, eq(lessonActivities.id, id));
  return record && toLessonActivity(deps, record);
}

/** Store keys and folders an activity's files take: its file, preview and unpacked package. */
export function storedPaths(record: Pick<ActivityRecord, 'activityType' | 'fileKey' | 'previewFileKey'>) {
  const keys = [record.fileKey, record.previewFileKey].filter((key): key is string => key !== null);
  const folders =
    record.activityType === 'interactiveContent' && record.fileKey ? [packageFolder(record.fileKey)] : [];
  return { keys, folders };
}

/** The files of the given lessons' activities, read before they are deleted. */
export async function filesOfLessons(db: Executor, lessonIds: string[]) {
  const records = await db
    .select({
      activityType: lessonActivities.activityType,
      fileKey: lessonActivities.fileKey,
      previewFileKey: lessonActivities.previewFileKey,
    })
    .from(lessonActivities)
    .where(inArray(lessonActivities.lessonId, lessonIds));
  return records.map(storedPaths);
}

/** Deletes files no record names any more; a failure is logged, never the answer's. */
export async function deleteStored(
  deps: Pick<AppDeps, 'files' | 'logger'>,
  paths: { keys: string[]; folders: string[] }[],
) {
  for (const { keys, folders } of paths) {
    for (const key of keys)
      await deps.files.disk.delete(key).catch((error) => deps.logger.error(`Deleting ${key} failed:`, error));
    for (const folder of folders)
      await deps.files.disk
        .deleteAll(folder)
        .catch((error) => deps.logger.error(`Deleting ${folder} failed:`, error));
  }
}
