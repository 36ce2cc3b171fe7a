import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, quoted, trigram, updatedAt, version } from '../columns.ts';

export const ACTIVITY_TYPES = [
  'customEmbed',
  'audioPlayer',
  'videoPlayer',
  'pdfDocument',
  'fileUpload',
  'powerpoint',
  'interactiveContent',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const VIDEO_TYPES = ['mp4', 'facebook', 'vimeo', 'youtube'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** Lessons: ordered activities a learner works through. */
export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Enabled lessons can be put in a course's outline. */
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('lessons_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigram('lessons_name_trgm_idx', t.name),
  ],
);

/**
 * One activity of a lesson. Which columns are set follows the type: a file in the store
 * (`fileKey` and its checked type, name and size), a URL of a video host or a package, or the
 * embed code of a custom embed. A PowerPoint may carry a PDF copy shown as its preview.
 */
export const lessonActivities = pgTable(
  'lesson_activities',
  {
    id: id(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    activityType: text('activity_type').$type<ActivityType>().notNull(),
    videoType: text('video_type').$type<VideoType>(),
    url: text('url'),
    customEmbed: text('custom_embed'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Seconds an uploaded video or audio lasts, read from its bytes as it was stored; null when unknown. */
    mediaDuration: real('media_duration'),
    previewFileKey: text('preview_file_key'),
    previewFileName: text('preview_file_name'),
    /** A learner must finish the activity to finish the lesson. */
    required: boolean('required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('lesson_activities_type_check', sql`${t.activityType} in (${quoted(ACTIVITY_TYPES)})`),
    check('lesson_activities_video_type_check', sql`${t.videoType} in (${quoted(VIDEO_TYPES)})`),
    index('lesson_activities_lesson_idx').on(t.lessonId, t.position),
  ],
);
