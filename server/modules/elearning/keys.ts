import { createHash, randomUUID } from 'node:crypto';

/**
 * Where a package lies in the file store: its zip under `elearning/<packageId>/<upload>.zip` and its
 * unpacked files in the folder beside it (`contentKey`), one folder per upload, so a new version
 * never mixes with the files a device kept of the one before.
 */
export const newContentKey = (packageId: string) => `elearning/${packageId}/${randomUUID()}`;

/** The zip of an upload, beside its unpacked folder. */
export const zipKeyOf = (contentKey: string) => `${contentKey}.zip`;

/**
 * The store key of a file of the package: its path from the package's top (the folder holding
 * imsmanifest.xml), decoded (`a b/é.html`, never `%20`), hashed so no user text reaches a key.
 */
export const elearningFileKey = (contentKey: string, path: string) =>
  `${contentKey}/${createHash('sha256').update(path).digest('base64url').slice(0, 32)}`;

/** The last segment of a content key: what the content origin's addresses name an upload by. */
export const uploadIdOf = (contentKey: string) => contentKey.split('/').pop() ?? '';
