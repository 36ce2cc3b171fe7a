import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { FileTypeParser } from 'file-type';
import { EXECUTABLE_EXTENSIONS, FILE_KINDS, type FileKind, fileMessages } from '../../contract/files.ts';
import { readDuration, readFileDuration } from './media-duration.ts';
import { servedName } from './serve-headers.ts';
import type { FileStore } from './store.ts';

/**
 * A file as stored: the store's key, the type read from its bytes, its size, the sender's name as
 * served, and for a video or audio the seconds it lasts when its bytes say.
 */
export type StoredFile = {
  key: string;
  mimeType: string;
  extension: string;
  size: number;
  name: string;
  duration?: number;
};

/** An upload the store does not take: 422 for its type, 413 for its size. Nothing is kept. */
export class FileRefused extends Error {
  constructor(
    message: string,
    readonly status: 413 | 422,
  ) {
    super(message);
  }
}

/** A cap below the kind's, with its own refusal (a learner's room left for hand-ins). */
export type UploadLimit = { maxBytes: number; message: string };

/**
 * How many bytes are read ahead to tell the type. Office files are zip archives whose telling entry
 * (`ppt/…`) comes after a few others, so the first few kilobytes file-type needs for most formats
 * are not always enough.
 */
const SAMPLE_BYTES = 256 * 1024;

/** Programs, installers and shortcuts as file-type names them from their bytes. */
const PROGRAM_TYPES = new Set([
  'exe',
  'elf',
  'macho',
  'apk',
  'lnk',
  'wasm',
  'class',
  'jar',
  'deb',
  'rpm',
  'cab',
  'dmg',
  'crx',
  'xpi',
  'swf',
]);

/**
 * Streams an upload into the store under `folder`, named as it will be served (servedName),
 * checking its type from its first bytes against what `kind` accepts and its size against the
 * kind's cap as the bytes arrive; the upload is never held whole in memory. A refused file leaves nothing behind (a partly written one is deleted).
 */
export async function storeUpload(
  store: FileStore,
  kind: FileKind,
  source: Readable,
  uploadName: string,
  folder: string,
  limit?: UploadLimit,
): Promise<StoredFile> {
  const name = servedName(uploadName);
  // The type checker reads file-type's web-stream declarations; given a Node stream, it answers one.
  const typed = (await new FileTypeParser().toDetectionStream(source as never, {
    sampleSize: SAMPLE_BYTES,
  })) as unknown as Readable & { fileType?: { ext: string; mime: string } };
  const type = acceptedType(kind, typed.fileType, name);
  if (!type) {
    typed.destroy();
    throw new FileRefused(fileMessages.wrongType(kind), 422);
  }

  const { maxBytes } = FILE_KINDS[kind];
  let size = 0;
  const overCap = () =>
    size > maxBytes
      ? new FileRefused(fileMessages.tooLarge(kind), 413)
      : limit && size > limit.maxBytes
        ? new FileRefused(limit.message, 413)
        : undefined;
  let refusedBy: FileRefused | undefined;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (refusedBy) return done();
      size += chunk.length;
      refusedBy = overCap();
      if (!refusedBy) return done(null, chunk);
      // Past the cap: end what the store writes and stop reading the upload, rather than fail the
      // stream. A failed stream rejects the store's write at once while its write goes on (the disk
      // opens the file after that), so a delete then could run first and leave the file behind; an
      // ended one lets the write settle, and the file is deleted after it.
      this.push(null);
      typed.unpipe(counted);
      typed.destroy();
      done();
    },
  });
  // A sender gone mid-file fails the upload's stream: the store's write fails with it, and what it
  // wrote is deleted below (a pipe alone would leave the write waiting for an end that never comes).
  typed.once('error', (error) => counted.destroy(error));
  const key = `${folder}/${randomBytes(16).toString('base64url')}.${type.extension}`;
  const timed = kind === 'audio' || kind === 'video';
  // On disk, the duration is read from the stored file at random; elsewhere, from the stream.
  const media = timed && !store.path ? readDuration(typed, type.mimeType) : undefined;
  try {
    await store.disk.putStream(key, typed.pipe(counted), { contentType: type.mimeType });
  } catch (error) {
    media?.stop();
    typed.destroy();
    await store.disk.delete(key).catch(() => undefined);
    if (error instanceof FileRefused) throw error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof FileRefused) throw cause;
    throw error;
  }
  const refused = refusedBy ?? overCap();
  if (refused) {
    media?.stop();
    await store.disk.delete(key);
    throw refused;
  }
  const duration = store.path && timed ? await readFileDuration(store.path(key)) : await media?.duration;
  return { key, ...type, size, name, ...(duration === undefined ? {} : { duration }) };
}

/** The type the file is stored and served as, or undefined when `kind` does not take it. */
function acceptedType(
  kind: FileKind,
  detected: { ext: string; mime: string } | undefined,
  name: string,
): { extension: string; mimeType: string } | undefined {
  const nameExtension = extname(name).slice(1).toLowerCase();
  const allowed: readonly string[] = FILE_KINDS[kind].extensions;
  if (kind === 'fileUpload' || kind === 'handIn') {
    // A hand-in is opened by the learner's lead as its name says: the name's kind must be one people
    // hand in. Neither may be a program by its bytes.
    if (kind === 'handIn' && !allowed.includes(nameExtension)) return undefined;
    if (kind === 'fileUpload' && (EXECUTABLE_EXTENSIONS as readonly string[]).includes(nameExtension))
      return undefined;
    if (detected && PROGRAM_TYPES.has(detected.ext)) return undefined;
    return detected
      ? { extension: detected.ext, mimeType: detected.mime }
      : { extension: 'bin', mimeType: 'application/octet-stream' };
  }
  if (!detected) return undefined;
  if (allowed.includes(detected.ext)) return { extension: detected.ext, mimeType: detected.mime };
  // An old PowerPoint file is a Compound File, as old Word and Excel files are: its name tells.
  if (kind === 'powerpoint' && detected.ext === 'cfb' && nameExtension === 'ppt')
    return { extension: 'ppt', mimeType: 'application/vnd.ms-powerpoint' };
  return undefined;
}
