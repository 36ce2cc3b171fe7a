import * as v from 'valibot';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import { handInFieldsSchema } from '../../../contract/learning/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { API_BASE } from '../../../contract/paths.ts';
import { toFieldErrors } from '../../../contract/validation.ts';
import type { FileStore } from '../../files/store.ts';
import { readStreamedForm } from '../../files/streamed-form.ts';
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

async function parse(
  raw: Request,
  contentType: string,
  store: FileStore,
  keep: KeepFile,
  onStored: (file: StoredFile) => void,
): Promise<HandInForm> {
  let completionId: string | undefined;
  let fieldText: string | undefined;
  let file: StoredFile | undefined;
  let sawFile = false;
  const checkFields = () => {
    const result = v.safeParse(handInFieldsSchema, { completionId: fieldText });
    if (!result.success) throw refuse(toFieldErrors(result.issues));
    return result.output.completionId;
  };
  await readStreamedForm(raw, contentType, {
    // Room for one more of each, so a form with too many parts is refused.
    limits: { fields: 2, fieldSize: 1024, files: 2, parts: 4 },
    field: (name, value) => {
      if (name !== 'completionId' || fieldText !== undefined || sawFile)
        throw refuse({ [name]: m.completionIdInvalid });
      fieldText = value;
    },
    file: async (name, stream, filename) => {
      if (sawFile) throw refuse({ file: m.handInFileRequired });
      sawFile = true;
      if (name !== 'file' || !filename) throw refuse({ file: m.handInFileRequired });
      completionId = checkFields();
      const limit = await keep(completionId);
      if (!limit) {
        stream.resume();
        return;
      }
      try {
        file = await storeUpload(store, 'handIn', stream, filename, HAND_IN_FOLDER, limit);
      } catch (error) {
        if (error instanceof FileRefused) throw refuse({ file: error.message }, error.status);
        throw error;
      }
      onStored(file);
    },
    tooMany: () => refuse({ file: m.handInFileRequired }),
  });
  const id = completionId ?? checkFields();
  if (!sawFile) throw refuse({ file: m.handInFileRequired });
  return { completionId: id, file };
}
