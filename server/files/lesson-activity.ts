import type { ActivityFile, LessonActivity } from '../../contract/lessons/resource.ts';
import type { lessonActivities } from '../db/schema/lessons.ts';
import type { AppDeps } from '../http/app-env.ts';
import { signEmbedUrl } from './embed-url.ts';
import { signFileUrl } from './signed-url.ts';

export type ActivityRecord = typeof lessonActivities.$inferSelect;

/**
 * An activity as the routes answer it, its files and embed document behind fresh signed links: the
 * lesson administration and the learner's course player show it alike.
 */
export async function toLessonActivity(
  deps: Pick<AppDeps, 'db'>,
  record: ActivityRecord,
): Promise<LessonActivity> {
  const file = async (key: string | null, name: string | null, type: string | null, size: number | null) =>
    key
      ? ({
          name: name ?? '',
          type: type ?? 'application/octet-stream',
          size: size ?? 0,
          url: await signFileUrl(deps, key, { name: name ?? undefined }),
        } satisfies ActivityFile)
      : null;
  const embedded =
    (record.activityType === 'customEmbed' && record.customEmbed) ||
    (record.activityType === 'interactiveContent' && record.fileKey);
  return {
    _id: record.id,
    lessonId: record.lessonId,
    position: record.position,
    title: record.title,
    activityType: record.activityType,
    videoType: record.videoType,
    url: record.url,
    customEmbed: record.customEmbed,
    file: await file(record.fileKey, record.fileName, record.fileType, record.fileSize),
    // The preview is always a PDF (its size is not kept).
    previewFile: await file(record.previewFileKey, record.previewFileName, 'application/pdf', null),
    embedUrl: embedded ? await signEmbedUrl(deps, record.id) : null,
    required: record.required,
    version: record.version,
  };
}
