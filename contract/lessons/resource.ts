import type { AdminRow } from '../admin-list.ts';
import { API_BASE } from '../paths.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/**
 * Lessons (spec 2 `/app/content-management/lessons`, 7 `/lesson` with bulk-delete, bulk-enable,
 * bulk-disable, activity, require-activity, delete-activity, get-activity, duplicate,
 * update-activity). A lesson holds ordered activities of the spec's types (./activities.ts).
 */
export const lessonResource = defineResource({
  path: '/lesson',
  module: 'content-management',
  submodule: 'lessons',
  statusWords: 'enable',
  noun: 'lesson',
});

export const lessonPaths = {
  ...resourcePaths(lessonResource),
  /** POST, no body: copies the lesson and its activities (files copied too) as '<name> (copy)'. */
  duplicate: (lessonId: string) => `/lesson/duplicate/${lessonId}`,
  /** POST multipart/form-data (text fields first, then `contentFile`, `previewFile`): adds an activity. */
  activity: '/lesson/activity',
  /** PATCH multipart/form-data, the same fields and `version`; a missing file part keeps the file. */
  updateActivity: (activityId: string) => `/lesson/update-activity/${activityId}`,
  /** GET: the lesson's activities in position order. */
  activities: (lessonId: string) => `/lesson/get-activity/${lessonId}`,
  /** DELETE: removes the activity and its files. */
  deleteActivity: (activityId: string) => `/lesson/delete-activity/${activityId}`,
  /** POST, no body: flips the activity's `required`. */
  requireActivity: (activityId: string) => `/lesson/require-activity/${activityId}`,
  /** POST JSON `{ lessonId, activityIds }`: every activity of the lesson once, in the new order. */
  activityOrder: '/lesson/activity/order',
  /**
   * GET, public with its signature: the sandboxed document of a custom embed or an uploaded
   * package (`embedUrl` of an activity holds a signed one; never build it on the client).
   */
  embedPrefix: '/lesson/embed',
} as const;

/**
 * The activity writes that carry files (multipart): the app's 1 MB body limit does not apply to
 * them (each file's kind caps it as it streams) and the Idempotency-Key store does not read their
 * bodies (it would hold a whole video in memory).
 */
export function isLessonUploadRequest(method: string, path: string): boolean {
  return (
    (method === 'POST' && path === `${API_BASE}${lessonPaths.activity}`) ||
    (method === 'PATCH' && path.startsWith(`${API_BASE}${lessonPaths.updateActivity('')}`))
  );
}

export type LessonRow = AdminRow & {
  name: string;
  /** How many activities the lesson holds. */
  activityCount: number;
  createdAt: string;
};

/** GET /lesson/{id}, and the answer of create, update and duplicate. */
export type LessonDetail = LessonRow & {
  description: string;
  updatedAt: string;
};

export type { ActivityType, VideoType } from './activities.ts';
export { ACTIVITY_TYPES, VIDEO_TYPES } from './activities.ts';

/** A stored file as an activity shows it; `url` is a short-lived signed link (about an hour). */
export type ActivityFile = { name: string; type: string; size: number; url: string };

/** One activity of a lesson, as every activity route answers it. */
export type LessonActivity = {
  _id: string;
  lessonId: string;
  position: number;
  title: string;
  activityType: import('./activities.ts').ActivityType;
  videoType: import('./activities.ts').VideoType | null;
  url: string | null;
  customEmbed: string | null;
  /** The uploaded file: the media, document, PowerPoint, instructions or package (.zip). */
  file: ActivityFile | null;
  /** A PowerPoint's PDF copy, shown as its preview. */
  previewFile: ActivityFile | null;
  /**
   * customEmbed, or interactiveContent with an uploaded package: a signed link (about an hour) to
   * a document served with `Content-Security-Policy: sandbox allow-scripts allow-forms
   * allow-popups`, to show in an iframe. Null for the other types.
   */
  embedUrl: string | null;
  required: boolean;
  version: number;
};
