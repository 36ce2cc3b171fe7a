import type { ScormVersion } from '../../contract/elearning/resource.ts';

/** Where the launcher's built script lies on the content origin (dist/elearning-launcher/). */
export const RUNTIME_PATH = '/elearning-runtime/';
/** The launcher's script, built from src/elearning-launcher. */
export const RUNTIME_SCRIPT = `${RUNTIME_PATH}launcher.js`;
/** The content origin's service worker: at the top, so its scope covers every package. */
export const SERVICE_WORKER_PATH = '/elearning-sw.js';
/** The id of the launcher page's settings (JSON, read by the launcher's script). */
export const LAUNCHER_SETTINGS_ID = 'elearning-launcher';

/** The SCORM API object's name for a version: the one a package walks up window.parent to find. */
export const apiNameOf = (version: ScormVersion) => (version === '1.2' ? 'API' : 'API_1484_11');

/** What the launcher's script reads from the page. */
export type LauncherSettings = {
  /** The only origin the launcher posts to and takes messages from: the app's. */
  appOrigin: string;
  scormVersion: ScormVersion;
  apiName: 'API' | 'API_1484_11';
  serviceWorker: string;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string,
  );

/** JSON inside a <script> element: no `<` to end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The launcher page: its settings, its script and the frame the SCO opens in. The SCO's frame is of
 * the same origin, so the package finds the API on this page by walking up window.parent.
 */
export function launcherDocument(title: string, settings: LauncherSettings): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;width:100%;height:100%;border:0}</style>
<script type="application/json" id="${LAUNCHER_SETTINGS_ID}">${scriptJson(settings)}</script>
<script type="module" src="${RUNTIME_SCRIPT}"></script>
</head>
<body>
<iframe id="sco" title="${escapeHtml(title)}" allow="fullscreen; autoplay"></iframe>
</body>
</html>
`;
}
