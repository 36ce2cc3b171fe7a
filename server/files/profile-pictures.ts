import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';

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

const directory = (dataDir: string) => join(dataDir, 'uploads', 'profile-pictures');
const FILE_NAME = /^[A-Za-z0-9_-]{22}\.(png|gif|jpg)$/;

/** Stores the picture under a random name and returns its public path. */
export async function saveProfilePicture(dataDir: string, bytes: Uint8Array, extension: Extension) {
  await mkdir(directory(dataDir), { recursive: true });
  const name = `${randomBytes(16).toString('base64url')}.${extension}`;
  await writeFile(join(directory(dataDir), name), bytes);
  return `${PROFILE_PICTURE_PATH}/${name}`;
}

/** Deletes a stored picture by its public path; a path that is not one of ours is left alone. */
export async function deleteProfilePicture(dataDir: string, publicPath: string | null | undefined) {
  const name = publicPath?.startsWith(`${PROFILE_PICTURE_PATH}/`)
    ? publicPath.slice(PROFILE_PICTURE_PATH.length + 1)
    : undefined;
  if (!name || !FILE_NAME.test(name)) return;
  await unlink(join(directory(dataDir), name)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/**
 * Serves the stored pictures. Names are random and never reused (a new picture gets a new name),
 * so the answer may be cached for good; nosniff keeps a browser from reading one as anything but
 * the image type its content was checked to be.
 */
export function profilePictureRoutes(dataDir: string) {
  return new Hono<AppEnv>().get(`${PROFILE_PICTURE_PATH}/:file`, async (c) => {
    const name = c.req.param('file');
    const match = FILE_NAME.exec(name);
    if (!match) return c.text('Not Found', 404);
    const bytes = await readFile(join(directory(dataDir), name)).catch(() => undefined);
    if (!bytes) return c.text('Not Found', 404);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': types[match[1] as Extension],
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });
}
