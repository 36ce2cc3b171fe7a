import { expect, type Page, test } from '@playwright/test';
import type { Paged } from '../../contract/envelope.ts';
import { type TeamDetail, type TeamMemberRow, type TeamOption, teamMessages } from '../../contract/teams.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { adminApi } from './support/admin-users.ts';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const LONG = { timeout: 20_000 };

test("a team's members are a paged, searchable list where an admin adds and removes users", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const run = Date.now().toString(36);
  // A team of its own with twelve members, so two pages of ten, whatever other tests do.
  const people = (await api.get<Paged<TeamOption>>('/team/team-lead/info?limit=15')).data;
  expect(people.length).toBe(15);
  const [lead, ...others] = people as [TeamOption, ...TeamOption[]];
  const members = others.slice(0, 12);
  const outsider = others[12] as TeamOption;
  const [level] = await api.lookup('/membership');
  const [group] = await api.lookup('/user-group/info');
  const [role] = await api.lookup('/role');
  const [course] = (await api.get<Paged<TeamOption>>('/team/course/info')).data;
  const title = `Night Crew ${run}`;
  const team = await api.post<TeamDetail>('/team', {
    title,
    teamName: `night-crew-${run}`,
    teamLeadId: [lead._id],
    teamMemberType: 'users',
    teamMembersIds: members.map((member) => member._id),
    assignableGroupId: [group?._id],
    assignableCoursesId: [course?._id],
    membershipRoleId: [role?._id],
    teamMembershipId: level?._id,
  });

  await openSignedIn(page, ADMIN, `/app/user-management/users-team/edit/${team._id}`);
  await expect(page.getByRole('heading', { name: 'Edit Team' })).toBeVisible(LONG);
  const table = page.getByRole('table', { name: 'Team members' });
  // The members are a list of their own, a page at a time, not a field of pills.
  await expect(page.getByText('1-10 of 12')).toBeVisible(LONG);
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('combobox', { name: 'Team Members' })).toHaveCount(0);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText('11-12 of 12')).toBeVisible(LONG);

  // Search by email.
  const email = (label: string) => /\(([^)]+)\)$/.exec(label)?.[1] as string;
  const someone = members[5] as TeamOption;
  await page.getByRole('searchbox', { name: 'Search members' }).fill(email(someone.label));
  await expect(page.getByText('1-1 of 1')).toBeVisible(LONG);
  await expect(table.getByRole('cell', { name: email(someone.label), exact: true })).toBeVisible();

  // Add a user through the picker.
  const picker = page.getByRole('combobox', { name: 'Add members' });
  await picker.click();
  await picker.fill(email(outsider.label));
  await page.getByRole('option', { name: outsider.label }).click();
  await picker.press('Escape');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, teamMessages.membersAdded)).toBeVisible(LONG);
  await page.getByRole('searchbox', { name: 'Search members' }).fill(email(outsider.label));
  const added = table.getByRole('cell', { name: email(outsider.label), exact: true });
  await expect(added).toBeVisible(LONG);

  // Remove them again, after confirming.
  const name = outsider.label.replace(/ \([^)]+\)$/, '');
  await table.getByRole('button', { name: `Remove ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Member' });
  await expect(dialog.getByText(`Remove ${name} from ${title}? Their account stays.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, teamMessages.membersRemoved)).toBeVisible(LONG);
  await expect(page.getByText('No member matches the search.')).toBeVisible(LONG);

  // The form's Update leaves the members as the list left them.
  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} B`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, `Team '${title} B' updated.`)).toBeVisible(LONG);
  const after = await api.get<Paged<TeamMemberRow>>(`/team/${team._id}/members?limit=50`);
  expect(after.data.map((row) => row._id).sort()).toEqual(members.map((member) => member._id).sort());
});

test("on a phone the team's members list keeps its search, pages and remove buttons", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, ADMIN, '/app/user-management/users-team');
  await page.getByRole('button', { name: 'Edit Growth Team' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Team' })).toBeVisible(LONG);
  await expect(page.getByText(/^1-10 of \d+$/)).toBeVisible(LONG);
  await expect(page.getByRole('searchbox', { name: 'Search members' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
