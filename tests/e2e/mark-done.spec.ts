import { expect, type Page, test } from '@playwright/test';
import type { PlayerCourse } from '../../contract/learning/resource.ts';
import { apiAs } from './support/account-control.ts';
import { ADMIN, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { type Learner, newLearner } from './support/learning.ts';
import { pendingButton, SYNCED, waitForCacheWrite } from './support/outbox.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';
import { discardAllOfflineChanges } from './support/screens-waiting-work.ts';

// On a phone: a course taken at its external link (nothing in its outline) is marked done by the
// learner after opening the link, online and offline, and the server counts it once.

test.use(PHONE);

const run = () => `mkd${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** As the administrator: a course with an external link and no outline, assigned to the learner. */
async function linkCourse(request: Parameters<typeof apiAs>[0], id: string, learner: Learner) {
  const admin = await apiAs(request, ADMIN);
  const categories = await admin.get<{ data: { _id: string }[] }>('/course-category/info?limit=10');
  const name = `Time management ${id}`;
  const { _id: courseId } = await admin.post<{ _id: string }>('/course', {
    name,
    courseCategoryId: categories.data[0]?._id,
    permission: 'none',
    externalLink: 'https://learn.example.org/time-management',
    externalTitle: 'Time management on Learn',
  });
  await admin.post('/course-assignment', {
    title: `Time training ${id}`,
    kind: 'assigned',
    courseIds: [courseId],
    assigneeKind: 'users',
    assigneeIds: [learner._id],
  });
  return { courseId, name };
}

/** The learner's state of the course, as the server holds it. */
async function serverState(request: Parameters<typeof apiAs>[0], learner: Learner, courseId: string) {
  const api = await apiAs(request, learner);
  return (await api.get<PlayerCourse>(`/user-portal/course/${courseId}`)).progress.state;
}

/** Opens the course's link (a new tab, closed again) so 'Mark as done' is offered. */
async function openLink(page: Page) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Time management on Learn' }).click();
  await (await popup).close();
}

test('a learner opens a link-only course, marks it done once they have opened its link, and it is completed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const { courseId, name } = await linkCourse(request, id, learner);

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('This course is taken at its link.')).toBeVisible();
  const mark = page.getByRole('button', { name: 'Mark as done' });
  await expect(mark).toBeDisabled();
  await expect(page.getByText('Open the link first.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await openLink(page);
  await mark.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You marked this course as done on' }),
  ).toBeVisible();
  await expect(mark).toHaveCount(0);
  expect(await serverState(request, learner, courseId)).toBe('completed');
});

test('marked done offline, the course waits to be sent and is completed once the phone is back online', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const { courseId, name } = await linkCourse(request, id, learner);

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${courseId}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await openLink(page);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to be sent' })).toBeVisible();
  expect(await serverState(request, learner, courseId)).toBe('in-progress');

  // Reloaded offline, the course still shows the mark waiting, not a button to mark it again.
  await waitForCacheWrite(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to be sent' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => serverState(request, learner, courseId), { timeout: 20_000 }).toBe('completed');
  await expect(page.getByRole('status').filter({ hasText: 'You marked this course as done on' })).toBeVisible(
    {
      timeout: 20_000,
    },
  );
});

test('a mark discarded from the outbox is no longer shown waiting, and the course can be marked done again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const { courseId, name } = await linkCourse(request, id, learner);

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${courseId}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await openLink(page);
  await page.context().setOffline(true);
  const mark = page.getByRole('button', { name: 'Mark as done' });
  await mark.click();
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting to be sent' });
  await expect(waiting).toBeVisible();
  // The panel shows its own answer at once; the change is in the top bar's outbox, where it is
  // discarded, once the outbox reports it.
  await expect(pendingButton(page)).toHaveAccessibleName('Offline changes: 1 pending');

  // Discarded (and back online), nothing was sent: the panel offers the mark again.
  await discardAllOfflineChanges(page);
  await expect(waiting).toHaveCount(0);
  await expect(mark).toBeVisible();
  expect(await serverState(request, learner, courseId)).toBe('in-progress');
  await openLink(page);
  await mark.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You marked this course as done on' }),
  ).toBeVisible();
  expect(await serverState(request, learner, courseId)).toBe('completed');
});
