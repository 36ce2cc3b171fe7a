/**
 * The page's entry. It runs as soon as it arrives, before the app's first-load chunk has, and starts
 * downloading the chunks of the screen the address names (the build lists them in index.html, see
 * `screenPreloads` in vite.config.ts), beside that chunk rather than after it has run: on a phone
 * network, a signed-in start of the team dashboard then loads its code in one round of downloads
 * instead of two. A signed-out visitor at such an address is sent to the sign-in screen, having
 * downloaded code they would have had a moment later from the service worker's precache anyway.
 */

/** The chunks to start on each address, most specific first: `[prefix, urls]`. */
type ScreenPreloads = Array<[string, string[]]>;

function readScreenPreloads(): ScreenPreloads {
  const text = document.getElementById('screen-preloads')?.textContent;
  // The development server serves the sources, not chunks, and has no list.
  if (!text) return [];
  return JSON.parse(text) as ScreenPreloads;
}

/** True when `path` is `prefix` or an address below it. */
function isWithin(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function preload(url: string) {
  const link = document.createElement('link');
  if (url.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // As Vite's own links and dynamic imports ask, so the browser uses this download for them.
  link.crossOrigin = '';
  link.href = url;
  document.head.append(link);
}

try {
  const path = window.location.pathname.replace(/\/+$/, '');
  const match = readScreenPreloads().find(([prefix]) => isWithin(path, prefix));
  for (const url of match?.[1] ?? []) preload(url);
} catch (error) {
  // Only a head start: the app loads the same chunks itself.
  console.error('Could not start loading the screen', error);
}

import('./main').catch((error: unknown) => console.error('Could not load the app', error));
