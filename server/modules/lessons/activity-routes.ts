import { vValidator } from '@hono/valibot-validator';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type ActivityType,
  activityNeeds,
  activityOrderSchema,
  activityMessages as am,
  type VideoType,
} from '../../../contract/lessons/activities.ts';
import {
  type LessonActivity,
  lessonPaths as paths,
  lessonResource as resource,
} from '../../../contract/lessons/resource.ts';
import { messages } from '../../../contract/messages.ts';
import { lessonActivities, lessons } from '../../db/schema/lessons.ts';
import { staleAnswer } from '../../db/versioned-update.ts';
import type { StoredFile } from '../../files/upload.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { type CreateFields, readActivityForm, type UpdateFields } from './activity-form.ts';
import {
  type ActivityRecord,
  activityRecords,
  deleteStored,
  lessonActivityList,
  oneActivity,
  storedPaths,
} from './activity-queries.ts';
import { packageFolder, unpackPackage } from './package.ts';

/** The kind of file an activity of this type holds, to tell whether a stored one still serves. */
const fileKindOf = (type: ActivityType, videoType: VideoType | '' | null) =>
  activityNeeds(type, videoType ?? '').contentFile?.kind;

/** The columns the fields set: what the type does not use is cleared. */
function columnsOf(fields: CreateFields | UpdateFields) {
  const needs = activityNeeds(fields.activityType, fields.videoType);
  return {
    title: fields.title,
    activityType: fields.activityType,
    videoType: needs.videoType && fields.videoType !== '' ? fields.videoType : null,
    url: needs.url !== 'none' && fields.url !== '' ? fields.url : null,
    customEmbed: needs.customEmbed ? fields.customEmbed : null,
    required: fields.required,
  };
}

const fileColumns = (file: StoredFile) => ({
  fileKey: file.key,
  fileName: file.name,
  fileType: file.mimeType,
  fileSize: file.size,
  mediaDuration: file.duration ?? null,
});

/** Unpacks an uploaded package; a refused one takes its zip with it. */
async function unpacked(
  deps: AppDeps,
  file: StoredFile | undefined,
  type: ActivityType,
  others: StoredFile[],
) {
  if (!file || type !== 'interactiveContent') return;
  try {
    await unpackPackage(deps.files, file.key, file.size);
  } catch (error) {
    await deleteStored(deps, [{ keys: others.map((other) => other.key), folders: [] }]);
    throw error;
  }
}

const lessonWhere = (id: string) => eq(lessonActivities.lessonId, id);

/** The activity routes of a lesson (lesson-api): multipart create and update, list, delete, require, order. */
export function activityRoutes(deps: AppDeps) {
  const { db } = deps;
  const can = (action: 'view' | 'edit') => allow(db, permission(resource.module, resource.submodule, action));
  const answer = async (id: string) => foundOr404(oneActivity(deps, id));

  return new Hono<AppEnv>()
    .get(paths.activities(`:lessonId${UUID_PARAM}`), can('view'), async (c) => {
      const lessonId = pathId(c.req.param('lessonId'));
      const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
      if (!lesson) throw new ApiError(404, messages.notFound);
      return c.json({
        message: messages.listFetched,
        results: await lessonActivityList(deps, lessonId),
      } satisfies ApiSuccess<LessonActivity[]>);
    })
    .post(paths.activity, can('edit'), async (c) => {
      const { fields, files } = await readActivityForm<CreateFields>(c.req.raw, deps.files, {
        kind: 'create',
      });
      const stored = Object.values(files);
      const dropFiles = () => deleteStored(deps, [{ keys: stored.map((file) => file.key), folders: [] }]);
      await unpacked(deps, files.contentFile, fields.activityType, stored);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const [lesson] = await tx
            .select({ id: lessons.id })
            .from(lessons)
            .where(eq(lessons.id, fields.lessonId))
            .for('update');
          if (!lesson) throw new ApiError(422, messages.validationFailed, { lessonId: am.lessonNotFound });
          const [created] = await tx
            .insert(lessonActivities)
            .values({
              lessonId: lesson.id,
              position: sql`(select coalesce(max(${lessonActivities.position}), 0) + 1 from ${lessonActivities} where ${lessonActivities.lessonId} = ${lesson.id})`,
              ...columnsOf(fields),
              ...(files.contentFile ? fileColumns(files.contentFile) : {}),
              previewFileKey: files.previewFile?.key ?? null,
              previewFileName: files.previewFile?.name ?? null,
            })
            .returning({ id: lessonActivities.id });
          if (!created) throw new Error('Inserting an activity returned nothing');
          return created.id;
        });
      } catch (error) {
        await dropFiles();
        if (files.contentFile && fields.activityType === 'interactiveContent')
          await deleteStored(deps, [{ keys: [], folders: [packageFolder(files.contentFile.key)] }]);
        throw error;
      }
      const results = await answer(id);
      return c.json(
        {
          message: recordMessage('activity', results.title, 'created'),
          results,
        } satisfies ApiSuccess<LessonActivity>,
        201,
      );
    })
    .patch(paths.updateActivity(`:activityId${UUID_PARAM}`), can('edit'), async (c) => {
      const id = pathId(c.req.param('activityId'));
      const [current] = await activityRecords(db, eq(lessonActivities.id, id));
      if (!current) throw new ApiError(404, messages.notFound);
      const { fields, files } = await readActivityForm<UpdateFields>(c.req.raw, deps.files, {
        kind: 'update',
        keptFile: (next) =>
          current.fileKey !== null &&
          fileKindOf(next.activityType, next.videoType) ===
            fileKindOf(current.activityType, current.videoType),
      });
      const stored = Object.values(files);
      await unpacked(deps, files.contentFile, fields.activityType, stored);
      const next = activityNeeds(fields.activityType, fields.videoType);
      const keepFile =
        !files.contentFile &&
        next.contentFile !== undefined &&
        fileKindOf(fields.activityType, fields.videoType) ===
          fileKindOf(current.activityType, current.videoType);
      const keepPreview = !files.previewFile && next.previewFile;
      const values = {
        ...columnsOf(fields),
        ...(files.contentFile
          ? fileColumns(files.contentFile)
          : keepFile
            ? {}
            : { fileKey: null, fileName: null, fileType: null, fileSize: null, mediaDuration: null }),
        ...(files.previewFile
          ? { previewFileKey: files.previewFile.key, previewFileName: files.previewFile.name }
          : keepPreview
            ? {}
            : { previewFileKey: null, previewFileName: null }),
        version: sql`${lessonActivities.version} + 1`,
        updatedAt: sql`now()`,
      };
      const newPaths = [
        {
          keys: stored.map((file) => file.key),
          folders:
            files.contentFile && fields.activityType === 'interactiveContent'
              ? [packageFolder(files.contentFile.key)]
              : [],
        },
      ];
      let written: { id: string }[];
      try {
        written = await db
          .update(lessonActivities)
          .set(values)
          .where(and(eq(lessonActivities.id, id), eq(lessonActivities.version, fields.version)))
          .returning({ id: lessonActivities.id });
      } catch (error) {
        await deleteStored(deps, newPaths);
        throw error;
      }
      if (written.length === 0) {
        await deleteStored(deps, newPaths);
        const results = await oneActivity(deps, id);
        if (!results) throw new ApiError(404, messages.notFound);
        return c.json(staleAnswer(results), 409);
      }
      // What the activity no longer names goes once the change is in.
      const old = storedPaths(current);
      const dropFile = current.fileKey !== null && !keepFile;
      const dropPreview = current.previewFileKey !== null && !keepPreview;
      await deleteStored(deps, [
        {
          keys: [dropFile ? current.fileKey : null, dropPreview ? current.previewFileKey : null].filter(
            (key): key is string => key !== null,
          ),
          folders: dropFile ? old.folders : [],
        },
      ]);
      const results = await answer(id);
      return c.json({
        message: recordMessage('activity', results.title, 'updated'),
        results,
      } satisfies ApiSuccess<LessonActivity>);
    })
    .delete(paths.deleteActivity(`:activityId${UUID_PARAM}`), can('edit'), async (c) => {
      const id = pathId(c.req.param('activityId'));
      const [deleted] = await db.delete(lessonActivities).where(eq(lessonActivities.id, id)).returning();
      if (!deleted) throw new ApiError(404, messages.notFound);
      await deleteStored(deps, [storedPaths(deleted as ActivityRecord)]);
      return c.json({
        message: recordMessage('activity', deleted.title, 'deleted'),
        results: { _id: id },
      } satisfies ApiSuccess<{
        _id: string;
      }>);
    })
    .post(paths.requireActivity(`:activityId${UUID_PARAM}`), can('edit'), async (c) => {
      const id = pathId(c.req.param('activityId'));
      const [flipped] = await db
        .update(lessonActivities)
        .set({
          required: sql`not ${lessonActivities.required}`,
          version: sql`${lessonActivities.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(lessonActivities.id, id))
        .returning({ id: lessonActivities.id });
      if (!flipped) throw new ApiError(404, messages.notFound);
      const results = await answer(id);
      return c.json({
        message: recordMessage('activity', results.title, 'updated'),
        results,
      } satisfies ApiSuccess<LessonActivity>);
    })
    .post(
      paths.activityOrder,
      can('edit'),
      vValidator('json', activityOrderSchema, validationHook),
      async (c) => {
        const { lessonId: rawLessonId, activityIds } = c.req.valid('json');
        const lessonId = rawLessonId.toLowerCase();
        const ids = activityIds.map((id) => id.toLowerCase());
        await db.transaction(async (tx) => {
          const [lesson] = await tx
            .select({ id: lessons.id })
            .from(lessons)
            .where(eq(lessons.id, lessonId))
            .for('update');
          if (!lesson) throw new ApiError(404, messages.notFound);
          const existing = await tx
            .select({ id: lessonActivities.id })
            .from(lessonActivities)
            .where(lessonWhere(lessonId));
          const known = new Set(existing.map((row) => row.id));
          if (existing.length !== ids.length || ids.some((id) => !known.has(id)))
            throw new ApiError(422, messages.validationFailed, { activityIds: am.orderMismatch });
          for (const [index, id] of ids.entries())
            await tx
              .update(lessonActivities)
              .set({ position: index + 1 })
              .where(eq(lessonActivities.id, id));
        });
        return c.json({
          message: adminMessages.updated,
          results: await lessonActivityList(deps, lessonId),
        } satisfies ApiSuccess<LessonActivity[]>);
      },
    );
}
