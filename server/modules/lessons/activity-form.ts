import { Readable } from 'node:stream';
import busboy from 'busboy';
import * as v from 'valibot';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { type FileKind, fileMessages } from '../../../contract/files.ts';
import {
  type ActivityFieldsOutput,
  activityFileError,
  activityNeeds,
  activitySchema,
  activityUpdateSchema,
  activityMessages as am,
  PACKAGE_MAX_BYTES,
} from '../../../contract/lessons/activities.ts';
import { messages } from '../../../contract/messages.ts';
import { toFieldErrors } from '../../../contract/validation.ts';
import type { FileStore } from '../../files/store.ts';
import { FileRefused, type StoredFile, storeUpload } from '../../files/upload.ts';
import { ApiError } from '../../http/errors.ts';

const FILE_PARTS = ['contentFile', 'previewFile'] as const;
type FilePart = (typeof FILE_PARTS)[number];

/** The text fields a form may carry; others are refused so a misnamed field is not lost silently. */
const TEXT_PARTS = new Set([
  'lessonId',
  'title',
  'activityType',
  'videoType',
  'url',
  'customEmbed',
  'required',
  'version',
]);

/** Folder of the activities' files in the store. */
export const ACTIVITY_FOLDER = 'activities';

export type CreateFields = ActivityFieldsOutput;
export type UpdateFields = v.InferOutput<typeof activityUpdateSchema>;

export type ActivityForm<F> = {
  fields: F;
  files: Partial<Record<FilePart, StoredFile>>;
};

const refuse = (errors: FieldErrors, status: 413 | 422 = 422) =>
  new ApiError(status, status === 413 ? messages.payloadTooLarge : messages.validationFailed, errors);

/**
 * Whether the stored file of an update still serves: the form sends no new one and the activity
 * keeps a file of the kind the (maybe changed) type takes.
 */
export type KeptFile = (fields: UpdateFields) => boolean;

type Mode = { kind: 'create' } | { kind: 'update'; keptFile: KeptFile };

/**
 * Reads an activity form (multipart/form-data) as it streams: its text fields first, checked as a
 * whole when the first file part arrives, then each file streamed into the store under the kind
 * the activity's type takes (storeUpload: type from the bytes, size capped as they arrive). Nothing
 * is held whole in memory. Whatever goes wrong after a file was stored (a later part refused, a text
 * field after a file, a required file missing) deletes the stored files before answering.
 */
export async function readActivityForm<F extends CreateFields | UpdateFields>(
  raw: Request,
  store: FileStore,
  mode: Mode,
): Promise<ActivityForm<F>> {
  const contentType = raw.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !raw.body)
    throw new ApiError(422, am.notMultipart, { contentFile: am.notMultipart });

  const stored: StoredFile[] = [];
  const cleanUp = () => Promise.all(stored.map((file) => store.disk.delete(file.key).catch(() => undefined)));
  try {
    const form = await parse<F>(raw, contentType, store, mode, stored);
    return form;
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function checkFields<F>(text: Map<string, string>, mode: Mode): F {
  const schema = mode.kind === 'create' ? activitySchema : activityUpdateSchema;
  const result = v.safeParse(schema, Object.fromEntries(text));
  if (!result.success) throw refuse(toFieldErrors(result.issues));
  return result.output as F;
}

function parse<F extends CreateFields | UpdateFields>(
  raw: Request,
  contentType: string,
  store: FileStore,
  mode: Mode,
  stored: StoredFile[],
): Promise<ActivityForm<F>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fields: 20, fieldSize: 256 * 1024, files: 2, parts: 24 },
      });
    } catch {
      reject(new ApiError(400, messages.malformedForm));
      return;
    }
    const source = Readable.fromWeb(raw.body as never);
    const text = new Map<string, string>();
    const files: Partial<Record<FilePart, StoredFile>> = {};
    let fields: F | undefined;
    let failed = false;
    let pending: Promise<void> = Promise.resolve();

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      // Let a file being written see its stream end before the caller deletes what was stored.
      pending.finally(() => reject(error));
    };

    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (fields !== undefined) return fail(refuse({ [name]: am.fieldsFirst }));
      if (!TEXT_PARTS.has(name) || text.has(name)) return fail(refuse({ [name]: am.unknownPart }));
      if (info.valueTruncated) return fail(refuse({ [name]: `${name} is too long.` }));
      text.set(name, value);
    });

    parser.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      // A file input left empty arrives as a part without a name or bytes: no file.
      const filename = info.filename;
      if (filename === undefined || filename === '') {
        stream.resume();
        return;
      }
      try {
        fields ??= checkFields<F>(text, mode);
      } catch (error) {
        stream.resume();
        return fail(error);
      }
      const part = FILE_PARTS.find((known) => known === name);
      const needs = activityNeeds(fields.activityType, fields.videoType);
      if (!part || files[part]) {
        stream.resume();
        return fail(refuse({ [name]: am.unknownPart }));
      }
      if (part === 'previewFile' && !needs.previewFile) {
        stream.resume();
        return fail(refuse({ previewFile: am.previewOnlyPowerpoint }));
      }
      if (part === 'contentFile' && !needs.contentFile) {
        stream.resume();
        return fail(refuse({ contentFile: am.noFileForType }));
      }
      const kind: FileKind | 'package' = part === 'previewFile' ? 'pdf' : (needs.contentFile?.kind ?? 'pdf');
      const write = (async () => {
        const file = await storeUpload(
          store,
          kind === 'package' ? 'fileUpload' : kind,
          stream,
          filename,
          kind === 'package' ? PACKAGE_FOLDER : ACTIVITY_FOLDER,
        );
        stored.push(file);
        if (kind === 'package' && file.extension !== 'zip') throw refuse({ contentFile: am.packageType });
        files[part] = file;
      })().catch((error: unknown) => {
        stream.resume();
        if (error instanceof FileRefused) {
          const message =
            kind === 'package'
              ? error.status === 413
                ? fileMessages.tooLarge('fileUpload')
                : am.packageType
              : error.message;
          return fail(refuse({ [part]: message }, error.status));
        }
        fail(error);
      });
      pending = pending.then(() => write);
    });

    parser.on('filesLimit', () => fail(refuse({ contentFile: am.unknownPart })));
    parser.on('partsLimit', () => fail(refuse({ contentFile: am.unknownPart })));
    parser.on('fieldsLimit', () => fail(refuse({ contentFile: am.unknownPart })));
    parser.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    source.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    parser.on('close', () => {
      pending.then(() => {
        if (failed) return;
        try {
          fields ??= checkFields<F>(text, mode);
          const hasFile =
            files.contentFile !== undefined ||
            (mode.kind === 'update' && mode.keptFile(fields as UpdateFields));
          const missing = activityFileError(fields, hasFile);
          if (missing) throw refuse({ contentFile: missing });
          failed = true;
          resolve({ fields, files });
        } catch (error) {
          failed = true;
          reject(error);
        }
      });
    });
    source.pipe(parser);
  });
}

/** Folder of the uploaded packages (.zip) in the store; their unpacked files go beside. */
export const PACKAGE_FOLDER = 'packages';
export { PACKAGE_MAX_BYTES };
