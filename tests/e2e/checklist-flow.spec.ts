import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import type { LearnerChecklist } from '../../contract/checklists/records.ts';
import type { Paged } from '../../contract/envelope.ts';
import type { PlayerCourse } from '../../contract/learning/resource.ts';
import { apiAs, createTeam, createUser, userId } from './support/account-control.ts';
import { ADMIN, LEAD, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { PHOTO, apiAs as sessionApi } from './support/checklists.ts';
import { memberList, SYNCED, waitForCacheWrite } from './support/outbox.ts';
import { PHONE } from './support/responsive.ts';

test.use(PHONE);

const WAITING = 'Waiting to be sent';
/** How an item names the photo kept in the outbox until it is uploaded. */
const KEPT = 'kept on this device until it is uploaded';
const TICK = 'Knows the evacuation route';
const SIGN_OFF = 'Drives the forklift under supervision';
const RATING = 'Safe to operate alone';

const ACTIVITIES = [
  { title: TICK, type: 'Ticked by the learner' },
  { title: SIGN_OFF, type: 'Signed off by the team lead' },
  { title: RATING, type: 'Competent / not yet competent' },
];

const phone = (browser: Browser) => browser.newContext({ ...PHONE });
const item = (page: Page, title: string) => page.getByRole('article', { name: title });

async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** The administrator's screens, on a phone: the checklist, its three activities, published from the list. */
async function buildChecklist(page: Page, title: string): Promise<string> {
  await openSignedIn(page, ADMIN, '/app/content-management/checklists/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Checklist' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Operating a forklift on the shop floor.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Checklist' })).toBeVisible({
    timeout: 20_000,
  });
  const checklistId = new URL(page.url()).pathname.split('/').at(-1) as string;
  for (const activity of ACTIVITIES) {
    await page.getByRole('button', { name: 'Add Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Activity' });
    await dialog.getByLabel('Activity Title').fill(activity.title);
    await choose(dialog, 'Activity Type', activity.type);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
  }
  await expect(page.getByText('3 activities, 3 required')).toBeVisible();
  await page.goto('/app/content-management/checklists');
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  const row = page.getByRole('table', { name: 'Checklists' }).getByRole('row').filter({ hasText: title });
  await row.getByRole('switch', { name: `Unpublished: ${title}` }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Publish' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(row.getByRole('switch', { name: `Published: ${title}` })).toBeVisible({ timeout: 20_000 });
  return checklistId;
}

/**
 * A learner alone in a team of their own that the lead leads, so the checklist of this test is the
 * only one their card counts (a member of the seed's teams holds the seed's checklists too).
 */
async function soleMember(request: APIRequestContext, run: string) {
  const admin = await apiAs(request, ADMIN);
  const user = {
    email: `flow.${run}@example.com`,
    password: 'learner12',
    firstName: 'Flo',
    lastName: `Driver${run}`,
  };
  const created = await createUser(admin, user);
  const teamTitle = `Forklift crew ${run}`;
  const team = await createTeam(admin, teamTitle, [await userId(admin, LEAD.email)], [created._id]);
  return {
    ...user,
    _id: created._id,
    name: `${user.firstName} ${user.lastName}`,
    teamId: team._id,
    teamTitle,
  };
}

/** A select's input, however the select names its role. */
const field = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .or(page.getByRole('textbox', { name, exact: true }))
    .first();

async function pick(page: Page, label: string, option: string) {
  const input = field(page, label);
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The course editor's outline: the checklist added beside lessons and quizzes. */
async function addToOutline(page: Page, courseId: string, title: string) {
  await page.goto(`/app/content-management/courses/edit/${courseId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Outline' })).toBeVisible({ timeout: 30_000 });
  await pick(page, 'Add Checklists', title);
  await page.getByRole('button', { name: 'Add to Outline' }).click();
  await expect(
    page.getByRole('list', { name: 'Course outline' }).getByTestId('outline-item').filter({ hasText: title }),
  ).toContainText('Checklist', { timeout: 30_000 });
}

/** Add Assignment: the course assigned to a team. */
async function assignToTeam(page: Page, assignment: string, team: string, course: string) {
  await page.goto('/app/content-management/assignments/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Assignment' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('textbox', { name: 'Title' }).fill(assignment);
  await page.getByRole('radio', { name: 'Teams' }).check();
  await pick(page, 'Teams', team);
  await pick(page, 'Courses', course);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Training '${assignment}' created.`)).toBeVisible({ timeout: 30_000 });
}

/** Signs an item off (or rates it competent) with a photo chosen from the device's files. */
async function signWithPhoto(page: Page, title: string, button: string, photo: string) {
  await item(page, title).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${button}: ${title}` });
  await dialog.getByLabel('Note').fill(`${button} on the night shift.`);
  await dialog.locator('input[type="file"]').first().setInputFiles({
    name: photo,
    mimeType: 'image/png',
    buffer: PHOTO.buffer,
  });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

test('a checklist built by the admin is ticked by the learner and signed off by the lead offline on a phone, and counts once', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const run = `${Date.now()}`;
  const learner = await soleMember(request, run);
  const title = `Forklift licence ${run}`;

  // The administrator builds the checklist, puts it in a course's outline and assigns the course to
  // the learner's team, on the screens (the course record itself is made through the API).
  const adminContext = await phone(browser);
  const adminPage = await adminContext.newPage();
  const checklistId = await buildChecklist(adminPage, title);
  const admin = await sessionApi(request, ADMIN);
  const categories = await admin.get<Paged<{ _id: string }>>('/course-category/info?limit=10');
  const courseName = `Forklift course ${run}`;
  const { _id: courseId } = await admin.post<{ _id: string }>('/course', {
    name: courseName,
    courseCategoryId: categories.data[0]?._id,
    permission: 'none',
  });
  await addToOutline(adminPage, courseId, title);
  await assignToTeam(adminPage, `Forklift training ${run}`, learner.teamTitle, courseName);
  await adminContext.close();

  // The learner ticks their own item.
  const learnerContext = await phone(browser);
  const learnerPage = await learnerContext.newPage();
  await openSignedIn(learnerPage, learner, `/user-portal/learning-process/checklist/${checklistId}`);
  await item(learnerPage, TICK).getByRole('button', { name: 'Tick off' }).click();
  await expect(item(learnerPage, TICK).getByRole('list', { name: 'History' })).toContainText('Ticked by', {
    timeout: 20_000,
  });
  await learnerContext.close();

  // The lead opens the member's checklist online once, so it is kept on the phone.
  const leadContext = await phone(browser);
  const page = await leadContext.newPage();
  const dashboard = `/user-portal/team-dashboard?team=${learner.teamId}&memberSearch=${encodeURIComponent(learner.email)}`;
  await openSignedIn(page, LEAD, dashboard);
  await waitForServiceWorker(page);
  const card = memberList(page).getByRole('article', { name: learner.name });
  await expect(card.getByRole('link', { name: 'Checklist Progress 0/1' })).toBeVisible({ timeout: 20_000 });
  await card.getByRole('link', { name: /Checklist Progress/ }).click();
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  await expect(item(page, TICK).getByText('Done', { exact: true })).toBeVisible();
  await waitForCacheWrite(page);

  // Offline: both items signed off with a photo, waiting to be sent, still there after a reload.
  await leadContext.setOffline(true);
  await signWithPhoto(page, SIGN_OFF, 'Sign off', 'aisle.png');
  await signWithPhoto(page, RATING, 'Competent', 'alone.png');
  for (const [name, photo] of [
    [SIGN_OFF, 'aisle.png'],
    [RATING, 'alone.png'],
  ] as const) {
    await expect(item(page, name).getByText(WAITING, { exact: true }).first()).toBeVisible();
    await expect(item(page, name).getByText(`${photo}: ${KEPT}`)).toBeVisible();
  }
  await expect(page.getByText('3 of 3 done')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Showing data saved on .+\. You are offline\.$/)).toBeVisible();
  await expect(item(page, SIGN_OFF).getByText(`aisle.png: ${KEPT}`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(item(page, RATING).getByText(`alone.png: ${KEPT}`)).toBeVisible();
  // The member's list of checklists opens offline too, from what the phone kept. The breadcrumb is
  // drawn again as the saved reads come back and their refreshes fail offline; a click that lands
  // on the link being replaced goes nowhere, so click again, as a person would.
  const membersChecklists = page.getByRole('heading', { level: 1, name: `${learner.name}: Checklists` });
  await expect(async () => {
    if (!(await membersChecklists.isVisible()))
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: `${learner.name}: Checklists` })
        .click({ timeout: 5_000 });
    await expect(membersChecklists).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(/^Showing data saved on .+\. You are offline\.$/)).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Open' }).click();
  await expect(item(page, SIGN_OFF).getByText(`aisle.png: ${KEPT}`)).toBeVisible({
    timeout: 20_000,
  });

  // Online again: the outbox sends both, once, and the screen shows the server's records.
  await leadContext.setOffline(false);
  await expect(page.getByText(SYNCED).first()).toBeVisible({ timeout: 60_000 });
  await expect(item(page, SIGN_OFF).getByRole('button', { name: 'aisle.png' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(item(page, RATING).getByRole('button', { name: 'alone.png' })).toBeVisible();
  await expect(page.getByText(WAITING)).toHaveCount(0);

  const lead = await sessionApi(request, LEAD);
  const stored = await lead.get<LearnerChecklist>(
    `/team/${learner.teamId}/member/${learner._id}/checklist/${checklistId}`,
  );
  expect(stored.completed).toBe(true);
  expect(stored.percent).toBe(100);
  for (const entry of stored.items) {
    expect(entry.state, entry.title).toBe('done');
    expect(entry.history, entry.title).toHaveLength(1);
  }
  expect(stored.items.map((entry) => entry.current?.fileName ?? null)).toEqual([
    null,
    'aisle.png',
    'alone.png',
  ]);

  // The member's checklist bar shows the server's figure, and the course is completed.
  // Back by the breadcrumb, without a reload: the answered records refreshed the member list.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Team Dashboard' })
    .click();
  await expect(
    memberList(page)
      .getByRole('article', { name: learner.name })
      .getByRole('link', { name: 'Checklist Progress 1/1' }),
  ).toBeVisible({ timeout: 20_000 });
  const learnerApi = await sessionApi(request, learner);
  const course = await learnerApi.get<PlayerCourse>(`/user-portal/course/${courseId}`);
  expect(course.progress.state).toBe('completed');
  expect(course.progress.completedAt).not.toBeNull();
  await leadContext.close();
});
