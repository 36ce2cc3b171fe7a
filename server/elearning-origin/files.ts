import type { FileStore } from '../files/store.ts';

/**
 * The list of an upload's files, which the import writes beside them: a JSON array of each file's
 * path from the package's top, decoded (`a b/é.html`).
 */
export const uploadFilesKey = (contentKey: string) => `${contentKey}/files.json`;

/** The upload's file paths, or undefined when the store holds no list for it. */
export async function readUploadFileList(
  store: FileStore,
  contentKey: string,
): Promise<string[] | undefined> {
  const key = uploadFilesKey(contentKey);
  if (!(await store.disk.exists(key))) return undefined;
  const parsed: unknown = JSON.parse(await store.disk.get(key));
  const list = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null && 'files' in parsed && Array.isArray(parsed.files)
      ? parsed.files
      : [];
  return list
    .map((entry: unknown) =>
      typeof entry === 'string'
        ? entry
        : typeof entry === 'object' && entry !== null && 'path' in entry && typeof entry.path === 'string'
          ? entry.path
          : undefined,
    )
    .filter((path): path is string => path !== undefined);
}

/** A path from the package's top as the content origin addresses it: each segment percent-encoded. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * The decoded path a request names after `files/`: each segment decoded once, `index.html` for a
 * folder; undefined for what no file of a package can be (a `.` or `..` segment, a backslash, a
 * bad escape, an empty segment inside it), so nothing climbs out of the upload.
 */
export function requestedPath(rawRest: string): string | undefined {
  let segments: string[];
  try {
    segments = rawRest.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  const inner = segments.slice(0, -1);
  if (
    segments.some((segment) => segment === '..' || segment === '.' || /[/\\\0]/.test(segment)) ||
    inner.some((segment) => segment === '')
  )
    return undefined;
  const path = segments.join('/');
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}
