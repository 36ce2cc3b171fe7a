import type { IncomingMessage } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import type * as v from 'valibot';
import {
  ELEARNING_MAX_ZIP_BYTES,
  elearningPaths,
  elearningMessages as m,
} from '../../../contract/elearning/resource.ts';
import { elearningSchema, elearningUpdateSchema } from '../../../contract/elearning/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { API_BASE } from '../../../contract/paths.ts';
import { servedName } from '../../files/serve-headers.ts';
import type { FileStore } from '../../files/store.ts';
import { nodeBody, readStreamedForm } from '../../files/streamed-form.ts';
import { ApiError } from '../../http/errors.ts';
import { parseOr422 } from '../../http/validate.ts';
import { zipKeyOf } from './keys.ts';
import { type StreamedUpload, UploadUnzipper } from './stream-unpack.ts';
import { ELEARNING_LIMITS, refuseFile, removeUpload } from './unpack.ts';

const ONE = new RegExp(`^${elearningPaths.list}/[0-9a-fA-F-]{36}$`);

/**
 * A package's create and update stream their zip (up to ELEARNING_MAX_ZIP_BYTES): the app's JSON
 * body limit does not apply to their forms, and the Idempotency-Key store binds them by length.
 */
export function isElearningUploadRequest(method: string, path: string): boolean {
  if (!path.startsWith(API_BASE)) return false;
  const rest = path.slice(API_BASE.length);
  return (method === 'POST' && rest === elearningPaths.list) || (method === 'PATCH' && ONE.test(rest));
}

const TEXT_PARTS = new Set(['title', 'description', 'masteryScore', 'completionRule', 'version']);

type Mode = 'create' | 'update';
export type FieldsOf<M extends Mode> = v.InferOutput<
  M extends 'create' ? typeof elearningSchema : typeof elearningUpdateSchema
>;

/**
 * A zip streamed into the store: where its upload lies, its size, the name it was sent under, and
 * what was unpacked of it as it arrived (UploadUnzipper), for the import to check and keep.
 */
export type StoredZip = { contentKey: string; size: number; name: string; streamed?: StreamedUpload };

export type PackageForm<M extends Mode> = { fields: FieldsOf<M>; zip: StoredZip | undefined };

/** A form's text arrives as text; the version is a number in the contract. */
function fieldsOf<M extends Mode>(mode: M, text: Map<string, string>): FieldsOf<M> {
  const input: Record<string, unknown> = Object.fromEntries(text);
  if (typeof input.version === 'string' && /^\d{1,10}$/.test(input.version))
    input.version = Number(input.version);
  return parseOr422(mode === 'create' ? elearningSchema : elearningUpdateSchema, input) as FieldsOf<M>;
}

/**
 * Streams the upload into the store at zipKeyOf(contentKey), refusing what is not a zip by its
 * first bytes (`PK`) and what passes ELEARNING_MAX_ZIP_BYTES as the bytes arrive, and unpacks it
 * as it comes (UploadUnzipper) beside the zip. A refused upload is ended rather than failed, so
 * the store's writes settle before its files are deleted.
 */
async function storeZip(
  store: FileStore,
  source: Readable,
  contentKey: string,
): Promise<{ size: number; streamed: StreamedUpload }> {
  let size = 0;
  let head = Buffer.alloc(0);
  let refused: ApiError | undefined;
  const unzipper = new UploadUnzipper(store, contentKey, ELEARNING_LIMITS);
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (refused) return done();
      size += chunk.length;
      if (head.length < 2) head = Buffer.concat([head, chunk.subarray(0, 2 - head.length)]);
      if (head.length >= 2 && head.toString('latin1', 0, 2) !== 'PK') refused = refuseFile(m.notZip);
      else if (size > ELEARNING_MAX_ZIP_BYTES)
        refused = new ApiError(413, messages.payloadTooLarge, { file: m.zipTooLarge });
      if (!refused) {
        // The zip's write and the unpacking go side by side; the next chunk waits for both.
        this.push(chunk);
        unzipper.write(chunk).then(() => done());
        return;
      }
      unzipper.stop();
      this.push(null);
      source.unpipe(counted);
      source.resume();
      done();
    },
  });
  let failure: unknown;
  try {
    await store.disk.putStream(zipKeyOf(contentKey), source.pipe(counted), {
      contentType: 'application/zip',
    });
  } catch (error) {
    unzipper.stop();
    failure = error;
  }
  const streamed = await unzipper.end();
  failure ??= refused ?? (head.length < 2 ? refuseFile(m.notZip) : undefined);
  if (failure) {
    await removeUpload(store, contentKey).catch(() => undefined);
    throw failure;
  }
  return { size, streamed };
}

/**
 * Reads a package form (multipart) as it streams: the text fields first, checked as a whole when
 * `file` arrives; then `keyFor(fields)` says where the upload goes (and may refuse: a stale
 * version, an unknown package) and the zip streams into the store. A create needs the file; an
 * update may leave it out. Whatever is refused after the zip was stored deletes it and what was
 * unpacked of it.
 */
export async function readPackageForm<M extends Mode>(
  { raw, incoming }: { raw: Request; incoming: IncomingMessage | undefined },
  store: FileStore,
  mode: M,
  keyFor: (fields: FieldsOf<M>) => Promise<string>,
): Promise<PackageForm<M>> {
  const contentType = raw.headers.get('content-type') ?? '';
  const body = /^multipart\/form-data\s*;/i.test(contentType) ? nodeBody(raw, incoming) : undefined;
  if (!body) throw refuseFile(m.notMultipart);
  const text = new Map<string, string>();
  let fields: FieldsOf<M> | undefined;
  let zip: StoredZip | undefined;
  let sawFile = false;
  try {
    await readStreamedForm(body, contentType, {
      // Room for one more of each, so a form with too many parts is refused.
      limits: { fields: TEXT_PARTS.size + 1, fieldSize: 16 * 1024, files: 2, parts: TEXT_PARTS.size + 3 },
      field: (name, value, truncated) => {
        if (sawFile) throw refuseFile(m.fieldsFirst);
        if (!TEXT_PARTS.has(name) || text.has(name))
          throw new ApiError(422, messages.validationFailed, { [name]: m.unknownPart });
        if (truncated) throw new ApiError(422, messages.validationFailed, { [name]: m.unknownPart });
        text.set(name, value);
      },
      file: async (name, stream, filename) => {
        if (sawFile || name !== 'file')
          throw new ApiError(422, messages.validationFailed, { [name]: m.unknownPart });
        sawFile = true;
        // A file input left empty arrives as a part without a name or bytes: no file.
        if (!filename) {
          stream.resume();
          return;
        }
        fields = fieldsOf(mode, text);
        const contentKey = await keyFor(fields);
        const { size, streamed } = await storeZip(store, stream, contentKey);
        zip = { contentKey, size, name: servedName(filename) || 'package.zip', streamed };
      },
      tooMany: () => refuseFile(m.unknownPart),
    });
    fields ??= fieldsOf(mode, text);
    if (mode === 'create' && !zip) throw refuseFile(m.fileRequired);
    return { fields, zip };
  } catch (error) {
    if (zip) await removeUpload(store, zip.contentKey).catch(() => undefined);
    throw error;
  }
}
