import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { fileMessages } from '../../../contract/files.ts';
import { lessonPaths } from '../../../contract/lessons/resource.ts';
import { messages } from '../../../contract/messages.ts';
import { API_BASE } from '../../../contract/paths.ts';
import { lessonActivities } from '../../db/schema/lessons.ts';
import { embedSignedName as signedName } from '../../files/embed-url.ts';
import { checkFileUrl } from '../../files/signed-url.ts';
import { allow, publicAccess } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { UUID_PARAM } from '../../http/path-id.ts';
import { PLAYER_FOLDER, playerAssetFile, playerDocument } from './h5p.ts';
import { h5pMarkerKey, packageFileKey } from './package.ts';

/**
 * The policy of every embed answer: a sandbox without allow-same-origin, so the document runs in
 * an opaque origin and reaches neither the app's storage nor its API as the user.
 */
export const EMBED_POLICY = 'sandbox allow-scripts allow-forms allow-popups';

/** Whether the package of an interactiveContent activity was unpacked as an H5P package. */
const isH5p = (deps: AppDeps, fileKey: string) => deps.files.disk.exists(h5pMarkerKey(fileKey));

/** The custom embed's code as a whole document. */
const embedDocument = (code: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>html,body{margin:0}iframe{max-width:100%}</style></head><body>${code}</body></html>`;

/** A package file's path from the request: decoded, `index.html` for the folder, never climbing out. */
function packagePath(rest: string): string {
  let segments: string[];
  try {
    segments = rest.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    throw new ApiError(404, messages.notFound);
  }
  if (segments.some((segment) => segment === '..' || segment === '.' || segment.includes('\\')))
    throw new ApiError(404, messages.notFound);
  const path = segments.join('/');
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

/**
 * GET /lesson/embed/<activityId>/<expires>/<signature>/<path>: public, the signature is the
 * credential (403 when tampered with or expired). A custom embed's code as a document, or a file of
 * the activity's unpacked package, each with the sandbox policy. An H5P package's `index.html` is
 * the player's document, which plays the package from the same prefix, and the player's own assets
 * lie under PLAYER_FOLDER there (cached for good: the folder's name holds the player's version).
 */
export function embedRoutes(deps: AppDeps) {
  const base = `${lessonPaths.embedPrefix}/:activityId${UUID_PARAM}/:expires/:signature`;
  const handler = allow(deps.db, publicAccess);
  return new Hono<AppEnv>().get(`${base}/*`, handler, async (c) => {
    const activityId = (c.req.param('activityId') ?? '').toLowerCase();
    const link = await checkFileUrl(
      deps,
      signedName(activityId),
      new URLSearchParams({
        expires: c.req.param('expires') ?? '',
        signature: c.req.param('signature') ?? '',
      }),
    );
    if (!link.ok)
      throw new ApiError(
        403,
        link.reason === 'expired' ? fileMessages.linkExpired : fileMessages.linkInvalid,
      );
    const [activity] = await deps.db
      .select({
        activityType: lessonActivities.activityType,
        title: lessonActivities.title,
        customEmbed: lessonActivities.customEmbed,
        fileKey: lessonActivities.fileKey,
      })
      .from(lessonActivities)
      .where(eq(lessonActivities.id, activityId));
    if (!activity) throw new ApiError(404, messages.notFound);
    const prefix = `${API_BASE}${base}`
      .replace(`:activityId${UUID_PARAM}`, activityId)
      .replace(':expires', c.req.param('expires') ?? '')
      .replace(':signature', c.req.param('signature') ?? '');
    const rest = c.req.path.startsWith(`${prefix}/`) ? c.req.path.slice(prefix.length + 1) : '';
    const headers: Record<string, string> = {
      'Content-Security-Policy': EMBED_POLICY,
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      // The document runs in an opaque origin: its scripts and styles are requested as from `null`.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    };
    if (activity.activityType === 'customEmbed' && activity.customEmbed) {
      if (rest !== '' && rest !== 'index.html') throw new ApiError(404, messages.notFound);
      return c.html(embedDocument(activity.customEmbed), 200, headers);
    }
    if (activity.activityType !== 'interactiveContent' || !activity.fileKey)
      throw new ApiError(404, messages.notFound);
    const path = packagePath(rest);
    if (
      (path === 'index.html' || path.startsWith(`${PLAYER_FOLDER}/`)) &&
      (await isH5p(deps, activity.fileKey))
    ) {
      if (path === 'index.html') return c.html(playerDocument(prefix, activity.title), 200, headers);
      const file = playerAssetFile(path.slice(PLAYER_FOLDER.length + 1));
      const found = file ? await stat(file).catch(() => undefined) : undefined;
      if (!file || !found?.isFile()) throw new ApiError(404, messages.notFound);
      headers['Content-Type'] = getMimeType(path) ?? 'application/octet-stream';
      headers['Content-Length'] = String(found.size);
      headers['Cache-Control'] = 'public, max-age=31536000, immutable';
      return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, headers);
    }
    const key = packageFileKey(activity.fileKey, path);
    if (!(await deps.files.disk.exists(key))) throw new ApiError(404, messages.notFound);
    const stream = await deps.files.disk.getStream(key);
    headers['Content-Type'] = getMimeType(path) ?? 'application/octet-stream';
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, headers);
  });
}
