import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './support/account-control.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { assignedCourse, type Learner, newLearner } from './support/learning.ts';
import { PHONE } from './support/responsive.ts';

// On a phone: the player's breadcrumb leads back to where the course was opened from, and the
// portal's menu offers Team Dashboard only to who leads a team. Everything is made for this run.

test.use(PHONE);

const run = `brd${Date.now().toString(36)}`;
const TRAINING = '/user-portal/learning-process/training';
let learner: Learner;
let courseName: string;
let quizName: string;

test.beforeAll(async ({ request }) => {
  learner = await newLearner(request, run);
  ({ courseName, quizName } = await assignedCourse(request, run, learner._id, 'document'));
  // Two courses sorted before it under the same search, so two a page puts it on page 2.
  const admin = await apiAs(request, ADMIN);
  const categories = await admin.get<{ data: { _id: string }[] }>('/course-category/info?limit=10');
  for (const name of [`Alarm points ${run}`, `Buddy system ${run}`])
    await admin.post('/course', { name, courseCategoryId: categories.data[0]?._id, permission: 'none' });
});

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

async function menuLinks(page: Page) {
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(menu.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
  return menu;
}

test('a course opened from My Dashboard leads back there', async ({ page }) => {
  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  await page.getByRole('link', { name: `Open course ${courseName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await expect(breadcrumb(page)).not.toContainText('Training Resources');
  await breadcrumb(page).getByRole('link', { name: 'My Dashboard' }).click();
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
  await expect(page.getByRole('link', { name: `Open course ${courseName}` })).toBeVisible();
});

test("a course's quiz opened from My Dashboard leads back there too", async ({ page }) => {
  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  await page.getByRole('link', { name: `Quiz: ${quizName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await breadcrumb(page).getByRole('link', { name: 'My Dashboard' }).click();
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
});

test('a course opened from Expiring soon on My Dashboard leads back there', async ({ page, request }) => {
  // A course taken at its link, assigned with an expiry ten days ahead and marked done: it expires soon.
  const admin = await apiAs(request, ADMIN);
  const categories = await admin.get<{ data: { _id: string }[] }>('/course-category/info?limit=10');
  // Named apart from the run, so the search by the run below still finds three courses.
  const name = `Refresher ${Math.random().toString(36).slice(2, 8)}`;
  const { _id: courseId } = await admin.post<{ _id: string }>('/course', {
    name,
    courseCategoryId: categories.data[0]?._id,
    permission: 'none',
    externalLink: 'https://learn.example.org/refresher',
    externalTitle: 'Refresher on Learn',
  });
  const expiry = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await admin.post('/course-assignment', {
    title: `Refresher training ${run}`,
    kind: 'assigned',
    courseIds: [courseId],
    assigneeKind: 'users',
    assigneeIds: [learner._id],
    expiryType: 'fixed',
    expiryDate: expiry,
  });
  const login = await request.post('/api/v1/login', {
    data: { email: learner.email, password: learner.password },
  });
  const { token } = ((await login.json()) as { results: { token: string } }).results;
  const marked = await request.post(`/api/v1/user-portal/course/${courseId}/mark-done`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { completionId: crypto.randomUUID() },
  });
  expect(marked.status(), await marked.text()).toBe(200);

  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  await page.getByRole('region', { name: 'Expiring soon' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await breadcrumb(page).getByRole('link', { name: 'My Dashboard' }).click();
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/);
});

test('a course opened from page 2 of a search in Training Resources leads back to that page and search', async ({
  page,
}) => {
  await openSignedIn(page, learner, `${TRAINING}?page=2&limit=2&search=${run}`);
  await page.getByRole('link', { name: `Open course ${courseName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  // Opening a lesson or quiz keeps the way back.
  await expect(page).toHaveURL(/item=/);
  await breadcrumb(page).getByRole('link', { name: 'Training Resources' }).click();
  await expect(page).toHaveURL(new RegExp(`${TRAINING}\\?.*page=2`));
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(run);
  await expect(page.getByText('3-3 of 3')).toBeVisible();
  await expect(page.getByRole('link', { name: `Open course ${courseName}` })).toBeVisible();
});

test('a direct link to a course leads to Training Resources', async ({ page }) => {
  await openSignedIn(page, learner, TRAINING);
  const open = page.getByRole('link', { name: `Open course ${courseName}` });
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Fire safety ${run}`);
  const href = await open.getAttribute('href');
  await page.goto(href?.split('?')[0] ?? '');
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await breadcrumb(page).getByRole('link', { name: 'Training Resources' }).click();
  await expect(page).toHaveURL(new RegExp(`${TRAINING}$`));
});

test('a learner who leads no team has no Team Dashboard in the menu, and its address says why; a lead has it', async ({
  page,
  browser,
}) => {
  await openSignedIn(page, learner, '/user-portal/user-dashboard');
  const menu = await menuLinks(page);
  await expect(menu.getByRole('button', { name: 'Learning Resources' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Team Dashboard' })).toHaveCount(0);
  await page.goto('/user-portal/team-dashboard');
  await expect(page.getByText('You do not lead a team yet. Teams you lead will appear here.')).toBeVisible();

  const lead = await browser.newPage({ viewport: PHONE.viewport, hasTouch: true, isMobile: true });
  await openSignedIn(lead, LEAD, '/user-portal/user-dashboard');
  const leadMenu = await menuLinks(lead);
  await leadMenu.getByRole('link', { name: 'Team Dashboard' }).click();
  await expect(lead.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeVisible();
  await lead.close();
});
