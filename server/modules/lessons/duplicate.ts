import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '../../../contract/messages.ts';
import { lessonActivities, lessons } from '../../db/schema/lessons.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { activityRecords, deleteStored } from './activity-queries.ts';
import { packageFolder, unpackPackage } from './package.ts';

const COPY_SUFFIX = ' (copy)';

/** A new key in the same folder with the same extension: the copy's own file. */
function copyKey(key: string): string {
  const slash = key.lastIndexOf('/');
  const dot = key.lastIndexOf('.');
  const extension = dot > slash ? key.slice(dot) : '';
  return `${key.slice(0, slash)}/${randomBytes(16).toString('base64url')}${extension}`;
}

/**
 * A copy of a lesson and its activities in the same order, named '<name> (copy)'. Each file is
 * copied in the store to a key of its own (a package is unpacked again from its copy), so deleting
 * either lesson never takes the other's files. The copies are made before the rows; if the rows
 * fail, the copies are deleted.
 */
export async function duplicateLesson(deps: AppDeps, sourceId: string): Promise<string> {
  const [source] = await deps.db.select().from(lessons).where(eq(lessons.id, sourceId));
  if (!source) throw new ApiError(404, messages.notFound);
  const activities = await activityRecords(deps.db, eq(lessonActivities.lessonId, sourceId));
  const copied: { keys: string[]; folders: string[] }[] = [];
  try {
    const rows: Omit<typeof lessonActivities.$inferInsert, 'lessonId'>[] = [];
    for (const activity of activities) {
      const {
        id: _id,
        lessonId: _lesson,
        createdAt: _c,
        updatedAt: _u,
        version: _v,
        fileKey,
        previewFileKey,
        ...rest
      } = activity;
      const newFile = fileKey ? copyKey(fileKey) : null;
      const newPreview = previewFileKey ? copyKey(previewFileKey) : null;
      if (fileKey && newFile) {
        await deps.files.disk.copy(fileKey, newFile);
        copied.push({ keys: [newFile], folders: [] });
        if (activity.activityType === 'interactiveContent') {
          copied.push({ keys: [], folders: [packageFolder(newFile)] });
          await unpackPackage(deps.files, newFile, activity.fileSize ?? 0);
        }
      }
      if (previewFileKey && newPreview) {
        await deps.files.disk.copy(previewFileKey, newPreview);
        copied.push({ keys: [newPreview], folders: [] });
      }
      rows.push({ ...rest, fileKey: newFile, previewFileKey: newPreview });
    }
    return await deps.db.transaction(async (tx) => {
      const [copy] = await tx
        .insert(lessons)
        .values({
          name: `${source.name.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
          description: source.description,
          status: source.status,
        })
        .returning({ id: lessons.id });
      if (!copy) throw new Error('Inserting a lesson returned nothing');
      if (rows.length > 0)
        await tx.insert(lessonActivities).values(rows.map((row) => ({ ...row, lessonId: copy.id })));
      return copy.id;
    });
  } catch (error) {
    await deleteStored(deps, copied);
    throw error;
  }
}
