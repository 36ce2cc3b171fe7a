import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { learnerCountText } from '../../contract/course-assignments/course-learners.ts';
import type { CourseDetail } from '../../contract/courses/resource.ts';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

// A course's screen says how many learners have it through assignments, linking to them, and its
// Assign opens Add Assignment with the course chosen.

const run = Date.now().toString(36);
type Named = { _id: string; name: string };

async function adminApi(request: APIRequestContext) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  return {
    /** A course of its own, taken at its link, so it can be assigned and nothing else counts it. */
    async course(name: string) {
      const category = await request.post(`${API_BASE}/course-category`, {
        headers,
        data: { name: `Learner counts ${name}` },
      });
      expect(category.status(), await category.text()).toBe(201);
      const categoryId = ((await category.json()) as ApiSuccess<{ _id: string }>).results._id;
      const created = await request.post(`${API_BASE}/course`, {
        headers,
        data: {
          name,
          courseCategoryId: categoryId,
          permission: 'none',
          externalLink: 'https://learn.example.org/height',
          externalTitle: 'Height course',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as ApiSuccess<CourseDetail>).results._id;
    },
    async users() {
      const response = await request.get(`${API_BASE}/course-assignment/assignee-options`, {
        headers,
        params: { kind: 'users', limit: 20 },
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as ApiSuccess<Paged<Named>>).results.data;
    },
    async assign(title: string, courseId: string, userIds: string[]) {
      const response = await request.post(`${API_BASE}/course-assignment`, {
        headers,
        data: { title, courseIds: [courseId], assigneeKind: 'users', assigneeIds: userIds },
      });
      expect(response.status(), await response.text()).toBe(201);
    },
  };
}

const field = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .or(page.getByRole('textbox', { name, exact: true }))
    .first();

const learnersPanel = (page: Page) => page.getByRole('region', { name: 'Learners' });
/** A row of the list, by its Edit button (a phone stacks the columns into one cell). */
const rowOf = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${title}`, exact: true }) });

for (const [size, options] of [
  ['desktop', {}],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${size}`, () => {
    test.use(options);

    test("Assign opens Add Assignment with the course chosen; the learner count leads to the course's assignments", async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const api = await adminApi(request);
      const name = `Working at height ${size} ${run}`;
      const courseId = await api.course(name);
      const [first, second, third] = await api.users();
      if (!first || !second || !third) throw new Error('The seed has enabled users');
      const coursePath = `/app/content-management/courses/edit/${courseId}`;

      await openSignedIn(page, ADMIN, coursePath);
      await expect(learnersPanel(page)).toContainText('No learner has this course yet', { timeout: 20_000 });
      await expectNoSidewaysScroll(page);

      // Assign: the form opens with the course chosen; a title and a learner are all it needs.
      await learnersPanel(page).getByRole('link', { name: 'Assign' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add Assignment' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/assignments/add\\?course=${courseId}`));
      await expect(page.getByText(name, { exact: true })).toBeVisible({ timeout: 20_000 });
      const title = `Height ${size} ${run}`;
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      const users = field(page, 'Users');
      await users.click();
      await users.fill(first.name);
      await page.getByRole('option', { name: first.name, exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Training '${title}' created.`)).toBeVisible();

      // One assignment: the count opens it.
      await page.goto(coursePath);
      const one = learnersPanel(page).getByRole('link', {
        name: `${learnerCountText(1)} through 1 assignment`,
      });
      await expect(one).toBeVisible({ timeout: 20_000 });
      await one.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Assignment' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);

      // Two: the count opens the list filtered to the course, which names it.
      const other = `Height again ${size} ${run}`;
      await api.assign(other, courseId, [first._id, second._id, third._id]);
      await page.goto(coursePath);
      const both = learnersPanel(page).getByRole('link', {
        name: `${learnerCountText(3)} through 2 assignments`,
      });
      await expect(both).toBeVisible({ timeout: 20_000 });
      await both.click();
      await expect(page).toHaveURL(new RegExp(`/assignments\\?.*course=${courseId}`));
      await expect(field(page, 'Course')).toHaveValue(name, { timeout: 20_000 });
      await expect(rowOf(page, title)).toBeVisible();
      await expect(rowOf(page, other)).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(3);
      await expectNoSidewaysScroll(page);
      // From the filtered list, a row opens its assignment.
      await page.getByRole('button', { name: `Edit ${other}`, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Assignment' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(other);
    });
  });
}
