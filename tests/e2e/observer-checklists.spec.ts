import { expect, type Page, test } from '@playwright/test';
import { checklistRecordMessages, checklistRecordPaths } from '../../contract/checklists/records.ts';
import { openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { apiAs, assignedChecklist, checklistOnServer, PHOTO } from './support/checklists.ts';
import { newLearner } from './support/learning.ts';
import { SYNCED } from './support/outbox.ts';
import { PHONE } from './support/responsive.ts';

test.use(PHONE);

const WAITING = 'Waiting to be sent';
const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const item = (page: Page, title: string) => page.getByRole('article', { name: title });

const SIGN = 'Operates the forklift under supervision';
const RATE = 'Safe to operate alone';
const TICK = 'Sets up the workstation';

test('a named observer finds the learner from My Dashboard, signs off with a note and a photo, rates, and withdraws their sign-off with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const id = run();
  const learner = await newLearner(request, id);
  const observer = await newLearner(request, `${id}o`);
  const setup = await assignedChecklist(
    request,
    id,
    learner._id,
    [
      { title: TICK, type: 'learnerTick' },
      { title: SIGN, type: 'observerSignOff' },
      { title: RATE, type: 'rating' },
    ],
    [observer._id],
  );

  await openSignedIn(page, observer, '/user-portal/user-dashboard');
  await page.getByRole('link', { name: 'Checklists you observe (1)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checklists you observe' })).toBeVisible();
  const card = page.getByRole('article', { name: setup.checklistTitle });
  await expect(card.getByRole('progressbar', { name: `${learner.name} progress: 0%` })).toBeAttached();
  await card.getByRole('link', { name: learner.name }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${setup.checklistTitle}: ${learner.name}` }),
  ).toBeVisible();
  // The learner's own tick is not the observer's to record.
  await expect(item(page, TICK).getByRole('button')).toHaveCount(0);

  const sign = item(page, SIGN);
  await sign.getByRole('button', { name: 'Sign off' }).click();
  const dialog = page.getByRole('dialog', { name: `Sign off: ${SIGN}` });
  await dialog.getByLabel('Note').fill('Drove the course twice without a fault.');
  await dialog.locator('input[type="file"]').setInputFiles(PHOTO);
  await dialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const history = sign.getByRole('list', { name: 'History' });
  await expect(history).toContainText(`Signed off by ${observer.name} (observer)`);
  await expect(history).toContainText('Drove the course twice without a fault.');
  await expect(history.getByRole('button', { name: PHOTO.name })).toBeVisible();

  const rate = item(page, RATE);
  await rate.getByRole('button', { name: 'Not yet competent' }).click();
  await page
    .getByRole('dialog', { name: `Not yet competent: ${RATE}` })
    .getByRole('button', { name: 'Not yet competent' })
    .click();
  await expect(rate.getByText('Not yet competent', { exact: true }).first()).toBeVisible();
  await expect(rate.getByRole('list', { name: 'History' })).toContainText(
    `Rated not yet competent by ${observer.name} (observer)`,
  );

  await sign.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: `Withdraw: ${SIGN}` });
  await withdraw.getByLabel('Reason').fill('Signed the wrong learner');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw).toBeHidden();
  await expect(sign.getByText('Open', { exact: true })).toBeVisible();
  await expect(sign.getByRole('list', { name: 'History' })).toContainText('Reason: Signed the wrong learner');

  const held = await checklistOnServer(request, learner, setup.checklistId);
  expect(held.items.map((entry) => entry.state)).toEqual(['open', 'open', 'notYet']);
  expect(held.items[1]?.history.map((record) => [record.action, record.by.role])).toEqual([
    ['withdraw', 'observer'],
    ['done', 'observer'],
  ]);
});

test('a user named observer of nothing sees so, and the observer screen of a checklist they do not observe is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const id = run();
  const learner = await newLearner(request, id);
  const stranger = await newLearner(request, `${id}s`);
  const setup = await assignedChecklist(request, id, learner._id, [{ title: SIGN, type: 'observerSignOff' }]);

  await openSignedIn(page, stranger, '/user-portal/observing');
  await expect(page.getByText('You are not named observer of any checklist.')).toBeVisible({
    timeout: 20_000,
  });
  const api = await apiAs(request, stranger);
  await api.get(checklistRecordPaths.observedChecklist(setup.checklistId, learner._id), 403);
  await page.goto(`/user-portal/observing/${setup.checklistId}/${learner._id}`);
  await expect(page.getByText(checklistRecordMessages.notObserver)).toBeVisible({ timeout: 20_000 });
});

test('offline, the observer’s sign-off with a photo waits on the phone across a reload and reaches the server once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = run();
  const learner = await newLearner(request, id);
  const observer = await newLearner(request, `${id}o`);
  const setup = await assignedChecklist(
    request,
    id,
    learner._id,
    [{ title: SIGN, type: 'observerSignOff' }],
    [observer._id],
  );
  const title = `${setup.checklistTitle}: ${learner.name}`;

  // Seen once online, so it opens from the device offline.
  await openSignedIn(page, observer, `/user-portal/observing/${setup.checklistId}/${learner._id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });

  const sign = item(page, SIGN);
  await sign.getByRole('button', { name: 'Sign off' }).click();
  const dialog = page.getByRole('dialog', { name: `Sign off: ${SIGN}` });
  await dialog.getByLabel('Note').fill('Watched from the loading bay.');
  await dialog.locator('input[type="file"]').setInputFiles(PHOTO);
  await dialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(sign.getByText(WAITING)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  const waiting = item(page, SIGN).getByRole('list', { name: 'Waiting on this device' });
  await expect(waiting).toContainText('Watched from the loading bay.');
  await expect(waiting).toContainText(`${PHOTO.name}: kept on this device until it is uploaded`);
  expect((await checklistOnServer(request, learner, setup.checklistId)).items[0]?.history).toHaveLength(0);

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 30_000 });
  await expect(item(page, SIGN).getByRole('list', { name: 'History' })).toContainText(
    `Signed off by ${observer.name} (observer)`,
  );

  const held = await checklistOnServer(request, learner, setup.checklistId);
  expect(held.items[0]?.history).toHaveLength(1);
  expect(held.items[0]?.current?.fileName).toBe(PHOTO.name);
  expect(held.items[0]?.state).toBe('done');
});
