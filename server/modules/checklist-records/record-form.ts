import type { Context } from 'hono';
import * as v from 'valibot';
import {
  type ChecklistRecordInput,
  checklistRecordSchema,
} from '../../../contract/checklists/record-schemas.ts';
import {
  CHECKLIST_FILE_MAX_BYTES,
  CHECKLIST_NOTE_MAX,
  checklistRecordMessages as m,
  checklistRecordPaths as paths,
} from '../../../contract/checklists/records.ts';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { API_BASE } from '../../../contract/paths.ts';
import { toFieldErrors } from '../../../contract/validation.ts';
import type { FileStore } from '../../files/store.ts';
import { readStreamedForm } from '../../files/streamed-form.ts';
import { FileRefused, type StoredFile, storeUpload } from '../../files/upload.ts';
import { ApiError } from '../../http/errors.ts';

/** Folder of checklist photos and evidence in the store. */
export const RECORD_FOLDER = 'checklist-records';

/** A JSON record is a few fields; a note is at most CHECKLIST_NOTE_MAX characters. */
const JSON_MAX_BYTES = 64 * 1024;

const FIELDS = ['recordId', 'learnerId', 'activityId', 'action', 'note', 'withdraws'] as const;

/** The image types a photo may be, told from its bytes. */
const PHOTO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * POST /checklist/record streams a multipart body's file as a hand-in does: the app's JSON body
 * limit does not apply to it, and the Idempotency-Key store binds it by its length instead of
 * reading it ahead. A JSON body goes through the app's JSON limit, hash and text check like any
 * other, and is capped tighter here.
 */
export function isChecklistRecordRequest(method: string, path: string): boolean {
  return method === 'POST' && path === `${API_BASE}${paths.record}`;
}

export type RecordInput = v.InferOutput<typeof checklistRecordSchema>;

/**
 * What to do with the file that arrives with a record whose fields are `input`: false keeps none
 * (a replayed record id); 'photo' stores it if it is an image; 'evidence' stores any file people
 * hand in. It throws the refusal of a record that takes no file, or that is refused anyway, before
 * the file is read.
 */
export type KeepFile = (input: RecordInput) => Promise<'photo' | 'evidence' | false>;

export type RecordForm = { input: RecordInput; file: StoredFile | undefined };

const refuse = (errors: FieldErrors, status: 413 | 422 = 422) =>
  new ApiError(status, status === 413 ? messages.payloadTooLarge : messages.validationFailed, errors);

function parseFields(fields: Partial<ChecklistRecordInput> | unknown): RecordInput {
  const result = v.safeParse(checklistRecordSchema, fields);
  if (!result.success) throw refuse(toFieldErrors(result.issues));
  return result.output;
}

/** Reads the record as JSON, or as a multipart form whose text parts come before its one `file`. */
export async function readRecordForm(c: Context, store: FileStore, keep: KeepFile): Promise<RecordForm> {
  const raw = c.req.raw;
  const contentType = raw.headers.get('content-type') ?? '';
  if (/^multipart\/form-data\s*;/i.test(contentType) && raw.body) {
    let stored: StoredFile | undefined;
    try {
      return await parseMultipart(raw, contentType, store, keep, (file) => {
        stored = file;
      });
    } catch (error) {
      if (stored) await store.disk.delete(stored.key).catch(() => undefined);
      throw error;
    }
  }
  // The app's JSON limit and text check ran before (server/app.ts); a record is capped tighter.
  if (Number(raw.headers.get('content-length') ?? 0) > JSON_MAX_BYTES)
    throw new ApiError(413, messages.payloadTooLarge);
  const text = await c.req.text();
  if (Buffer.byteLength(text) > JSON_MAX_BYTES) throw new ApiError(413, messages.payloadTooLarge);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, messages.malformedJson);
  }
  return { input: parseFields(body), file: undefined };
}

async function parseMultipart(
  raw: Request,
  contentType: string,
  store: FileStore,
  keep: KeepFile,
  onStored: (file: StoredFile) => void,
): Promise<RecordForm> {
  const fields: Record<string, string> = {};
  let input: RecordInput | undefined;
  let file: StoredFile | undefined;
  let sawFile = false;
  await readStreamedForm(raw, contentType, {
    // Room for one more of each, so a form with too many parts is refused.
    limits: {
      fields: FIELDS.length + 1,
      fieldSize: CHECKLIST_NOTE_MAX * 4 + 1,
      files: 2,
      parts: FIELDS.length + 3,
    },
    field: (name, value, truncated) => {
      // The text parts come once each and before the file, as the record is judged when it arrives.
      if (sawFile || name in fields) throw new ApiError(400, messages.malformedForm);
      // Other parts are ignored, as a JSON body's other fields are.
      if (!(FIELDS as readonly string[]).includes(name)) return;
      if (truncated) throw refuse({ [name]: m.noteTooLong });
      fields[name] = value;
    },
    file: async (name, stream, filename) => {
      if (sawFile) throw refuse({ file: m.evidenceRequired });
      sawFile = true;
      if (name !== 'file' || !filename) throw refuse({ file: m.evidenceRequired });
      input = parseFields(fields);
      const kind = await keep(input);
      if (!kind) {
        stream.resume();
        return;
      }
      const limit = { maxBytes: CHECKLIST_FILE_MAX_BYTES, message: m.fileTooLarge };
      try {
        file = await storeUpload(
          store,
          kind === 'photo' ? 'fileUpload' : 'handIn',
          stream,
          filename,
          RECORD_FOLDER,
          limit,
        );
      } catch (error) {
        // A photo of a type the store takes but is no image is refused in the photo's words.
        if (error instanceof FileRefused)
          throw refuse(
            { file: kind === 'photo' && error.status === 422 ? m.photoNotImage : error.message },
            error.status,
          );
        throw error;
      }
      onStored(file);
      if (kind === 'photo' && !PHOTO_TYPES.has(file.mimeType)) throw refuse({ file: m.photoNotImage });
    },
    tooMany: () => refuse({ file: m.evidenceRequired }),
  });
  return { input: input ?? parseFields(fields), file };
}
