import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import type { LoginResult } from '../../../contract/session.ts';
import { LEAD } from './actions.ts';

export const QUEUED = 'Saved offline. It will be sent when the connection is back.';
export const SYNCED = 'All offline changes are synced.';

/** The lead's own session through the API (not the page's), to check what the server has. */
export async function leadApi(request: APIRequestContext, user = LEAD) {
  const login = await request.post('/api/v1/login', { data: user });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The lead must not need a password reset');
  const headers = { Authorization: `Bearer ${results.token}` };
  const get = async <T>(path: string) => {
    const response = await request.get(`/api/v1${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  const post = (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data });
  const patchMultipart = (path: string, multipart: Record<string, string>) =>
    request.patch(`/api/v1${path}`, { headers, multipart });
  const postMultipart = (path: string, multipart: Record<string, string>) =>
    request.post(`/api/v1${path}`, { headers, multipart });
  return { get, post, patchMultipart, postMultipart };
}

/** Stops every service worker of the browser over the DevTools protocol, as the browser does to an idle one. */
export async function stopServiceWorkers(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
