import { expect, test } from '@playwright/test';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';

type EmbedReport = {
  origin: string;
  localStorage: string;
  cookie: string;
  indexedDB: string;
  api: string;
};

/**
 * The custom embed's code: it tries everything a script of the app's origin could do and posts
 * what it got to the page framing it.
 */
const PROBE = `<p>Probe</p>
<script>
(async () => {
  const attempt = async (read) => {
    try { return String(await read()); } catch (error) { return 'blocked: ' + (error && error.name); }
  };
  const report = {
    origin: String(self.origin),
    localStorage: await attempt(() => JSON.stringify(Object.entries(localStorage))),
    cookie: await attempt(() => document.cookie),
    indexedDB: await attempt(() => new Promise((resolve, reject) => {
      const open = indexedDB.open('TheBlueCollarSuccess');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('blue_collar_store')) return resolve('no store');
        const read = db.transaction('blue_collar_store').objectStore('blue_collar_store').get('token');
        read.onsuccess = () => resolve('token: ' + read.result);
        read.onerror = () => reject(read.error);
      };
      open.onerror = () => reject(open.error);
    })),
    api: await attempt(async () => {
      const response = await fetch(new URL('/api/v1/user', location.href), { credentials: 'include' });
      return 'status ' + response.status + ' ' + (await response.text()).slice(0, 200);
    }),
  };
  parent.postMessage({ embedReport: report }, '*');
})();
</script>`;

test("a custom embed reads none of the app's storage and cannot call the API as the user", async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, '/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // What the embed would find if it ran as the app: a value in local storage and a cookie.
  await page.evaluate(() => localStorage.setItem('embed-canary', 'app secret'));
  await page.context().addCookies([{ name: 'embed-canary', value: 'app-secret', url: page.url() }]);

  const token = await page.evaluate(async () => {
    const response = await fetch('/api/v1/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    return ((await response.json()) as { results: { token: string } }).results.token;
  });
  const headers = { Authorization: `Bearer ${token}` };
  const lesson = await page.request.post(`${API_BASE}/lesson`, {
    headers,
    data: { name: `Embed sandbox T${Date.now()}`, description: 'A probe in a frame.' },
  });
  expect(lesson.status()).toBe(201);
  const lessonId = ((await lesson.json()) as ApiSuccess<{ _id: string }>).results._id;
  const activity = await page.request.post(`${API_BASE}/lesson/activity`, {
    headers,
    multipart: {
      lessonId,
      title: 'Storage probe',
      activityType: 'customEmbed',
      customEmbed: PROBE,
      required: 'false',
    },
  });
  expect(activity.status()).toBe(201);

  await page.goto(`/app/content-management/lessons/edit/${lessonId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();
  await page.evaluate(() => {
    const target = window as Window & { embedReport?: unknown };
    window.addEventListener('message', (event) => {
      const data = event.data as { embedReport?: unknown } | null;
      if (data?.embedReport) target.embedReport = data.embedReport;
    });
  });
  await page.getByRole('button', { name: 'Preview Storage probe' }).click();
  const frame = page.getByRole('dialog').locator('iframe[title="Storage probe"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
  await expect(frame.contentFrame().getByText('Probe')).toBeVisible();
  const report = (await (
    await page.waitForFunction(() => (window as Window & { embedReport?: unknown }).embedReport)
  ).jsonValue()) as EmbedReport;

  // An opaque origin: no storage of the app's origin, no cookie, and an API that does not know it.
  expect(report.origin).toBe('null');
  expect(report.localStorage).toMatch(/^blocked: SecurityError/);
  expect(report.cookie).toMatch(/^(blocked: SecurityError|)$/);
  expect(report.cookie).not.toContain('app-secret');
  expect(report.indexedDB).toMatch(/^blocked: /);
  expect(report.api).not.toContain('admin@example.com');
  expect(report.api).toMatch(/^(blocked: TypeError|status 401 )/);

  // The app itself still holds the session and its values.
  const own = await page.evaluate(async () => {
    const token = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('TheBlueCollarSuccess');
      open.onsuccess = () => {
        const read = open.result
          .transaction('blue_collar_store')
          .objectStore('blue_collar_store')
          .get('token');
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error);
      };
      open.onerror = () => reject(open.error);
    });
    return { token, canary: localStorage.getItem('embed-canary') };
  });
  expect(typeof own.token).toBe('string');
  expect(String(own.token).length).toBeGreaterThan(20);
  expect(own.canary).toBe('app secret');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();
});
