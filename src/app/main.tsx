import './first-screen.css';
import './theme.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshSessionUser } from '@/features/auth/session';
import { authStore, onSignOut, rehydrateAuth } from '@/lib/auth-store';
import { resumeOutbox, startOutbox } from '@/lib/outbox';
import { rehydrateTheme } from '@/lib/theme-store';
import { whenIdle } from '@/lib/when-idle';
import { App } from './providers';
import { queryClient } from './query-client';
import { router } from './router';

// Signing out from anywhere (the profile menu, or a 401/403 answer) drops cached data and goes to /login.
onSignOut(() => {
  queryClient.clear();
  void router.navigate({ to: '/login' });
});

/**
 * The rest of Mantine's styles (first-screen.css has the sign-in screens'): 190 KB more CSS that a
 * phone would parse before or just after showing /login, where none of it is used. Loaded once there
 * is a session; by then the service worker has usually precached it.
 */
const loadAllStyles = () =>
  import('./all-styles').catch((error: unknown) => console.error('Could not load the styles', error));

// A new session (a sign-in) lets the outbox go on where an ended one paused it, with the new token.
let lastToken: string | null = null;
authStore.subscribe(() => {
  const { token } = authStore.get();
  if (token && token !== lastToken) {
    void loadAllStyles();
    resumeOutbox();
  }
  lastToken = token;
});

/**
 * Starts downloading the code of the screen the address names (its layout and page components),
 * beside the styles, instead of once the app has rendered and the router begun loading: on a slow
 * phone network that is a round trip or two sooner. The router loads the same chunks again from
 * the module cache; a failed download here is the router's to report, not this one's.
 */
function preloadAddressedScreen() {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

/**
 * The longest a signed-in start waits for its screen's code and data before rendering anyway: the
 * router's own delay before it shows a loading screen (its default pendingMs), so waiting longer
 * would only keep a slow load blank where the router would have said it is loading.
 */
const FIRST_RENDER_WAIT_MS = 1000;

/** Resolves the addressed route (its code and loaders), or gives up waiting after `ms`. */
function loadRoute(ms: number): Promise<unknown> {
  const load = router.load().catch((error: unknown) => console.error('Could not open the screen', error));
  return Promise.race([load, new Promise((resolve) => setTimeout(resolve, ms))]);
}

/** The longest background work waits for the browser to be idle once the first screen is in. */
const BACKGROUND_IDLE_TIMEOUT_MS = 2000;

/**
 * What the first screen does not need: the saved user brought up to date, and the service worker
 * (with workbox-window) registered. Started before that screen's first paint, their requests and
 * their code competed with the screen's own on a slow phone network and CPU.
 */
function startBackgroundWork() {
  void refreshSessionUser(queryClient);
  import('@/lib/pwa')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('Could not load the service worker registration', error));
}

/**
 * Runs `work` once the first render is committed and the browser is next idle (or after
 * BACKGROUND_IDLE_TIMEOUT_MS): as React renders in slices until then, idle means the screen is in.
 */
function AfterFirstScreen({ work }: { work: () => void }) {
  useEffect(() => whenIdle(work, BACKGROUND_IDLE_TIMEOUT_MS), [work]);
  return null;
}

async function start() {
  // The saved session decides the first screen, so it is read before anything renders (bounded by a timeout).
  await Promise.all([rehydrateAuth(), rehydrateTheme()]);
  // A signed-in start opens a screen the first sheet does not cover.
  if (authStore.get().token) {
    preloadAddressedScreen();
    await Promise.all([loadAllStyles(), loadRoute(FIRST_RENDER_WAIT_MS)]);
  } else {
    await router.load();
  }
  // Changes kept by the worker: listed in the top bar, refetched once answered.
  startOutbox(queryClient);

  const element = document.getElementById('root');
  if (!element) throw new Error('The page has no #root element.');
  // The route is resolved first (above), so the first render is the whole screen, and rendering in a
  // transition lets React yield every few milliseconds instead of blocking a phone's main thread for
  // the whole tree. Resolved after mounting, the router's update rendered the signed-in frame in one
  // synchronous task: a store's update is never split into slices. The loaders run before the saved
  // query cache is restored (by the provider, as the app mounts), as they did when the router
  // resolved after mounting: what they read comes from the server, and offline they read nothing.
  const root = createRoot(element);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
        <AfterFirstScreen work={startBackgroundWork} />
      </StrictMode>,
    );
  });
}

void start();
