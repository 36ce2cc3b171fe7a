import { Readable } from 'node:stream';
import busboy from 'busboy';
import * as v from 'valibot';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import { handInFieldsSchema } from '../../../contract/learning/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { API_BASE } from '../../../contract/paths.ts';
import { toFieldErrors } from '../../../contract/validation.ts';
import type { FileStore } from '../../files/store.ts';
import { FileRefused, type StoredFile, storeUpload, type UploadLimit } from '../../files/upload.ts';
import { ApiError } from '../../http/errors.ts';

/** Folder of the hand-ins in the store. */
export const HAND_IN_FOLDER = 'hand-ins';

const HAND_IN_PATH = /^\/user-portal\/course\/[^/]+\/activity\/[^/]+\/hand-in$/;

/**
 * A hand-in streams its file (up to the handIn kind's cap): the app's JSON body limit does not
 * apply, and the Idempotency-Key store binds it by its length instead of reading it ahead.
 */
export function isHandInRequest(method: string, path: string): boolean {
  return method === 'POST' && path.startsWith(API_BASE) && HAND_IN_PATH.test(path.slice(API_BASE.length));
}

const refuse = (errors: FieldErrors, status: 413 | 422 = 422) =>
  new ApiError(status, status === 413 ? messages.payloadTooLarge : messages.validationFailed, errors);

export type HandInForm = { completionId: string; file: StoredFile | undefined };

/** Whether to store a hand-in's file (false: a replayed completion id keeps no second file), and its cap. */
export type KeepFile = (completionId: string) => Promise<UploadLimit | false>;

/**
 * Reads the hand-in form as it streams: `completionId` first, then `file`. When the file part
 * arrives, `keep(completionId)` says whether to store it and below what size; a kept file streams
 * into the store under the handIn kind (kind from the served name, programs refused by their
 * bytes, size capped as it arrives). Anything refused after a file was stored deletes it.
 */
export async function readHandInForm(raw: Request, store: FileStore, keep: KeepFile): Promise<HandInForm> {
  const contentType = raw.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !raw.body)
    throw refuse({ file: m.handInFileRequired });
  let stored: StoredFile | undefined;
  try {
    return await parse(raw, contentType, store, keep, (file) => {
      stored = file;
    });
  } catch (error) {
    if (stored) await store.disk.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

function parse(
  raw: Request,
  contentType: string,
  store: FileStore,
  keep: KeepFile,
  onStored: (file: StoredFile) => void,
): Promise<HandInForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Room for one more of each, so a form with too many parts is refused by the handlers below.
        limits: { fields: 2, fieldSize: 1024, files: 2, parts: 4 },
      });
    } catch {
      reject(new ApiError(400, messages.malformedForm));
      return;
    }
    const source = Readable.fromWeb(raw.body as never);
    let completionId: string | undefined;
    let fieldText: string | undefined;
    let file: StoredFile | undefined;
    let sawFile = false;
    let failed = false;
    let pending: Promise<void> = Promise.resolve();

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      pending.finally(() => reject(error));
    };
    const checkFields = () => {
      const result = v.safeParse(handInFieldsSchema, { completionId: fieldText });
      if (!result.success) throw refuse(toFieldErrors(result.issues));
      return result.output.completionId;
    };

    parser.on('field', (name, value) => {
      if (failed) return;
      if (name !== 'completionId' || fieldText !== undefined || sawFile)
        return fail(refuse({ [name]: m.completionIdInvalid }));
      fieldText = value;
    });
    parser.on('file', (name, stream, info) => {
      if (failed || sawFile) {
        stream.resume();
        if (sawFile) fail(refuse({ file: m.handInFileRequired }));
        return;
      }
      sawFile = true;
      const filename = info.filename;
      if (name !== 'file' || !filename) {
        stream.resume();
        return fail(refuse({ file: m.handInFileRequired }));
      }
      try {
        completionId = checkFields();
      } catch (error) {
        stream.resume();
        return fail(error);
      }
      const id = completionId;
      const write = (async () => {
        const limit = await keep(id);
        if (!limit) {
          stream.resume();
          return;
        }
        file = await storeUpload(store, 'handIn', stream, filename, HAND_IN_FOLDER, limit);
        onStored(file);
      })().catch((error: unknown) => {
        stream.resume();
        if (error instanceof FileRefused) return fail(refuse({ file: error.message }, error.status));
        fail(error);
      });
      pending = pending.then(() => write);
    });
    const tooMany = () => fail(refuse({ file: m.handInFileRequired }));
    parser.on('filesLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    source.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    parser.on('close', () => {
      pending.then(() => {
        if (failed) return;
        failed = true;
        try {
          const id = completionId ?? checkFields();
          if (!sawFile) throw refuse({ file: m.handInFileRequired });
          resolve({ completionId: id, file });
        } catch (error) {
          reject(error);
        }
      });
    });
    source.pipe(parser);
  });
}
