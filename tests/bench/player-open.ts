import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  apiClient,
  benchVideo,
  buildAssignedCourse,
  LEAD,
  mixedQuestions,
  prepareDataDir,
  writeSmallPdf,
} from './support/learner-course.ts';
import {
  launchChromium,
  phoneContext,
  type ReadyCheck,
  readyTime,
  reloadUntilReady,
  signInThroughForm,
  waitForCacheWrite,
  waitForServiceWorker,
  watchReady,
} from './support/phone-browser.ts';
import { freshDataDir, removeDataDir, startServer } from './support/server.ts';
import { median } from './support/users-app.ts';

const PORT = 4321;
const RUNS = 7;
const COURSE = 'Warehouse Safety Essentials';
const LEARNER = {
  email: 'player.learner@example.com',
  password: 'learner-pass-1',
  firstName: 'Pat',
  lastName: 'Player',
};

type Screen = {
  name: string;
  page: Page;
  errors: string[];
  first: number;
  online: number[];
  offline: number[];
};

const ms = (value: number) => (Number.isNaN(value) ? 'did not show' : `${value.toFixed(0)} ms`);

/**
 * In Chromium on a 390x844 screen, a learner opens the course player of an assigned course (a
 * lesson of four activities and a quiz): the time from the navigation's start until the course's
 * name, its outline and the lesson's first activity are on screen; against a team lead opening the
 * team dashboard on the same server until member cards are on screen. Each is reloaded online,
 * then offline (context.setOffline: the service worker answers the shell, the saved query cache
 * the data), after a first visit; prints the median of each and the ratio player/dashboard.
 */
export async function playerOpen() {
  // Made first: ffmpeg blocks this process, longer than an idle connection to the server lives.
  const video = benchVideo(2, 10);
  const dataDir = freshDataDir();
  const files = join(dataDir, 'bench-files');
  const ids = await prepareDataDir(join(dataDir, 'server'), [LEARNER]);
  const server = await startServer({ port: PORT, dataDir: join(dataDir, 'server') });
  const browser = await launchChromium();
  try {
    const api = apiClient(server.url);
    const admin = await api.signIn(ADMIN);
    writeSmallPdf(join(files, 'handbook.pdf'), [
      'Warehouse handbook',
      'Keep the aisles clear.',
      'Wear boots.',
    ]);
    const course = await buildAssignedCourse(api, admin, {
      name: COURSE,
      activities: [
        {
          title: 'Welcome to the warehouse',
          activityType: 'videoPlayer',
          videoType: 'mp4',
          required: true,
          file: { path: video.path, type: 'video/mp4', name: 'welcome.mp4' },
        },
        {
          title: 'Safety handbook',
          activityType: 'pdfDocument',
          file: { path: join(files, 'handbook.pdf'), type: 'application/pdf', name: 'handbook.pdf' },
        },
        {
          title: 'Site rules',
          activityType: 'customEmbed',
          customEmbed: '<h2>Site rules</h2><p>Forklifts have the right of way.</p>',
        },
        { title: 'Signed induction form', activityType: 'fileUpload' },
      ],
      questions: mixedQuestions(5),
      learnerIds: [ids[LEARNER.email] as string],
    });
    const firstActivity = course.activities[0]?.title as string;

    const open = async (
      name: string,
      account: { email: string; password: string },
      path: string,
      checks: ReadyCheck[],
    ): Promise<Screen> => {
      const context = await phoneContext(browser);
      await context.addInitScript(watchReady, checks);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      await signInThroughForm(page, server.url, account);
      // The first visit: no service worker controls the page yet.
      await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
      const first = await readyTime(page);
      if (Number.isNaN(first)) {
        const text = ((await page.locator('main').textContent()) ?? '').slice(0, 400);
        throw new Error(
          `${name} did not show on the first visit; the page reads: ${text}\nerrors: ${errors.join('\n')}`,
        );
      }
      await waitForServiceWorker(page);
      await waitForCacheWrite(page);
      // Once more, so the shell comes from the worker before anything is measured.
      await reloadUntilReady(page);
      return { name, page, errors, first, online: [], offline: [] };
    };
    const player = await open(
      'the course player',
      LEARNER,
      `/user-portal/learning-process/course/${course.courseId}`,
      [
        { selector: 'h1', text: COURSE },
        { selector: 'nav[aria-label="Course outline"]' },
        { selector: `article[aria-label="${firstActivity}"]` },
      ],
    );
    const dashboard = await open('the team dashboard', LEAD, '/user-portal/team-dashboard', [
      { selector: '[data-member-card]' },
    ]);
    const screens = [player, dashboard];

    // Alternately, so a busy machine slows both alike.
    for (let run = 0; run < RUNS; run += 1)
      for (const screen of screens) screen.online.push(await reloadUntilReady(screen.page));
    for (const screen of screens) {
      await waitForCacheWrite(screen.page);
      await screen.page.context().setOffline(true);
    }
    for (let run = 0; run < RUNS; run += 1)
      for (const screen of screens) screen.offline.push(await reloadUntilReady(screen.page));

    const figure = (values: number[]) => (values.some(Number.isNaN) ? Number.NaN : median(values));
    const figures = {
      online: { playerMs: figure(player.online), dashboardMs: figure(dashboard.online) },
      offline: { playerMs: figure(player.offline), dashboardMs: figure(dashboard.offline) },
      firstVisit: { playerMs: player.first, dashboardMs: dashboard.first },
    };
    console.log(
      `Opening the course player (outline and first activity on screen) against the team dashboard (member cards), 390x844, median of ${RUNS} reloads`,
    );
    console.log(
      `  first visit, no service worker yet: player ${ms(player.first)}, dashboard ${ms(dashboard.first)}`,
    );
    for (const mode of ['online', 'offline'] as const) {
      const { playerMs, dashboardMs } = figures[mode];
      console.log(
        `  ${mode.padEnd(7)} player ${ms(playerMs)}, dashboard ${ms(dashboardMs)}: ratio ${(playerMs / dashboardMs).toFixed(2)}`,
      );
    }
    for (const screen of screens) {
      console.log(`  errors in ${screen.name}'s page (uncaught and console): ${screen.errors.length}`);
      const kinds = new Map<string, number>();
      for (const error of screen.errors) {
        const line = (error.split('\n')[0] ?? '').slice(0, 160);
        kinds.set(line, (kinds.get(line) ?? 0) + 1);
      }
      for (const [line, count] of kinds) console.log(`    ${count}x ${line}`);
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await playerOpen();
