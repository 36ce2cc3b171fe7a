/// <reference lib="webworker" />
import { FILES_PATH } from '../contract/files.ts';
import { API_BASE } from '../contract/paths.ts';

/**
 * Files of courses a learner keeps on the device. Each kept course has a cache of its own, named
 * with this prefix and the course id, holding its activity files by path (a stored file's path is
 * its key in the file store, written once; the signed link's query changes and is left out).
 */
export const KEPT_CACHE_PREFIX = 'kept-course-';
export const keptCacheName = (courseId: string) => `${KEPT_CACHE_PREFIX}${courseId}`;
export const FILES_PREFIX = `${API_BASE}${FILES_PATH}/`;

/** The cache key of a file link: its path alone. */
export function keptFileKey(url: string, base: string): string {
  return new URL(url, base).pathname;
}

/** A kept copy of the file this request asks for, from any kept course, or undefined. */
export async function findKeptFile(request: Request): Promise<Response | undefined> {
  const key = new URL(request.url).pathname;
  const names = (await caches.keys()).filter((name) => name.startsWith(KEPT_CACHE_PREFIX));
  for (const name of names) {
    const found = await (await caches.open(name)).match(key);
    if (found) return found;
  }
  return undefined;
}
