/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { FILES_PREFIX, findKeptFile } from './kept-files.ts';
import { installOutbox } from './outbox/worker.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The app shell: every built file, so any route opens offline after the first visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation is answered with the shell; the client router draws the route.
// The API is never served from here: its reads go to the network and the page's own cache.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// A file of a course kept on the device is answered from there, online or not, a byte range of it
// when the player asks for one (a video seeking); every other file goes to the network.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith(FILES_PREFIX),
  async ({ request }) => {
    const kept = await findKeptFile(request);
    if (!kept) return fetch(request);
    return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
  },
);

// Every write to the API goes through the outbox (sw/outbox): stored first, sent once, replayed when offline.
installOutbox();

// A first install controls open pages at once; an update waits until the user agrees to reload.
clientsClaim();
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
