import { lessonPaths } from '../../contract/lessons/resource.ts';
import { API_BASE } from '../../contract/paths.ts';
import type { AppDeps } from '../http/app-env.ts';
import { signFileUrl } from './signed-url.ts';

/** The app's signing key signs `lesson-embed/<activityId>` (never a store key the file route serves). */
export const embedSignedName = (activityId: string) => `lesson-embed/${activityId}`;

/**
 * A signed link to an activity's embed document: the signature lies in the path, so a package's
 * relative links (`js/app.js`) resolve under it and carry it along.
 */
export async function signEmbedUrl(deps: Pick<AppDeps, 'db'>, activityId: string): Promise<string> {
  const signed = new URL(await signFileUrl(deps, embedSignedName(activityId)), 'http://x');
  const expires = signed.searchParams.get('expires');
  const signature = signed.searchParams.get('signature');
  return `${API_BASE}${lessonPaths.embedPrefix}/${activityId}/${expires}/${signature}/`;
}
