import {
  type AppToLauncher,
  LAUNCHER_CHANNEL,
  type LauncherStart,
  type LauncherToApp,
} from '@contract/elearning/launcher.ts';
import { keepUpload } from './keep.ts';
import { createRuntime } from './runtime.ts';

/**
 * The launcher page's script on the content origin (record 028): it holds the package's one SCORM
 * API object on this window, opens the SCO in the frame below, and speaks to the app page that
 * framed it (contract/elearning/launcher.ts): only to the app's origin, and only to messages from
 * its parent window of that origin.
 */
type Settings = {
  appOrigin: string;
  scormVersion: string;
  apiName: 'API' | 'API_1484_11';
  serviceWorker: string;
};

const settings = JSON.parse(document.getElementById('elearning-launcher')?.textContent ?? '{}') as Settings;
const frame = document.getElementById('sco') as HTMLIFrameElement;
const runtimeUrl = (document.querySelector('script[type="module"][src]') as HTMLScriptElement).src;
const api = window as unknown as Record<string, unknown>;

const post = (message: LauncherToApp) => window.parent.postMessage(message, settings.appOrigin);

// Offline play: the service worker answers the page, the runtime and kept files from the device.
const worker =
  'serviceWorker' in navigator
    ? navigator.serviceWorker.register(settings.serviceWorker, { scope: '/' }).catch(() => undefined)
    : Promise.resolve(undefined);

let current: ReturnType<typeof createRuntime> | undefined;

/** The launch file's address beside this page: each path segment encoded, the query kept. */
function scoAddress(launch: string): string {
  const [path = '', ...query] = launch.split('?');
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `files/${encoded}${query.length > 0 ? `?${query.join('?')}` : ''}`;
}

/** The SCO frame emptied: the SCO in it has run its unload handlers, on the API it had. */
function emptyFrame(): Promise<void> {
  return new Promise((resolve) => {
    frame.addEventListener('load', () => resolve(), { once: true });
    frame.src = 'about:blank';
  });
}

let starting = Promise.resolve();
/** Another start is under way: the SCO going asks to go nowhere (its Finish as it unloads). */
let switching = false;

function start(message: LauncherStart) {
  starting = starting.then(async () => {
    if (current) {
      // Another SCO of the package: the one before goes first, finishing on its own API (what
      // it sets as it unloads is posted), then whatever it left unsent, as if it were left.
      switching = true;
      await emptyFrame();
      current.leave();
      switching = false;
    }
    delete api.API;
    delete api.API_1484_11;
    launch(message);
  });
}

function launch(message: LauncherStart) {
  const scoId = message.sco.identifier;
  current = createRuntime(message, {
    write: (elements, event, sessionSeconds) =>
      post({
        channel: LAUNCHER_CHANNEL,
        type: 'write',
        scoId,
        at: new Date().toISOString(),
        elements,
        ...(event ? { event } : {}),
        ...(sessionSeconds !== undefined ? { sessionSeconds } : {}),
      }),
    navigate: (request, target) => {
      if (!switching)
        post({ channel: LAUNCHER_CHANNEL, type: 'navigate', scoId, request, ...(target ? { target } : {}) });
    },
  });
  api[message.scormVersion === '1.2' ? 'API' : 'API_1484_11'] = current.api;
  if (message.sco.launch) frame.src = scoAddress(message.sco.launch);
}

async function keep() {
  try {
    await worker;
    await keepUpload(runtimeUrl);
    post({ channel: LAUNCHER_CHANNEL, type: 'kept', ok: true });
  } catch {
    post({ channel: LAUNCHER_CHANNEL, type: 'kept', ok: false });
  }
}

window.addEventListener('message', (event: MessageEvent<AppToLauncher>) => {
  if (event.source !== window.parent || event.origin !== settings.appOrigin) return;
  const message = event.data;
  if (typeof message !== 'object' || message === null || message.channel !== LAUNCHER_CHANNEL) return;
  if (message.type === 'start') start(message);
  else if (message.type === 'keep') void keep();
});

// Many packages never commit, and some write only as they are left: what they set goes now.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') current?.leave();
});
window.addEventListener('pagehide', () => current?.leave());

post({ channel: LAUNCHER_CHANNEL, type: 'ready' });
