import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { scormPackage } from '../e2e/support/scorm-packages.ts';
import {
  ADMIN,
  type ApiClient,
  apiClient,
  buildAssignedCourse,
  prepareDataDir,
} from './support/learner-course.ts';
import {
  launchChromium,
  phoneContext,
  type ReadyCheck,
  readyTime,
  signInThroughForm,
  waitForCacheWrite,
  waitForServiceWorker,
  watchReady,
} from './support/phone-browser.ts';
import { freshDataDir, removeDataDir, startServer } from './support/server.ts';
import { median } from './support/users-app.ts';

/** The app's port; the content origin is the same server on the next one. */
const PORT = 4363;
const RUNS = 7;
const LESSON_COURSE = 'Site induction';
const PACKAGE_COURSE = 'Ladder safety course';
const PACKAGE_TITLE = 'Ladder safety';
const SCO_TITLE = 'Before you climb';
const LEARNER = {
  email: 'package.learner@example.com',
  password: 'learner-pass-1',
  firstName: 'Sam',
  lastName: 'Scorm',
};

const ms = (value: number) => (Number.isNaN(value) ? 'did not show' : `${value.toFixed(0)} ms`);

/**
 * Runs in every frame before its scripts; in the SCO's frame (below the launcher's, on the content
 * origin) notes in `window.__scoPaintAt` the wall-clock time the SCO's heading first has a size on
 * screen. No named inner functions: tsx would wrap them in a helper the page does not have.
 */
function watchSco(title: string) {
  if (window === window.top) return;
  const target = window as unknown as { __scoPaintAt?: number };
  const observer = new MutationObserver(() => {
    if (target.__scoPaintAt !== undefined) return;
    const heading = [...document.querySelectorAll('h1')].find((element) => element.textContent === title);
    if (!heading) return;
    const box = heading.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    target.__scoPaintAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Milliseconds from the app page's navigation start until the SCO's heading was on screen in its
 * frame, or NaN when it did not show within `timeoutMs`.
 */
async function scoPaint(page: Page, timeoutMs = 30_000): Promise<number> {
  const startedAt = Date.now();
  const origin = await page.evaluate(() => performance.timeOrigin);
  while (Date.now() - startedAt < timeoutMs) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const at = await frame
        .evaluate(() => (window as { __scoPaintAt?: number }).__scoPaintAt)
        .catch(() => undefined);
      if (typeof at === 'number') return at - origin;
    }
    await page.waitForTimeout(25);
  }
  return Number.NaN;
}

/** As the administrator: the package uploaded, alone in a course assigned to the learner. */
async function packageCourse(api: ApiClient, token: string, learnerId: string): Promise<string> {
  const zip = await scormPackage({
    version: '1.2',
    title: PACKAGE_TITLE,
    scos: [{ identifier: 'sco-1', title: SCO_TITLE, href: 'index.html' }],
  });
  const form = new FormData();
  form.set('title', PACKAGE_TITLE);
  form.set('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'ladder-safety.zip');
  const pkg = await api.must(201, 'POST', '/elearning-package', { token, form });
  const category = await api.must(201, 'POST', '/course-category', {
    token,
    body: { name: `${PACKAGE_COURSE} category`, parentId: null },
  });
  const course = await api.must(201, 'POST', '/course', {
    token,
    body: { name: PACKAGE_COURSE, courseCategoryId: category.results._id, permission: 'none' },
  });
  const courseId = course.results._id as string;
  await api.must(200, 'POST', `/course/lesson/${courseId}`, {
    token,
    body: { elearningPackageIds: [pkg.results._id] },
  });
  await api.must(201, 'POST', '/course-assignment', {
    token,
    body: {
      title: `${PACKAGE_COURSE}: assigned`,
      kind: 'assigned',
      assigneeKind: 'users',
      assigneeIds: [learnerId],
      courseIds: [courseId],
    },
  });
  return courseId;
}

type Opened = {
  name: string;
  page: Page;
  reload: () => Promise<number>;
  online: number[];
  offline: number[];
};

/**
 * In Chromium on a 390x844 screen, a learner opens the course player on an e-learning package (a
 * SCORM 1.2 SCO run from the content origin by the launcher): the time from the navigation's start
 * until the SCO's heading is on screen in its frame; against opening a course on a lesson (its first
 * activity on screen). Each course is kept on the device, reloaded online, then offline
 * (context.setOffline: the app's worker answers the shell and the kept reads, the content origin's
 * worker the launcher and the package's files); prints the median of each and the ratio
 * package/lesson.
 */
export async function packageLaunch() {
  const dataDir = freshDataDir();
  const ids = await prepareDataDir(join(dataDir, 'server'), [LEARNER]);
  const learnerId = ids[LEARNER.email] as string;
  // The content origin lets only the app's origin frame its launcher: the address the browser uses.
  const server = await startServer({
    port: PORT,
    dataDir: join(dataDir, 'server'),
    env: { APP_URL: `http://127.0.0.1:${PORT}` },
  });
  const browser = await launchChromium();
  try {
    const api = apiClient(server.url);
    const admin = await api.signIn(ADMIN);
    const lesson = await buildAssignedCourse(api, admin, {
      name: LESSON_COURSE,
      activities: [
        {
          title: 'Site rules',
          activityType: 'customEmbed',
          customEmbed: '<h2>Site rules</h2><p>Forklifts have the right of way.</p>',
        },
      ],
      questions: [],
      learnerIds: [learnerId],
    });
    const packageCourseId = await packageCourse(api, admin, learnerId);

    const open = async (
      name: string,
      courseId: string,
      setUp: (page: Page) => Promise<void>,
      measure: (page: Page) => Promise<number>,
    ): Promise<Opened> => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await setUp(page);
      await signInThroughForm(page, server.url, LEARNER);
      await page.goto(`${server.url}/user-portal/learning-process/course/${courseId}`, {
        waitUntil: 'commit',
      });
      if (Number.isNaN(await measure(page))) {
        const text = ((await page.locator('main').textContent()) ?? '').slice(0, 400);
        const frames = page.frames().map((frame) => frame.url());
        throw new Error(
          `${name} did not show on the first visit; the page reads: ${text}; frames: ${frames.join(', ')}`,
        );
      }
      await waitForServiceWorker(page);
      const panel = page.getByRole('region', { name: 'Offline use' });
      await panel.getByRole('button', { name: 'Keep offline' }).click();
      await panel.getByText('Kept on this device').waitFor({ timeout: 120_000 });
      await waitForCacheWrite(page);
      const reload = async () => {
        await page.reload({ waitUntil: 'commit' });
        return measure(page);
      };
      return { name, page, reload, online: [], offline: [] };
    };
    const lessonChecks: ReadyCheck[] = [
      { selector: 'h1', text: LESSON_COURSE },
      { selector: `article[aria-label="${lesson.activities[0]?.title}"]` },
    ];
    const lessonScreen = await open(
      'the lesson',
      lesson.courseId,
      async (page) => {
        await page.context().addInitScript(watchReady, lessonChecks);
      },
      (page) => readyTime(page),
    );
    const packageScreen = await open(
      'the package',
      packageCourseId,
      async (page) => {
        await page.context().addInitScript(watchSco, SCO_TITLE);
      },
      (page) => scoPaint(page),
    );
    const opened = [packageScreen, lessonScreen];

    // Alternately, so a busy machine slows both alike.
    for (let run = 0; run < RUNS; run += 1)
      for (const screen of opened) screen.online.push(await screen.reload());
    for (const screen of opened) await screen.page.context().setOffline(true);
    for (let run = 0; run < RUNS; run += 1)
      for (const screen of opened) screen.offline.push(await screen.reload());

    const figure = (values: number[]) => (values.some(Number.isNaN) ? Number.NaN : median(values));
    const figures = {
      online: { packageMs: figure(packageScreen.online), lessonMs: figure(lessonScreen.online) },
      offline: { packageMs: figure(packageScreen.offline), lessonMs: figure(lessonScreen.offline) },
    };
    console.log(
      `Opening a course on an e-learning package (the SCO's heading painted in its frame on the content origin) against a course on a lesson (its first activity), 390x844, kept on the device, median of ${RUNS} reloads`,
    );
    for (const mode of ['online', 'offline'] as const) {
      const { packageMs, lessonMs } = figures[mode];
      console.log(
        `  ${mode.padEnd(7)} package ${ms(packageMs)}, lesson ${ms(lessonMs)}: ratio ${(packageMs / lessonMs).toFixed(2)}`,
      );
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await packageLaunch();
