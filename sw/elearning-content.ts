/// <reference lib="webworker" />
import { createPartialResponse } from 'workbox-range-requests';
import { contentAddress, RUNTIME_PREFIX, SHELL_CACHE, uploadCacheName } from './elearning-cache-keys.ts';

/**
 * The content origin's service worker (record 028), registered by the launcher page with the whole
 * origin as its scope. It keeps the launcher's runtime and the launcher pages it has seen (network
 * first, the kept copy offline), and answers a kept upload's files from the device, online or not
 * (the launcher keeps them when the app asks, see src/elearning-launcher/keep.ts). Other files go
 * to the network, and to the device only when the network fails.
 */
declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The network's answer, kept under `key` when it is whole and good; the kept copy when it fails. */
async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(key)) ?? (await caches.match(key, { ignoreSearch: true }));
    if (kept) return kept;
    throw error;
  }
}

/** A kept answer, or the byte range of it the request asks for (a video seeking). */
async function fromKept(request: Request, kept: Response): Promise<Response> {
  return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
}

async function answer(request: Request, url: URL): Promise<Response> {
  if (url.pathname.startsWith(RUNTIME_PREFIX)) return networkFirst(request, `${url.origin}${url.pathname}`);
  const address = contentAddress(url);
  if (!address) return fetch(request);
  const name = uploadCacheName(address.upload);
  if (await caches.has(name)) {
    const kept = await (await caches.open(name)).match(address.key, { ignoreSearch: true });
    if (kept) return fromKept(request, kept);
  }
  if (address.rest === '') return networkFirst(request, address.key);
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(address.key, { ignoreSearch: true });
    if (kept) return fromKept(request, kept);
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith(RUNTIME_PREFIX) && !contentAddress(url)) return;
  event.respondWith(answer(event.request, url));
});
