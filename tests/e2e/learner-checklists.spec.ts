import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { assignedChecklist, checklistOnServer, PHOTO } from './support/checklists.ts';
import { newLearner } from './support/learning.ts';
import { SYNCED } from './support/outbox.ts';
import { PHONE } from './support/responsive.ts';

test.use(PHONE);

const WAITING = 'Waiting to be sent';
const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const item = (page: Page, title: string) => page.getByRole('article', { name: title });

const ITEMS = [
  { title: 'Has read the site safety rules', type: 'learnerTick', instructions: 'Read them in the canteen.' },
  { title: 'Where is the first aid kit kept?', type: 'writtenAnswer' },
  { title: 'Photo of the nearest fire point', type: 'evidence' },
  { title: 'Operates the forklift under supervision', type: 'observerSignOff' },
] as const;

/** Closes the toasts on screen: on a phone they cover the buttons at the top of the page. */
async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++)
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
}

test('the learner opens a checklist from My Dashboard, ticks, answers, uploads evidence and withdraws a tick, and sees who did what', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedChecklist(request, id, learner._id, [...ITEMS]);

  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  const section = page.getByRole('region', { name: 'Checklists' });
  await expect(
    section.getByRole('progressbar', { name: `${setup.checklistTitle} progress: 0%` }),
  ).toBeAttached({
    timeout: 20_000,
  });
  await section.getByRole('link', { name: setup.checklistTitle }).click();
  await expect(page.getByRole('heading', { level: 1, name: setup.checklistTitle })).toBeVisible();
  await expect(page.getByText('0 of 4 done')).toBeVisible();

  const tick = item(page, ITEMS[0].title);
  await expect(tick.getByText('Read them in the canteen.')).toBeVisible();
  await expect(tick.getByText('Ticked by the learner · Required')).toBeVisible();
  await expect(tick.getByText('Open', { exact: true })).toBeVisible();
  // The observer's item is not the learner's to record.
  await expect(item(page, ITEMS[3].title).getByRole('button')).toHaveCount(0);

  await tick.getByRole('button', { name: 'Tick off' }).click();
  await expect(tick.getByText('Done', { exact: true })).toBeVisible();
  await expect(tick.getByRole('list', { name: 'History' })).toContainText(
    `Ticked by ${learner.name} (learner)`,
  );
  await closeToasts(page);

  const answer = item(page, ITEMS[1].title);
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.getByText('Write an answer.')).toBeVisible();
  await answer.getByLabel('Your answer').fill('In the canteen, by the door.');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.getByRole('list', { name: 'History' })).toContainText('In the canteen, by the door.');
  await closeToasts(page);

  const evidence = item(page, ITEMS[2].title);
  await expect(evidence.locator('input[type="file"]')).toHaveAttribute('accept', 'image/*,application/pdf');
  await evidence.locator('input[type="file"]').setInputFiles(PHOTO);
  await evidence.getByRole('button', { name: 'Upload evidence' }).click();
  const history = evidence.getByRole('list', { name: 'History' });
  await expect(history).toContainText(`Uploaded evidence by ${learner.name} (learner)`);
  // The evidence opens by its signed link in a new tab.
  const opened = page.waitForEvent('popup');
  await history.getByRole('button', { name: PHOTO.name }).click();
  const tab = await opened;
  await expect.poll(() => tab.url(), { timeout: 20_000 }).toContain('/api/v1/files/');
  await tab.close();
  await expect(page.getByText('3 of 4 done')).toBeVisible();
  await closeToasts(page);

  // The tick is taken back, with its reason kept in the history.
  await tick.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: `Withdraw: ${ITEMS[0].title}` });
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(dialog.getByText('Give a reason for withdrawing.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Ticked by mistake');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(dialog).toBeHidden();
  await expect(tick.getByText('Open', { exact: true })).toBeVisible();
  await expect(tick.getByRole('list', { name: 'History' })).toContainText('Reason: Ticked by mistake');
  await expect(page.getByText('2 of 4 done')).toBeVisible();

  // The course holding it opens in the player on the checklist.
  await page.getByRole('link', { name: setup.courseName }).click();
  await expect(page.getByRole('heading', { level: 2, name: setup.checklistTitle })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByRole('navigation', { name: 'Course outline' }).getByText('Checklist · 2 of 4 items done'),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: setup.checklistTitle })).toBeVisible();

  // My Dashboard counts what was done.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'My Dashboard' })
    .click();
  await expect(
    page.getByRole('region', { name: 'Checklists' }).getByRole('progressbar', {
      name: `${setup.checklistTitle} progress: 50%`,
    }),
  ).toBeAttached({ timeout: 20_000 });

  const held = await checklistOnServer(request, learner, setup.checklistId);
  expect(held.items.map((entry) => entry.state)).toEqual(['open', 'done', 'done', 'open']);
  expect(held.items[0]?.history.map((record) => record.action)).toEqual(['withdraw', 'done']);
  expect(held.items[1]?.current?.note).toBe('In the canteen, by the door.');
  expect(held.items[2]?.current?.fileName).toBe(PHOTO.name);
});

test('offline, a tick and evidence wait to be sent across a reload, and reach the server once when the connection is back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedChecklist(request, id, learner._id, [...ITEMS]);

  // My Dashboard and the checklist seen once online, so they open from the device offline.
  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  await page
    .getByRole('region', { name: 'Checklists' })
    .getByRole('link', { name: setup.checklistTitle })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: setup.checklistTitle })).toBeVisible();
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: setup.checklistTitle })).toBeVisible({
    timeout: 20_000,
  });

  const tick = item(page, ITEMS[0].title);
  await tick.getByRole('button', { name: 'Tick off' }).click();
  await expect(tick.getByText(WAITING)).toBeVisible();
  await expect(tick.getByText('Done', { exact: true })).toBeVisible();
  const evidence = item(page, ITEMS[2].title);
  await evidence.locator('input[type="file"]').setInputFiles(PHOTO);
  await evidence.getByRole('button', { name: 'Upload evidence' }).click();
  await expect(evidence.getByText(WAITING)).toBeVisible();
  await expect(page.getByText('2 of 4 done')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: setup.checklistTitle })).toBeVisible({
    timeout: 20_000,
  });
  await expect(item(page, ITEMS[0].title).getByText(WAITING)).toBeVisible();
  await expect(item(page, ITEMS[2].title).getByText(WAITING)).toBeVisible();
  // The evidence chosen offline waits on the device, named, until it is uploaded.
  await expect(
    item(page, ITEMS[2].title)
      .getByRole('list', { name: 'Waiting on this device' })
      .getByText(`${PHOTO.name}: kept on this device until it is uploaded`),
  ).toBeVisible();
  expect((await checklistOnServer(request, learner, setup.checklistId)).done).toBe(0);

  // My Dashboard, from the device, counts the work waiting and says so.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'My Dashboard' })
    .click();
  const card = page
    .getByRole('region', { name: 'Checklists' })
    .getByRole('article', { name: setup.checklistTitle });
  await expect(card.getByRole('progressbar', { name: `${setup.checklistTitle} progress: 50%` })).toBeAttached(
    {
      timeout: 20_000,
    },
  );
  await expect(card.getByText(WAITING)).toBeVisible();
  await card.getByRole('link', { name: setup.checklistTitle }).click();
  await expect(page.getByRole('heading', { level: 1, name: setup.checklistTitle })).toBeVisible();

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(SYNCED)).toBeVisible({ timeout: 30_000 });
  await expect(item(page, ITEMS[0].title).getByText(WAITING)).toBeHidden();
  await expect(item(page, ITEMS[2].title).getByRole('list', { name: 'Waiting on this device' })).toBeHidden();
  await expect(item(page, ITEMS[0].title).getByRole('list', { name: 'History' })).toContainText(
    `Ticked by ${learner.name} (learner)`,
  );

  const held = await checklistOnServer(request, learner, setup.checklistId);
  expect(held.items[0]?.history).toHaveLength(1);
  expect(held.items[2]?.history).toHaveLength(1);
  expect(held.items[2]?.current?.fileName).toBe(PHOTO.name);
  expect(held.done).toBe(2);
});

test('in the course player, the checklist shows its items in the outline and the learner ticks one there', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await assignedChecklist(request, id, learner._id, [ITEMS[0], ITEMS[3]]);

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${setup.courseId}`);
  const outline = page.getByRole('navigation', { name: 'Course outline' });
  await expect(outline.getByText('Checklist · 0 of 2 items done')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: setup.checklistTitle })).toBeVisible();
  const tick = item(page, ITEMS[0].title);
  await tick.getByRole('button', { name: 'Tick off' }).click();
  await expect(tick.getByText('Done', { exact: true })).toBeVisible();
  await expect(outline.getByText('Checklist · 1 of 2 items done')).toBeVisible();
  await expect(page.getByText('1 of 2 done')).toBeVisible();
});
