import { keptCacheName, keptFileKey } from '../../sw/kept-files';

/**
 * Courses a learner keeps on the device: their activity files in a cache of their own, which the
 * service worker answers file links from (sw/kept-files.ts), and a record of what was kept.
 */
export type KeptCourse = { courseId: string; files: number; bytes: number; keptAt: string };
export type KeptFile = { url: string; name: string; type: string };

/** The entry of a kept course's cache that says what it holds. */
const RECORD_KEY = '/kept-course.json';

/** Where a kept course's cache holds a JSON answer (its outline, a quiz's questions). */
const jsonKey = (name: string) => `/kept/${encodeURIComponent(name)}.json`;

/** Keeps a JSON answer of the course (its outline, a quiz) with its files. */
export async function keepJson(courseId: string, name: string, value: unknown): Promise<void> {
  const cache = await caches.open(keptCacheName(courseId));
  await cache.put(
    jsonKey(name),
    new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/** A JSON answer kept with a course, or null when the course is not kept. */
export async function keptJson<T>(courseId: string, name: string): Promise<T | null> {
  if (!('caches' in window) || !(await caches.has(keptCacheName(courseId)))) return null;
  const found = await (await caches.open(keptCacheName(courseId))).match(jsonKey(name));
  return found ? ((await found.json()) as T) : null;
}

/** The cache key of a file link (its path; the signature's query changes). */
export const fileKey = (url: string) => keptFileKey(url, location.href);

/** The course kept on this device, or null. */
export async function keptCourse(courseId: string): Promise<KeptCourse | null> {
  if (!('caches' in window) || !(await caches.has(keptCacheName(courseId)))) return null;
  const record = await (await caches.open(keptCacheName(courseId))).match(RECORD_KEY);
  return record ? ((await record.json()) as KeptCourse) : null;
}

/**
 * Downloads each file whole and keeps it under the course, telling `onFile` after each; returns
 * the bytes kept. On a failure nothing of the course stays.
 */
export async function keepFiles(courseId: string, files: KeptFile[], onFile: () => void): Promise<number> {
  // Ask the browser not to clear what the learner chose to keep when space runs low.
  await navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(keptCacheName(courseId));
  let bytes = 0;
  try {
    for (const file of files) {
      const response = await fetch(file.url);
      if (!response.ok) throw new Error(`Could not download ${file.name}.`);
      const body = await response.blob();
      bytes += body.size;
      await cache.put(
        fileKey(file.url),
        new Response(body, {
          headers: {
            'Content-Type': response.headers.get('Content-Type') ?? file.type,
            'Content-Length': String(body.size),
            'Accept-Ranges': 'bytes',
          },
        }),
      );
      onFile();
    }
  } catch (error) {
    await caches.delete(keptCacheName(courseId));
    throw error;
  }
  return bytes;
}

/** Notes the course as kept once everything of it is on the device. */
export async function recordKept(kept: KeptCourse): Promise<void> {
  const cache = await caches.open(keptCacheName(kept.courseId));
  await cache.put(
    RECORD_KEY,
    new Response(JSON.stringify(kept), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/** Frees what a kept course takes on the device. */
export async function removeKeptCourse(courseId: string): Promise<void> {
  await caches.delete(keptCacheName(courseId));
}

/** Bytes this app takes on the device (all its storage), when the browser says. */
export async function storageUsed(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return estimate?.usage ?? null;
}
