/**
 * Where the import lists an upload's files, beside them (server/modules/elearning/unpack.ts reads
 * it with readUploadFiles): the content origin answers 404 for an upload without one.
 */
export const uploadListingKey = (contentKey: string) => `${contentKey}/files.json`;

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
