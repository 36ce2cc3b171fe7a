import { randomBytes } from 'node:crypto';
import { readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { FileStore } from './store.ts';

/** Public path of the pictures; the stored value of users.profile_picture starts with it. */
export const PROFILE_PICTURE_PATH = '/uploads/profile-pictures';

const types = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
} as const;
type Extension = keyof typeof types;

/**
 * The image type by its first bytes: a file's name and declared type are whatever the sender
 * chose, its content is what a browser will render.
 */
export function imageExtension(bytes: Uint8Array): Extension | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // GIF87a or GIF89a
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'gif';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  return undefined;
}

const FILE_NAME = /^[A-Za-z0-9_-]{22}\.(png|gif|jpg)$/;
/** The picture's key in the file store, beside the lesson files: on disk or in the bucket. */
const storeKey = (name: string) => `profile-pictures/${name}`;

/** The stored picture's file name, from its public path; undefined for a path that is not one of ours. */
function nameOf(publicPath: string | null | undefined) {
  const name = publicPath?.startsWith(`${PROFILE_PICTURE_PATH}/`)
    ? publicPath.slice(PROFILE_PICTURE_PATH.length + 1)
    : undefined;
  return name && FILE_NAME.test(name) ? name : undefined;
}

/** Stores the picture under a random name in the file store and returns its public path. */
export async function saveProfilePicture(files: FileStore, bytes: Uint8Array, extension: Extension) {
  const name = `${randomBytes(16).toString('base64url')}.${extension}`;
  await files.disk.put(storeKey(name), bytes, { contentType: types[extension] });
  return `${PROFILE_PICTURE_PATH}/${name}`;
}

/** Deletes a stored picture by its public path; a path that is not one of ours is left alone. */
export async function deleteProfilePicture(files: FileStore, publicPath: string | null | undefined) {
  const name = nameOf(publicPath);
  if (name) await files.disk.delete(storeKey(name));
}

/**
 * Serves the stored pictures. Names are random and never reused (a new picture gets a new name),
 * so the answer may be cached for good; nosniff keeps a browser from reading one as anything but
 * the image type its content was checked to be.
 */
export function profilePictureRoutes(files: FileStore) {
  return new Hono<AppEnv>().get(`${PROFILE_PICTURE_PATH}/:file`, async (c) => {
    const name = c.req.param('file');
    const match = FILE_NAME.exec(name);
    if (!match || !(await files.disk.exists(storeKey(name)))) return c.text('Not Found', 404);
    const bytes = await files.disk.getBytes(storeKey(name));
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': types[match[1] as Extension],
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });
}

/**
 * Moves the pictures an earlier version kept in DATA_DIR/uploads/profile-pictures into the file
 * store, under the same names, so their public paths stay as the users table holds them. Each is
 * stored before it is removed, so a start stopped half-way moves the rest on the next one. Answers
 * how many moved.
 */
export async function movePicturesIntoStore(dataDir: string, files: FileStore): Promise<number> {
  const uploads = join(dataDir, 'uploads');
  const folder = join(uploads, 'profile-pictures');
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  let moved = 0;
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (!match) continue;
    await files.disk.put(storeKey(name), await readFile(join(folder, name)), {
      contentType: types[match[1] as Extension],
    });
    await unlink(join(folder, name));
    moved += 1;
  }
  // Left in place when something else is in them.
  await rmdir(folder).catch(() => undefined);
  await rmdir(uploads).catch(() => undefined);
  return moved;
}
