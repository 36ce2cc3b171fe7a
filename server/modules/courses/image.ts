import { Readable } from 'node:stream';
import busboy from 'busboy';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  type CourseDetail,
  courseMessages as m,
  coursePaths as paths,
  courseResource as resource,
} from '../../../contract/courses/resource.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import type { FileStore } from '../../files/store.ts';
import { FileRefused, type StoredFile, storeUpload } from '../../files/upload.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { courseDetail } from './queries.ts';

/** Folder of the course images in the store. */
const IMAGE_FOLDER = 'course-images';

const refuse = (message: string, status: 413 | 422 = 422) =>
  new ApiError(status, status === 413 ? messages.payloadTooLarge : messages.validationFailed, {
    image: message,
  });

/**
 * Streams the one file part `image` of a multipart body into the store as a course image (its type
 * read from its bytes, its size capped as it arrives). Anything else in the body is refused, and a
 * refused body leaves nothing stored.
 */
function readImage(raw: Request, store: FileStore): Promise<StoredFile> {
  const contentType = raw.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !raw.body) throw refuse(m.imageRequired);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fields: 1, files: 2, parts: 3 },
      });
    } catch {
      reject(new ApiError(400, messages.malformedForm));
      return;
    }
    const source = Readable.fromWeb(raw.body as never);
    let stored: Promise<StoredFile | undefined> = Promise.resolve(undefined);
    let failed = false;
    let sawFile = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      stored
        .then(async (file) => {
          if (file) await store.disk.delete(file.key).catch(() => undefined);
        })
        .finally(() => reject(error));
    };
    // Room for one more part of each kind than the form holds, so a second one is refused below.
    parser.on('field', () => fail(refuse(m.imageRequired)));
    parser.on('file', (name, stream, info) => {
      if (failed || sawFile || name !== 'image' || !info.filename) {
        stream.resume();
        return fail(refuse(m.imageRequired));
      }
      sawFile = true;
      stored = storeUpload(store, 'courseImage', stream, info.filename, IMAGE_FOLDER).catch(
        (error: unknown) => {
          stream.resume();
          fail(error instanceof FileRefused ? refuse(error.message, error.status) : error);
          return undefined;
        },
      );
    });
    const tooMany = () => fail(refuse(m.imageRequired));
    parser.on('filesLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    source.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    parser.on('close', () => {
      void stored.then((file) => {
        if (failed) return;
        failed = true;
        if (file) resolve(file);
        else reject(refuse(m.imageRequired));
      });
    });
    source.pipe(parser);
  });
}

/**
 * Sets the course's image key (null: none) and answers the key it replaced. The course's row is
 * held while it is read and written, so two uploads at once each replace what the other left.
 */
async function swapImage(db: Database, courseId: string, key: string | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: courses.imageKey })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    if (!row) return undefined;
    await tx.update(courses).set({ imageKey: key, updatedAt: sql`now()` }).where(eq(courses.id, courseId));
    return { previous: row.key };
  });
}

/** Deletes an image file no course names any more (a copied course shares its original's). */
async function dropUnused(db: Database, store: FileStore, key: string | null, courseId: string) {
  if (!key) return;
  const users = await db.$count(courses, and(eq(courses.imageKey, key), ne(courses.id, courseId)));
  if (users === 0) await store.disk.delete(key).catch(() => undefined);
}

/** POST and DELETE /course/image/{id}: the course's image, apart from its form (record 021). */
export function courseImageRoutes({ db, files }: AppDeps) {
  const can = allow(db, permission(resource.module, resource.submodule, 'edit'));
  const path = `${paths.image(':id')}${UUID_PARAM}`;
  const answer = async (id: string) => foundOr404(courseDetail({ db }, id));
  return new Hono<AppEnv>()
    .post(path, can, async (c) => {
      const id = pathId(c.req.param('id'));
      const [exists] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).limit(1);
      if (!exists) throw new ApiError(404, messages.notFound);
      const file = await readImage(c.req.raw, files);
      const swapped = await swapImage(db, id, file.key);
      if (!swapped) {
        await files.disk.delete(file.key).catch(() => undefined);
        throw new ApiError(404, messages.notFound);
      }
      await dropUnused(db, files, swapped.previous, id);
      return c.json({
        message: m.imageUpdated,
        results: await answer(id),
      } satisfies ApiSuccess<CourseDetail>);
    })
    .delete(path, can, async (c) => {
      const id = pathId(c.req.param('id'));
      const swapped = await swapImage(db, id, null);
      if (!swapped) throw new ApiError(404, messages.notFound);
      await dropUnused(db, files, swapped.previous, id);
      return c.json({
        message: m.imageRemoved,
        results: await answer(id),
      } satisfies ApiSuccess<CourseDetail>);
    });
}
