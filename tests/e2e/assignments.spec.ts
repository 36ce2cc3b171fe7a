import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { courseAssignmentMessages as m } from '../../contract/course-assignments/resource.ts';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const LIST = '/app/content-management/assignments';
const run = Date.now().toString(36);

type Named = { _id: string; name: string };

/** The administrator's API: a user group of its own and two enabled users to put in it. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post(`${API_BASE}/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async group(name: string) {
      const response = await request.post(`${API_BASE}/user-group`, { headers, data: { name } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as ApiSuccess<{ _id: string }>).results._id;
    },
    async users() {
      const response = await request.get(`${API_BASE}/course-assignment/assignee-options`, {
        headers,
        params: { kind: 'users', limit: 20 },
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as ApiSuccess<Paged<Named>>).results.data;
    },
    async join(groupId: string, userId: string) {
      const response = await request.post(`${API_BASE}/user-group/edit`, {
        headers,
        data: { groupId, userIds: [userId], action: 'create' },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

/** A select's input, however the select names its role. */
const field = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .or(page.getByRole('textbox', { name, exact: true }))
    .first();

async function pick(page: Page, label: string, search: string, option: string = search) {
  const input = field(page, label);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** A day `days` from today (UTC, as the server counts), as the app shows it. */
function shownDay(days: number) {
  const day = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
    new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()),
  );
}

const rowOf = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

test('an administrator assigns a course to a user group; a later joiner gets their own deadline; the list copies and deletes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const groupName = `Recertified ${run}`;
  const groupId = await api.group(groupName);
  const [early, late] = await api.users();
  if (!early || !late) throw new Error('The seed has enabled users');
  await api.join(groupId, early._id);

  await openSignedIn(page, ADMIN, `${LIST}/add`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Assignment' })).toBeVisible();

  // The contract's messages first.
  await page.getByRole('radio', { name: 'User groups' }).check();
  await page.getByRole('radio', { name: 'Within days of being assigned' }).check();
  await page.getByRole('radio', { name: 'Dynamic (time passed)' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(m.titleRequired)).toBeVisible();
  await expect(page.getByText(m.groupsRequired)).toBeVisible();
  await expect(page.getByText(m.coursesRequired)).toBeVisible();
  await expect(page.getByText(m.dueWithinDaysInvalid)).toBeVisible();
  await expect(page.getByText(m.expiryUnitRequired)).toBeVisible();

  const title = `Annual first aid ${run}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await pick(page, 'User groups', groupName);
  await pick(page, 'Courses', 'First Aid', 'First Aid Basics');
  await page.getByRole('textbox', { name: 'Days after being assigned' }).fill('30');
  await page.getByRole('textbox', { name: 'Expires after' }).fill('1');
  await field(page, 'Unit').click();
  await page.getByRole('option', { name: 'years', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Training '${title}' created.`)).toBeVisible();

  // The list shows it with its learner counted.
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  await expect(page).toHaveURL(/search=/);
  const row = rowOf(page, title);
  await expect(row).toContainText('Assigned');
  await expect(row).toContainText('User groups');
  await expect(row).toContainText('Within 30 days');
  const counts = async () =>
    (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim()).slice(4, 9);
  await expect.poll(counts).toEqual(['1', 'Within 30 days', '1', '0', '0']);

  // A user who joins the group later is assigned from the day they join.
  await api.join(groupId, late._id);
  await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Assignment' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'User groups' })).toBeChecked();
  await expect(page.getByText(groupName, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Days after being assigned' })).toHaveValue('30');
  await expect(page.getByRole('textbox', { name: 'Expires after' })).toHaveValue('1');
  await expect(field(page, 'Unit')).toHaveValue('years');
  const learners = page.getByRole('table', { name: 'Learners' });
  const lateRow = learners.getByRole('row').filter({ hasText: late.name });
  await expect(lateRow).toContainText(shownDay(30));
  await expect(lateRow).toContainText('First Aid Basics: Not started');
  await expect(learners.getByRole('row').filter({ hasText: early.name })).toBeVisible();

  // An unchanged update keeps it; the list counts the later joiner.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`Training '${title}' updated.`)).toBeVisible();
  await page.goto(`${LIST}?search=${encodeURIComponent(title)}`);
  await expect.poll(counts).toEqual(['1', 'Within 30 days', '2', '0', '0']);

  // Duplicated from its row, then the copy deleted from its row.
  await page.getByRole('button', { name: `Duplicate ${title}`, exact: true }).click();
  await expect(page.getByText(m.trainingDuplicated)).toBeVisible();
  const copyTitle = `${title} (copy)`;
  await expect(rowOf(page, copyTitle)).toBeVisible();
  await page.getByRole('button', { name: `Delete ${copyTitle}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`Training '${copyTitle}' deleted.`)).toBeVisible();
  await expect(rowOf(page, copyTitle)).toHaveCount(0);

  // The original selected and deleted with the bulk action.
  await rowOf(page, title).getByRole('checkbox').check();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulk).toContainText('1 selected');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No assignment found.')).toBeVisible();
});

test('the list filters by learner and team in the address, and the screens fit a phone', async ({ page }) => {
  await page.setViewportSize(PHONE.viewport);
  await openSignedIn(page, ADMIN, LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  const team = field(page, 'Team');
  await team.click();
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/team=/);
  await page.getByRole('textbox', { name: 'Learner name' }).fill('zz-nobody-by-this-name');
  await expect(page).toHaveURL(/fullName=zz-nobody/);
  await expect(page.getByText('No assignment found.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto(`${LIST}/add`);
  await page.getByRole('radio', { name: 'Within days of being assigned' }).check();
  await page.getByRole('radio', { name: 'Dynamic (time passed)' }).check();
  await expect(page.getByRole('textbox', { name: 'Expires after' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
