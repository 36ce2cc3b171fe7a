import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { CourseDetail } from '../../contract/courses/resource.ts';
import { type Api, apiAs, createUser } from './support/account-control.ts';
import { ADMIN, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { waitForCacheWrite } from './support/outbox.ts';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

// A learner's side of the user portal: My Dashboard with what is assigned and suggested to them, and
// Training Resources with the courses their permission scope lets them see, searched, filtered by
// category and paged. Everything is made for this run through the administrator's API, under names
// no seeded record shares.

const run = Date.now().toString(36);
const LEARNER = { email: `learner.${run}@example.com`, password: 'learner1' };
const DASHBOARD = '/user-portal/user-dashboard';
const TRAINING = '/user-portal/learning-process/training';

const names = {
  assigned: `Forklift basics ${run}`,
  suggested: `Ladder safety ${run}`,
  elsewhere: `Warehouse tour ${run}`,
  hidden: `Board briefing ${run}`,
  training: `Yard onboarding ${run}`,
  advice: `Good to know ${run}`,
  category: `Yard ${run}`,
  otherCategory: `Office ${run}`,
};

/** A day `days` from today, as the API takes a deadline. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function setUp(api: Api) {
  const learner = await createUser(api, { ...LEARNER, firstName: 'Lee', lastName: `Learner ${run}` });
  const other = await createUser(api, {
    email: `other.${run}@example.com`,
    password: 'other123',
    firstName: 'Oli',
    lastName: `Other ${run}`,
  });
  const category = await api.post<{ _id: string }>('/course-category', { name: names.category });
  const otherCategory = await api.post<{ _id: string }>('/course-category', { name: names.otherCategory });
  const course = (
    name: string,
    categoryId: string,
    scope: Record<string, unknown> = { permission: 'none' },
  ) =>
    api.post<CourseDetail>('/course', {
      name,
      courseCategoryId: categoryId,
      description: `What ${name} covers.`,
      // Taken at a link: a course with nothing in its outline needs one to be assigned.
      externalLink: 'https://learn.example.org/portal',
      externalTitle: `${name} on Learn`,
      ...scope,
    });
  const assigned = await course(names.assigned, category._id);
  const suggested = await course(names.suggested, category._id);
  await course(names.elsewhere, otherCategory._id);
  // Only the other user may see this one.
  await course(names.hidden, category._id, { permission: 'user', permissionIds: [other._id] });
  const assign = (title: string, kind: string, courseId: string) =>
    api.post('/course-assignment', {
      title,
      kind,
      assigneeKind: 'users',
      assigneeIds: [learner._id],
      courseIds: [courseId],
      deadline: dayFrom(10),
    });
  await assign(names.training, 'assigned', assigned._id);
  await assign(names.advice, 'suggested', suggested._id);
}

test.beforeAll(async ({ request }) => {
  await setUp(await apiAs(request, ADMIN));
});

/** Serious or critical axe findings on the page as it is. */
async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name });

/** A select's input, however the select names its role. */
const field = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .or(page.getByRole('textbox', { name, exact: true }))
    .first();

test('My Dashboard shows the assigned course with its state and opens it in the player', async ({ page }) => {
  await openSignedIn(page, LEARNER, DASHBOARD);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the User Portal.' })).toBeVisible();

  const assigned = page.getByRole('region', { name: 'Assigned training' });
  const training = card(assigned, names.training);
  await expect(training).toBeVisible();
  await expect(training).toContainText(names.assigned);
  await expect(training).toContainText('Not started');
  await expect(training).toContainText('Deadline:');
  // At 0% the bar's filled part has no width, so it is found by its name and value, not seen.
  await expect(training.getByRole('progressbar', { name: `${names.assigned} progress: 0%` })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  // Suggested training is a section apart; nothing of theirs is completed, so nothing expires.
  const suggested = page.getByRole('region', { name: 'Suggested training' });
  await expect(card(suggested, names.advice)).toContainText(names.suggested);
  await expect(assigned).not.toContainText(names.suggested);
  await expect(page.getByRole('region', { name: 'Expiring soon' })).toContainText(
    'None of your completed courses expires in the next 30 days.',
  );

  await training.getByRole('link', { name: `Open course ${names.assigned}` }).click();
  await expect(page).toHaveURL(/\/user-portal\/learning-process\/course\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name: names.assigned })).toBeVisible();
});

test('Training Resources searches, filters by category and pages, without courses outside the scope', async ({
  page,
}) => {
  await openSignedIn(page, LEARNER, TRAINING);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the training Page.' })).toBeVisible();
  const courses = page.getByRole('region', { name: 'Courses' }).getByRole('article');

  await page.getByRole('searchbox', { name: 'Search' }).fill(run);
  await expect(page).toHaveURL(new RegExp(`search=${run}`));
  await expect(courses).toHaveCount(3);
  await expect(card(page, names.assigned)).toContainText('Assigned to you');
  await expect(card(page, names.assigned)).toContainText(names.category);
  await expect(card(page, names.suggested)).toContainText(`What ${names.suggested} covers.`);
  await expect(card(page, names.elsewhere)).toContainText('Not started');
  await expect(page.getByText(names.hidden)).toHaveCount(0);

  // The category filter, kept in the address.
  const category = field(page, 'Category');
  await category.click();
  await category.fill(names.otherCategory);
  await page.getByRole('option', { name: names.otherCategory, exact: true }).click();
  await expect(page).toHaveURL(/category=[0-9a-f-]{36}/);
  await expect(courses).toHaveCount(1);
  await expect(card(page, names.elsewhere)).toBeVisible();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(courses).toHaveCount(3);

  // Two a page: the third course is on the second.
  await field(page, 'Courses per page').click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await expect(courses).toHaveCount(2);
  await expect(page.getByText('1-2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(courses).toHaveCount(1);
  await expect(page.getByText('3-3 of 3')).toBeVisible();
  // Sorted by name: Forklift, Ladder, then Warehouse.
  await expect(card(page, names.elsewhere)).toBeVisible();

  // The address brings the same page back.
  await page.reload();
  await expect(courses).toHaveCount(1);
  await expect(card(page, names.elsewhere)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(run);

  await card(page, names.elsewhere)
    .getByRole('link', { name: `Open course ${names.elsewhere}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: names.elsewhere })).toBeVisible();
});

test('offline, My Dashboard and a Training Resources page seen before show from the device', async ({
  page,
  context,
}) => {
  await openSignedIn(page, LEARNER, DASHBOARD);
  await waitForServiceWorker(page);
  await expect(card(page, names.training)).toBeVisible();
  await page.goto(`${TRAINING}?search=${run}`);
  await expect(card(page, names.assigned)).toBeVisible();
  await waitForCacheWrite(page);

  await context.setOffline(true);
  await page.goto(DASHBOARD);
  await expect(card(page, names.training)).toContainText(names.assigned);
  await expect(page.getByText(/^Showing data saved on .+\. You are offline\.$/)).toBeVisible();

  await page.goto(`${TRAINING}?search=${run}`);
  await expect(page.getByRole('region', { name: 'Courses' }).getByRole('article')).toHaveCount(3);
  await expect(page.getByText(/^Showing data saved on .+\. You are offline\.$/)).toBeVisible();
  // A search never made online was not saved, and says so.
  await page.goto(`${TRAINING}?search=nothing-saved-${run}`);
  await expect(page.getByText('This page has not been saved for offline use yet.')).toBeVisible();
  await context.setOffline(false);
});

for (const [size, device] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`on a ${size}`, () => {
    test.use(device);

    test(`My Dashboard and Training Resources fit and pass axe (${size})`, async ({ page }) => {
      await openSignedIn(page, LEARNER, DASHBOARD);
      await expect(card(page, names.training)).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await axeFindings(page)).toEqual([]);

      await page.goto(`${TRAINING}?search=${run}`);
      await expect(card(page, names.assigned)).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await axeFindings(page)).toEqual([]);
    });
  });
}
