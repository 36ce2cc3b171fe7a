import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'playwright-core';
import { FILES_PATH } from '../../contract/files.ts';
import { learningPaths, type PlayerCourse } from '../../contract/learning/resource.ts';
import { API_BASE } from '../../contract/paths.ts';
import {
  ADMIN,
  apiClient,
  benchVideo,
  buildAssignedCourse,
  mixedQuestions,
  prepareDataDir,
} from './support/learner-course.ts';
import {
  launchChromium,
  phoneContext,
  signInThroughForm,
  waitForCacheWrite,
  waitForServiceWorker,
} from './support/phone-browser.ts';
import { freshDataDir, removeDataDir, startServer } from './support/server.ts';

const PORT = 4322;
const VIDEO_MB = 50;
const VIDEO_SECONDS = 60;
const SEEK_POINTS = [0.1, 0.5, 0.9];
const KEEP_TIMEOUT_MS = 10 * 60_000;
const MEGABYTE = 1024 * 1024;
const VIDEO_TITLE = 'Forklift operation';
const LEARNER = {
  email: 'offline.learner@example.com',
  password: 'learner-pass-1',
  firstName: 'Olive',
  lastName: 'Offline',
};

type Seek = { share: number; to: number; seekedMs: number; canPlayMs: number };
type Seen = {
  url: string;
  method: string;
  fromWorker: boolean;
  status: number | null;
  failure: string | null;
};

/**
 * Seeks the page's video to each share of its length, timing 'seeked' and 'canplay' after each.
 * `next` is handed in as an argument, since tsx wraps a named inner function in a helper the page
 * does not have (see watchReady in support/phone-browser.ts).
 */
function seekVideo(points: number[]): Promise<Seek[]> {
  const video = document.querySelector('video');
  if (!video) throw new Error('The player shows no video');
  return (async (next: (name: string) => Promise<number>) => {
    video.muted = true;
    if (video.readyState < HTMLMediaElement.HAVE_METADATA) await next('loadedmetadata');
    await video.play();
    const seeks: Seek[] = [];
    for (const share of points) {
      const to = video.duration * share;
      const canPlay = next('canplay');
      const seeked = next('seeked');
      const startedAt = performance.now();
      video.currentTime = to;
      const seekedAt = await seeked;
      // Enough data may already be there when the seek ends; then no further 'canplay' comes.
      const canPlayAt = video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA ? seekedAt : await canPlay;
      canPlay.catch(() => {});
      seeks.push({ share, to, seekedMs: seekedAt - startedAt, canPlayMs: canPlayAt - startedAt });
    }
    video.pause();
    return seeks;
  })(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`No '${name}' within 20 s (media error: ${video.error?.message ?? 'none'})`)),
          20_000,
        );
        video.addEventListener(
          name,
          () => {
            clearTimeout(timer);
            resolve(performance.now());
          },
          { once: true },
        );
      }),
  );
}

/** What the course's cache holds: its files (by link path) and the rest (its record), in bytes. */
async function keptBytes(cacheName: string) {
  const cache = await caches.open(cacheName);
  let files = 0;
  let fileBytes = 0;
  let otherBytes = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const size = response ? (await response.blob()).size : 0;
    if (new URL(request.url).pathname.startsWith('/api/v1/files/')) {
      files += 1;
      fileBytes += size;
    } else otherBytes += size;
  }
  return { files, fileBytes, otherBytes };
}

/**
 * A learner keeps an assigned course whose lesson holds a 50 MB MP4 (uploaded as a videoPlayer
 * activity) on the device, in Chromium on a 390x844 screen: the time from pressing 'Keep offline'
 * until 'Kept on this device' shows, the bytes in Cache Storage against the files' sizes the API
 * reports; then offline, after a reload, the video plays from the device with seeks to 10%, 50% and
 * 90%, each timed to 'seeked' and 'canplay'; every request of the page is counted as answered by
 * the service worker (the video's as 206 partial answers from the kept cache) or as leaving the page,
 * and every request of the worker to the network.
 */
export async function offlineCourse() {
  // Made first: ffmpeg blocks this process for seconds, longer than an idle connection to the server lives.
  const video = benchVideo(VIDEO_MB, VIDEO_SECONDS);
  const dataDir = freshDataDir();
  const ids = await prepareDataDir(join(dataDir, 'server'), [LEARNER]);
  const server = await startServer({ port: PORT, dataDir: join(dataDir, 'server') });
  const browser = await launchChromium();
  try {
    const api = apiClient(server.url);
    const admin = await api.signIn(ADMIN);
    const uploadStart = performance.now();
    const course = await buildAssignedCourse(api, admin, {
      name: 'Forklift Certification',
      activities: [
        {
          title: VIDEO_TITLE,
          activityType: 'videoPlayer',
          videoType: 'mp4',
          required: true,
          file: { path: video.path, type: 'video/mp4', name: 'forklift-operation.mp4' },
        },
      ],
      questions: mixedQuestions(4),
      learnerIds: [ids[LEARNER.email] as string],
    });
    const uploadMs = performance.now() - uploadStart;
    // The files' sizes as the API reports them to the learner's player.
    const learnerToken = await api.signIn(LEARNER);
    const served = (
      await api.must(200, 'GET', learningPaths.course(course.courseId), { token: learnerToken })
    ).results as PlayerCourse;
    const apiFiles = served.outline.flatMap((item) =>
      item.kind === 'lesson'
        ? item.activities.flatMap((activity) =>
            [activity.file, activity.previewFile].filter((file) => file !== null),
          )
        : [],
    );
    const apiBytes = apiFiles.reduce((sum, file) => sum + (file?.size ?? 0), 0);

    const context = await phoneContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, server.url, LEARNER);
    await page.goto(`${server.url}/user-portal/learning-process/course/${course.courseId}`);
    await waitForServiceWorker(page);
    const panel = page.getByRole('region', { name: 'Offline use' });
    const keep = panel.getByRole('button', { name: 'Keep offline' });
    await keep.waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-label="Offline use"] button[disabled]'));

    const keepStart = performance.now();
    await keep.click();
    const keptLine = panel.getByText(/^Kept on this device/);
    await keptLine.waitFor({ timeout: KEEP_TIMEOUT_MS });
    const keepMs = performance.now() - keepStart;
    const keptText = (await keptLine.textContent())?.trim() ?? '';
    const stored = await page.evaluate(keptBytes, `kept-course-${course.courseId}`);
    await waitForCacheWrite(page);

    // Offline from here: every request the page or its worker makes is noted.
    await context.setOffline(true);
    const seen: Seen[] = [];
    const workerNetwork: string[] = [];
    const note = (request: Request) => {
      if (request.serviceWorker()) workerNetwork.push(`${request.method()} ${request.url()}`);
    };
    context.on('request', note);
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      seen.push({
        url: request.url(),
        method: request.method(),
        fromWorker: response?.fromServiceWorker() ?? false,
        status: response?.status() ?? null,
        failure: null,
      });
    });
    page.on('requestfailed', async (request) => {
      // A media request the player drops on a seek fails after its answer's headers came.
      const response = await request.response().catch(() => null);
      seen.push({
        url: request.url(),
        method: request.method(),
        fromWorker: response?.fromServiceWorker() ?? false,
        status: response?.status() ?? null,
        failure: request.failure()?.errorText ?? 'failed',
      });
    });
    const reloadStart = performance.now();
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('article', { name: VIDEO_TITLE }).waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, {
      timeout: 30_000,
    });
    const metadataMs = performance.now() - reloadStart;
    let seeks: Seek[] = [];
    let seekError: string | null = null;
    try {
      seeks = video.playable ? await page.evaluate(seekVideo, SEEK_POINTS) : [];
    } catch (error) {
      seekError = (error as Error).message;
    }
    // Let late answers of the media's requests arrive before counting.
    await page.waitForTimeout(500);
    context.off('request', note);
    await context.setOffline(false);

    const filePrefix = `${API_BASE}${FILES_PATH}/`;
    const fileRequests = seen.filter((entry) => new URL(entry.url).pathname.startsWith(filePrefix));
    const partial = fileRequests.filter((entry) => entry.fromWorker && entry.status === 206);
    // The media stack drops a range request it no longer needs on a seek, at times before any answer.
    const dropped = seen.filter(
      (entry) => !entry.fromWorker && entry.status === null && entry.failure === 'net::ERR_ABORTED',
    );
    const leftPage = seen.filter(
      (entry) => !entry.fromWorker && !entry.url.startsWith('data:') && !dropped.includes(entry),
    );
    const figures = {
      keepMs,
      keepMBps: stored.fileBytes / MEGABYTE / (keepMs / 1000),
      storedBytes: stored.fileBytes,
      apiBytes,
      storedRatio: stored.fileBytes / apiBytes,
      metadataMs,
      seeks,
      requests: seen.length,
      fileRequests: fileRequests.length,
      partial206: partial.length,
      dropped: dropped.length,
      leftPage: leftPage.length,
      workerToNetwork: workerNetwork.length,
    };

    const size = statSync(video.path).size;
    console.log(
      `Keeping a course with a ${(size / MEGABYTE).toFixed(1)} MB MP4 (${video.playable ? `H.264, ${VIDEO_SECONDS} s` : 'not playable: no ffmpeg'}) on the device, Chromium 390x844`,
    );
    console.log(
      `  setup: course, quiz and upload through the admin API took ${(uploadMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  Keep offline: ${(keepMs / 1000).toFixed(2)} s until '${keptText}' (${figures.keepMBps.toFixed(0)} MB/s)`,
    );
    console.log(
      `  Cache Storage kept-course-${course.courseId}: ${stored.files} file(s), ${stored.fileBytes.toLocaleString('en')} bytes ` +
        `(+ ${stored.otherBytes} bytes of its record); the API's file sizes: ${apiFiles.length} file(s), ` +
        `${apiBytes.toLocaleString('en')} bytes: ratio ${figures.storedRatio.toFixed(4)}`,
    );
    console.log(`  offline: reload to the video's metadata ${metadataMs.toFixed(0)} ms`);
    for (const seek of seeks)
      console.log(
        `  offline seek to ${(seek.share * 100).toFixed(0)}% (${seek.to.toFixed(1)} s): seeked ${seek.seekedMs.toFixed(0)} ms, canplay ${seek.canPlayMs.toFixed(0)} ms`,
      );
    if (!video.playable) console.log('  seeks not measured: ffmpeg is missing, so the video does not play');
    if (seekError) console.log(`  seeks failed: ${seekError}`);
    console.log(
      `  offline requests: ${seen.length} from the page, ${seen.length - leftPage.length - dropped.length} answered by the service worker, ` +
        `${dropped.length} dropped by the player before an answer; left the page: ${leftPage.length}; ` +
        `the worker to the network: ${workerNetwork.length}`,
    );
    console.log(
      `  video file requests: ${fileRequests.length}, of them 206 partial answers from the kept cache ${partial.length}, ` +
        `dropped before an answer ${fileRequests.filter((entry) => dropped.includes(entry)).length}`,
    );
    for (const entry of leftPage.slice(0, 5))
      console.log(`    left the page: ${entry.method} ${entry.url} ${entry.failure ?? entry.status}`);
    for (const entry of workerNetwork.slice(0, 5)) console.log(`    worker to the network: ${entry}`);
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await offlineCourse();
