import { expect, type Page, test } from '@playwright/test';
import {
  LAUNCHER_CHANNEL,
  type LauncherStart,
  type LauncherToApp,
} from '../../contract/elearning/launcher.ts';
import type { PlayerPackage } from '../../contract/elearning/tracking.ts';
import { E2E_BASE_URL, E2E_CONTENT_ORIGIN } from './support/config.ts';
import { learnerPackage, packageCourse } from './support/elearning-course.ts';
import { newLearner } from './support/learning.ts';
import { PHONE } from './support/responsive.ts';
import { scormPackage } from './support/scorm-packages.ts';

/**
 * The launcher on the content origin, spoken to as the player page speaks to it
 * (contract/elearning/launcher.ts), from a bare page of the app's origin: what it posts, what it
 * takes, and that only the app's origin may frame it.
 */
test.use(PHONE);

const SLOW = { timeout: 30_000 };
const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * A page of `origin` (one of the server's own answers, so the browser takes it for a page of that
 * server) framing the launcher and keeping every message the launcher posts.
 */
async function host(page: Page, origin: string, launcherUrl: string) {
  await page.goto(`${origin}/api/v1/launcher-host`);
  await page.evaluate(
    ([url, contentOrigin]) => {
      const state = window as unknown as { received: unknown[]; loaded: boolean };
      state.received = [];
      state.loaded = false;
      addEventListener('message', (event) => {
        if (event.origin === contentOrigin) state.received.push(event.data);
      });
      const frame = document.createElement('iframe');
      frame.id = 'launcher';
      frame.title = 'Launcher';
      frame.style.cssText = 'width:360px;height:600px';
      frame.addEventListener('load', () => {
        state.loaded = true;
      });
      frame.src = url as string;
      document.body.append(frame);
    },
    [launcherUrl, E2E_CONTENT_ORIGIN] as const,
  );
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: LauncherToApp[] }).received);
const send = (page: Page, message: unknown) =>
  page.evaluate(
    ([data, origin]) =>
      (document.getElementById('launcher') as HTMLIFrameElement).contentWindow?.postMessage(
        data,
        origin as string,
      ),
    [message, E2E_CONTENT_ORIGIN] as const,
  );

function startOf(pkg: PlayerPackage, index: number): LauncherStart {
  const sco = pkg.structure.items.filter((item) => item.launch)[index];
  if (!sco) throw new Error(`No SCO ${index}`);
  return {
    channel: LAUNCHER_CHANNEL,
    type: 'start',
    scormVersion: pkg.scormVersion,
    sco,
    masteryScore: pkg.masteryScore,
    attempt: 1,
    cmi: {},
    learner: { id: 'learner', name: 'Player, Lena' },
  };
}

async function twoScoPackage(request: Parameters<typeof newLearner>[0]) {
  const id = run();
  const learner = await newLearner(request, id);
  const zip = await scormPackage({
    version: '1.2',
    title: 'Ladders',
    scos: [
      { identifier: 'sco-1', title: 'Choosing a ladder', href: 'one.html' },
      { identifier: 'sco-2', title: 'Climbing safely', href: 'two/page two.html' },
    ],
  });
  const setup = await packageCourse(request, id, zip, [learner._id]);
  return (await learnerPackage(request, learner, setup)).pkg;
}

test('the launcher plays the SCOs it is told to, posting what they set to the app page only', async ({
  page,
  request,
}) => {
  const pkg = await twoScoPackage(request);
  await host(page, E2E_BASE_URL, pkg.launcherUrl);
  await expect
    .poll(async () => (await received(page)).map((message) => message.type), SLOW)
    .toContain('ready');

  // A start from a page of another origin is not taken: the launcher only listens to its parent.
  await send(page, { ...startOf(pkg, 0), channel: 'another-channel' });
  await send(page, startOf(pkg, 0));
  const sco = page.frameLocator('#launcher').frameLocator('#sco');
  await expect(sco.getByRole('heading', { name: 'Choosing a ladder' })).toBeVisible(SLOW);
  await expect(sco.getByText('Page 1 of 3')).toBeVisible(SLOW);
  await sco.getByRole('button', { name: 'Next page' }).click();
  await expect(sco.getByText('Page 2 of 3')).toBeVisible();
  await expect
    .poll(async () =>
      (await received(page)).some(
        (message) =>
          message.type === 'write' &&
          message.scoId === 'sco-1' &&
          message.elements['cmi.core.lesson_location'] === '2',
      ),
    )
    .toBe(true);

  // A value the runtime refuses answers the SCO with an error; the attempt goes on.
  const scoFrame = page.frames().find((frame) => frame.url().includes('/files/one.html'));
  if (!scoFrame) throw new Error('No SCO frame');
  const refused = await scoFrame.evaluate(() => {
    const api = (window.parent as unknown as { API: Record<string, (...args: string[]) => string> }).API;
    return {
      set: api.LMSSetValue?.('cmi.completion_status', 'completed'),
      error: api.LMSGetLastError?.(),
      after: api.LMSSetValue?.('cmi.suspend_data', 'still going'),
      committed: api.LMSCommit?.(''),
    };
  });
  expect(refused.set).toBe('false');
  expect(refused.error).not.toBe('0');
  expect(refused.after).toBe('true');
  expect(refused.committed).toBe('true');
  await expect
    .poll(async () =>
      (await received(page)).some(
        (message) =>
          message.type === 'write' &&
          message.event === 'commit' &&
          message.elements['cmi.suspend_data'] === 'still going',
      ),
    )
    .toBe(true);
  const writes = (await received(page)).filter((message) => message.type === 'write');
  expect(writes.some((message) => 'cmi.completion_status' in message.elements)).toBe(false);

  // The next SCO: the one before is left first, and the new one finds its own API.
  await send(page, startOf(pkg, 1));
  await expect(sco.getByRole('heading', { name: 'Climbing safely' })).toBeVisible(SLOW);
  await expect(sco.getByText('Page 1 of 3')).toBeVisible(SLOW);
  await expect
    .poll(async () =>
      (await received(page))
        .filter((message) => message.type === 'write')
        .map((message) => `${message.scoId}:${message.event ?? ''}`),
    )
    .toEqual(expect.arrayContaining(['sco-1:unload', 'sco-2:initialize']));

  // Kept for offline play: every file of the upload in the content origin's cache.
  await send(page, { channel: LAUNCHER_CHANNEL, type: 'keep' });
  await expect
    .poll(async () => (await received(page)).find((message) => message.type === 'kept'), SLOW)
    .toEqual({ channel: LAUNCHER_CHANNEL, type: 'kept', ok: true });
  const launcher = page
    .frames()
    .find((frame) => frame.url().startsWith(E2E_CONTENT_ORIGIN) && !frame.url().includes('/files/'));
  const kept = await launcher?.evaluate(async () => {
    const names = await caches.keys();
    const upload = names.find((name) => name.startsWith('elearning-upload:'));
    if (!upload) return [];
    const keys = await (await caches.open(upload)).keys();
    return keys.map((request) => new URL(request.url).pathname.split('/').slice(4).join('/')).sort();
  });
  expect(kept).toEqual(['', 'files/imsmanifest.xml', 'files/one.html', 'files/two/page%20two.html']);
});

test('only the app may frame the launcher: another origin gets no launcher and no message', async ({
  page,
  request,
}) => {
  const pkg = await twoScoPackage(request);
  // The same server under another name is another origin.
  const elsewhere = E2E_BASE_URL.replace('127.0.0.1', 'localhost');
  await host(page, elsewhere, pkg.launcherUrl);
  // The frame is done loading: a launcher that loaded would have said it is ready by then.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { loaded?: boolean }).loaded), SLOW)
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect(await received(page)).toEqual([]);
  // The browser refused the launcher's document: no frame of the content origin is there.
  const frames = page.frames().map((frame) => frame.url());
  expect(frames.some((url) => url.startsWith(E2E_CONTENT_ORIGIN))).toBe(false);
});
