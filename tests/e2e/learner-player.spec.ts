import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fileMessages } from '../../contract/files.ts';
import { learningMessages } from '../../contract/learning/resource.ts';
import { type QuizDetail, quizPaths } from '../../contract/quizzes/resource.ts';
import { ADMIN, LEAD, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { assignedCourse, learnerRecords, newLearner } from './support/learning.ts';
import { SYNCED } from './support/outbox.ts';
import { PHONE } from './support/responsive.ts';

test.use(PHONE);

const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const activity = (page: Page, title: string) => page.getByRole('article', { name: title });
const doneBadge = (page: Page, title: string) => activity(page, title).getByText('Done', { exact: true });

/** Closes the toasts on screen: on a phone they cover the top of the page a scrolled-to button sits at. */
async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  // A toast may close by itself while it is being clicked: try again, a few times at most.
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++)
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
}

/** Answers the two questions of the course's quiz, right or wrong. */
async function answerQuiz(page: Page, right: boolean) {
  await page.getByRole('radio', { name: right ? 'At the assembly point' : 'In the car park' }).check();
  await page.getByRole('radio', { name: right ? 'False' : 'True' }).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
}

/** As the administrator: the quiz's settings changed, the others as they were. */
async function changeQuiz(
  request: APIRequestContext,
  quizId: string,
  change: Pick<QuizDetail, 'timeLimitMinutes' | 'review'>,
) {
  const login = await request.post('/api/v1/login', { data: ADMIN });
  const { token } = (await login.json()).results as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const read = await request.get(`/api/v1${quizPaths.one(quizId)}`, { headers });
  const quiz = (await read.json()).results as QuizDetail;
  const { name, description, passMark, attemptsAllowed, shuffleQuestions, version } = quiz;
  const response = await request.patch(`/api/v1${quizPaths.one(quizId)}`, {
    headers,
    data: { name, description, passMark, attemptsAllowed, shuffleQuestions, version, ...change },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a learner plays the video to its end, reads the PDF, passes the quiz on the second attempt, and the lead sees the course completed', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedCourse(request, id, learner._id);

  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  await page.getByRole('link', { name: `Open course ${setup.courseName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Course outline' })).toContainText(setup.lessonName);

  // The video counts once it has played to the end without seeking ahead; its completion says when
  // it was opened, and the server times it from then against the duration it read at upload.
  const opened = Date.now();
  const completion = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/activity\/[^/]+\/complete$/.test(request.url()),
  );
  const video = activity(page, 'Fire drill video').locator('video');
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.duration)).toBeGreaterThan(0);
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect(doneBadge(page, 'Fire drill video')).toBeVisible({ timeout: 20_000 });
  const openedAt = Date.parse((await completion).postDataJSON().openedAt);
  expect(openedAt).toBeGreaterThan(opened - 60_000);
  expect(openedAt).toBeLessThanOrEqual(Date.now());

  // The PDF counts once its last page is on screen.
  const pdf = activity(page, 'Evacuation guide');
  await expect(pdf.getByText('Page 1 of 2')).toBeVisible();
  await expect(doneBadge(page, 'Evacuation guide')).toHaveCount(0);
  await pdf.getByRole('button', { name: 'Next page' }).click();
  await expect(doneBadge(page, 'Evacuation guide')).toBeVisible();
  await expect(page.getByText('Lesson done')).toBeVisible();

  // The quiz: failed once, passed on the second attempt, graded by the server.
  await page.getByRole('button', { name: `Next: ${setup.quizName}` }).click();
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await answerQuiz(page, false);
  const failed = page.getByRole('status').filter({ hasText: 'Not passed' });
  await expect(failed).toContainText('Score 0%');
  await expect(failed).toContainText('2 attempts left.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await answerQuiz(page, true);
  const passed = page.getByRole('status').filter({ hasText: 'Passed' });
  await expect(passed).toContainText('Score 100%');
  await expect(passed).toContainText('1 attempt left.');
  await expect(passed).toContainText('You have completed the course.');

  const { course, quiz } = await learnerRecords(request, learner, setup);
  expect(course.progress.state).toBe('completed');
  expect(quiz.attempts.map((attempt) => attempt.passed)).toEqual([false, true]);

  // The lead's card of the learner shows the course completed.
  const lead = await browser.newPage(PHONE);
  await openSignedIn(
    lead,
    LEAD,
    `/user-portal/team-dashboard?team=${learner.teamId}&memberSearch=${encodeURIComponent(learner.email)}`,
  );
  const card = lead
    .getByRole('article', { name: learner.name })
    .or(lead.locator(`[data-member-card="${learner._id}"]`))
    .first();
  await expect(card).toContainText('Course Progress');
  // One of the member's assigned courses (the team's own trainings give them more) is complete.
  await expect(card).toContainText(/Course Progress\s*1\/\d+/);
  await lead.close();
});

test('a learner keeps a course offline, finishes a lesson and answers the quiz offline, and the server counts each once', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedCourse(request, id, learner._id, 'document');

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${setup.courseId}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Offline use' });
  await expect(panel).toContainText(/it needs \d/);
  await panel.getByRole('button', { name: 'Keep offline' }).click();
  await expect(panel).toContainText('Kept on this device: 1 file');
  await expect(panel).toContainText(/This app uses .* of this device's storage\./);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
  // The kept PDF opens from the device.
  const guide = activity(page, 'Evacuation guide');
  await expect(guide.getByText('Page 1 of 2')).toBeVisible();
  await guide.getByRole('button', { name: 'Mark as read' }).click();
  await expect(doneBadge(page, 'Evacuation guide')).toBeVisible();
  await closeToasts(page);

  await page.getByRole('button', { name: `Next: ${setup.quizName}` }).click();
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await closeToasts(page);
  await answerQuiz(page, true);
  await expect(page.getByRole('status').filter({ hasText: 'Answers saved' })).toBeVisible();

  // A reload offline keeps what was done on the device.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
  const outline = page.getByRole('navigation', { name: 'Course outline' });
  await expect(
    outline.getByRole('button', { name: new RegExp(`^Done 1\\. ${setup.lessonName}`) }),
  ).toBeVisible();
  await outline.getByRole('button', { name: new RegExp(`1\\. ${setup.lessonName}`) }).click();
  await expect(doneBadge(page, 'Evacuation guide')).toBeVisible();

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 30_000 });

  await expect
    .poll(async () => (await learnerRecords(request, learner, setup)).course.progress.state, {
      timeout: 20_000,
    })
    .toBe('completed');
  const { course, quiz } = await learnerRecords(request, learner, setup);
  expect(course.progress.done).toBe(course.progress.total);
  expect(quiz.attempts).toHaveLength(1);
  expect(quiz.attempts[0]?.passed).toBe(true);
});

test('a learner hands in a file and their lead opens it from the member Transcript', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedCourse(request, id, learner._id, 'hand-in');
  const plan = `Meet at the assembly point, ${id}.`;

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${setup.courseId}`);
  const card = activity(page, 'Your evacuation plan');
  // A script is not a kind people hand in: the server's refusal shows under the file.
  await card
    .locator('input[type="file"]')
    .setInputFiles({ name: 'my-plan.js', mimeType: 'text/javascript', buffer: Buffer.from(plan) });
  await card.getByRole('button', { name: 'Hand in' }).click();
  await expect(card.getByText(fileMessages.wrongType('handIn'))).toBeVisible();
  await expect(doneBadge(page, 'Your evacuation plan')).toHaveCount(0);
  await card
    .locator('input[type="file"]')
    .setInputFiles({ name: 'my-plan.txt', mimeType: 'text/plain', buffer: Buffer.from(plan) });
  await expect(card.getByText(fileMessages.wrongType('handIn'))).toHaveCount(0);
  await card.getByRole('button', { name: 'Hand in' }).click();
  await expect(doneBadge(page, 'Your evacuation plan')).toBeVisible();
  await expect(card.getByRole('link', { name: 'my-plan.txt' })).toBeVisible();

  const lead = await browser.newPage();
  await openSignedIn(
    lead,
    LEAD,
    `/user-portal/team-dashboard?team=${learner.teamId}&memberSearch=${encodeURIComponent(learner.email)}`,
  );
  await lead
    .locator(`[data-member-card="${learner._id}"]`)
    .getByRole('button', { name: 'Transcript' })
    .click();
  const transcript = lead.getByRole('dialog').getByRole('table', { name: 'Transcript' });
  const link = transcript
    .getByRole('row', { name: new RegExp(setup.courseName) })
    .getByRole('link', { name: 'my-plan.txt' });
  await expect(link).toBeVisible();
  // The link opens the stored copy of what the learner handed in.
  const file = await lead.request.get((await link.getAttribute('href')) as string);
  expect(file.status()).toBe(200);
  expect(await file.text()).toBe(plan);
  await lead.close();
});

test('a timed quiz needs the network: offline the player says so, online the learner starts it, answers against the clock and sees the right answers of a full review only once they pass', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedCourse(request, id, learner._id, 'document');
  await changeQuiz(request, setup.quizId, { timeLimitMinutes: 5, review: 'full' });

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${setup.courseId}`);
  await waitForServiceWorker(page);
  const panel = page.getByRole('region', { name: 'Offline use' });
  await panel.getByRole('button', { name: 'Keep offline' }).click();
  await expect(panel).toContainText('Kept on this device: 1 file');

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: setup.courseName })).toBeVisible();
  await page.getByRole('button', { name: `Next: ${setup.quizName}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: learningMessages.timedQuizNeedsNetwork }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeDisabled();

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await answerQuiz(page, false);
  const failed = page.getByRole('status').filter({ hasText: 'Not passed' });
  await expect(failed).toContainText('2 attempts left.');
  await expect(failed).toContainText('The right answers show once you pass or have no attempts left.');
  await expect(page.getByText('Wrong', { exact: true })).toHaveCount(2);
  await expect(page.getByText(/^Right answer:/)).toHaveCount(0);

  await closeToasts(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await answerQuiz(page, true);
  const passed = page.getByRole('status').filter({ hasText: 'Passed' });
  await expect(passed).toContainText('Score 100%');
  await expect(page.getByText('Right', { exact: true })).toHaveCount(2);

  const { quiz } = await learnerRecords(request, learner, setup);
  expect(quiz.attempts.map((attempt) => attempt.passed)).toEqual([false, true]);
});
