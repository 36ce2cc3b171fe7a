/// <reference lib="webworker" />
import { elearningPaths } from '../../contract/elearning/resource.ts';
import { isLessonUploadRequest } from '../../contract/lessons/resource.ts';
import { API_BASE } from '../../contract/paths.ts';
import { OUTBOX_HEADERS, QUEUED_MESSAGE, type QueuedAnswer } from './protocol.ts';
import type { OutboxEntry } from './store.ts';

declare const self: ServiceWorkerGlobalScope;

/* Which of a page's requests the outbox takes, what it reads from their headers, and its answer while one waits. */

/** Sign-in, sign-out and the password routes need an answer now and are never queued. */
const NEVER_QUEUED = ['/api/v1/login', '/api/v1/logout', '/api/v1/forget-password', '/api/v1/reset-password'];

export function decodeHeader(request: Request, name: string): string {
  const value = request.headers.get(name);
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function parseInvalidate(request: Request): unknown[][] {
  try {
    const parsed: unknown = JSON.parse(request.headers.get(OUTBOX_HEADERS.invalidate) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(Array.isArray) : [];
  } catch {
    return [];
  }
}

export function queuedAnswer(entry: OutboxEntry): Response {
  const body: QueuedAnswer = { queued: true, message: QUEUED_MESSAGE, clientId: entry.clientId };
  return new Response(JSON.stringify(body), { status: 202, headers: { 'Content-Type': 'application/json' } });
}

const PACKAGES = `${API_BASE}${elearningPaths.list}`;

/**
 * An e-learning package's zip: its create, and an update sent as a form (a new version). An update
 * of the fields alone is JSON and goes through the outbox like any other edit.
 */
function isElearningUpload(request: Request, pathname: string): boolean {
  if (pathname === PACKAGES) return request.method === 'POST';
  return (
    request.method === 'PATCH' &&
    pathname.startsWith(`${PACKAGES}/`) &&
    (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')
  );
}

/**
 * Activity uploads and package zips (files up to a gigabyte) go to the network as the page sends
 * them: the page refuses them offline, the browser reports their progress, and the outbox never
 * holds the file.
 */
export function isQueuedWrite(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const { pathname, origin } = new URL(request.url);
  return (
    origin === self.location.origin &&
    pathname.startsWith('/api/v1/') &&
    !NEVER_QUEUED.includes(pathname) &&
    !isLessonUploadRequest(request.method, pathname) &&
    !isElearningUpload(request, pathname)
  );
}
