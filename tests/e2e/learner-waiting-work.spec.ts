import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { finishElsewhere } from './support/learner-work.ts';
import { assignedCourse, type CourseSetup, learnerRecords, newLearner } from './support/learning.ts';
import { pendingButton, SYNCED } from './support/outbox.ts';
import { PHONE } from './support/responsive.ts';

test.use(PHONE);

const WAITING = 'Waiting to be sent';
const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const activity = (page: Page, title: string) => page.getByRole('article', { name: title });
const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });

/** Closes the toasts on screen: on a phone they cover the buttons at the top of the page. */
async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++)
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
}

/** Keeps the course on the device, then goes offline and reloads the player from the device. */
async function keepAndGoOffline(page: Page, setup: CourseSetup) {
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Offline use' });
  await panel.getByRole('button', { name: 'Keep offline' }).click();
  await expect(panel).toContainText('Kept on this device: 1 file', { timeout: 20_000 });
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
}

/** Offline: reads the PDF, then passes the quiz, whose answers wait in the outbox. */
async function finishOffline(page: Page, setup: CourseSetup) {
  const guide = activity(page, 'Evacuation guide');
  await expect(guide.getByText('Page 1 of 2')).toBeVisible({ timeout: 20_000 });
  await guide.getByRole('button', { name: 'Mark as read' }).click();
  await expect(guide.getByText(WAITING)).toBeVisible();
  await closeToasts(page);
  await page.getByRole('button', { name: `Next: ${setup.quizName}` }).click();
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await closeToasts(page);
  await page.getByRole('radio', { name: 'At the assembly point' }).check();
  await page.getByRole('radio', { name: 'False' }).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Answers saved' })).toBeVisible();
}

async function goOnline(page: Page) {
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

test('work done offline shows done and waiting to be sent after a reload, in the player and on My Dashboard, and the quiz offers no new attempt', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedCourse(request, id, learner._id, 'document');

  // My Dashboard read once online, so it shows offline from the device.
  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  await expect(page.getByRole('progressbar', { name: `${setup.courseName} progress: 0%` })).toBeAttached();
  await page.getByRole('link', { name: `Open course ${setup.courseName}` }).click();
  await keepAndGoOffline(page, setup);
  await finishOffline(page, setup);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
  // The quiz answered offline is done and waiting: its attempt counts and no new one is offered.
  const quiz = page.getByRole('heading', { level: 2, name: setup.quizName }).locator('../..');
  await expect(quiz.getByText(WAITING)).toBeVisible();
  await expect(quiz.getByText('1 of 3 attempts used')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Answers saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Start (the quiz|a new attempt)$/ })).toHaveCount(0);
  await expect(page.getByText('2 of 2 done')).toBeVisible();
  await expect(
    outline(page).getByRole('button', { name: new RegExp(`^Done 2\\. ${setup.quizName}`) }),
  ).toContainText(WAITING);
  const lesson = outline(page).getByRole('button', { name: new RegExp(`^Done 1\\. ${setup.lessonName}`) });
  await expect(lesson).toContainText(`1 of 1 activities done · ${WAITING}`);
  await lesson.click();
  const guide = activity(page, 'Evacuation guide');
  await expect(guide.getByText('Done', { exact: true })).toBeVisible();
  await expect(guide.getByText(WAITING)).toBeVisible();

  // My Dashboard counts the waiting work in the course's progress.
  await page.goto('/user-portal/user-dashboard');
  await expect(page.getByRole('progressbar', { name: `${setup.courseName} progress: 100%` })).toBeVisible();
  await expect(page.getByText(WAITING)).toBeVisible();

  // Online, the work is sent once and the server's answer replaces the marks.
  await goOnline(page);
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(WAITING)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: `${setup.courseName} progress: 100%` })).toBeVisible();
  const { course, quiz: records } = await learnerRecords(request, learner, setup);
  expect(course.progress.state).toBe('completed');
  expect(records.attempts).toHaveLength(1);
  expect(records.attempts[0]?.passed).toBe(true);
});

test('offline work the server had already counted from another device is sent without failures', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedCourse(request, id, learner._id, 'document');

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${setup.courseId}`);
  await keepAndGoOffline(page, setup);
  await finishOffline(page, setup);
  // Meanwhile the learner completed the course on another device: the quiz's attempt here is refused
  // on replay only because the course is done already.
  await finishElsewhere(request, learner, setup);

  await goOnline(page);
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 30_000 });
  await expect(pendingButton(page)).toHaveCount(0);
  await expect(page.getByText(/could not be sent/)).toHaveCount(0);
  // The quiz shows what the server holds: passed on the other device, the course completed.
  await expect(page.getByText(WAITING)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Answers saved' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: setup.quizName }).locator('..')).toContainText(
    'Passed',
  );
  const { course, quiz } = await learnerRecords(request, learner, setup);
  expect(course.progress.state).toBe('completed');
  expect(quiz.attempts).toHaveLength(1);
});

test('an activity whose waiting completion is discarded shows not done again and can be finished once more', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedCourse(request, id, learner._id, 'document');

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${setup.courseId}`);
  await waitForServiceWorker(page);
  const guide = activity(page, 'Evacuation guide');
  const markAsRead = guide.getByRole('button', { name: 'Mark as read' });
  await expect(guide.getByText('Page 1 of 2')).toBeVisible({ timeout: 20_000 });
  await page.context().setOffline(true);
  await markAsRead.click();
  await expect(guide.getByText(WAITING)).toBeVisible();

  await closeToasts(page);
  await pendingButton(page).click();
  await page
    .getByRole('dialog', { name: 'Offline changes' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await page
    .getByRole('dialog', { name: /^Confirm/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(pendingButton(page)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Back online, the course is read again: the activity is not done, and finishing it counts.
  await goOnline(page);
  await markAsRead.click();
  await expect(guide.getByText('Done', { exact: true })).toBeVisible();
  await expect(guide.getByText(WAITING)).toHaveCount(0);
  const { course } = await learnerRecords(request, learner, setup);
  const lesson = course.outline.find((item) => item.kind === 'lesson');
  expect(lesson?.kind === 'lesson' && lesson.activities.map((one) => one.done)).toEqual([true]);
});
