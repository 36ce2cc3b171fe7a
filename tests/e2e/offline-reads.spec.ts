import { expect, type Page, test } from '@playwright/test';
import type { Paged } from '../../contract/envelope.ts';
import type { TeamMemberCard } from '../../contract/team-dashboard.ts';
import {
  leadApi,
  memberList,
  openTeamDashboard,
  seedTeams,
  signInLeadWithWorker,
  waitForCacheWrite,
} from './support/outbox.ts';

const NOT_SAVED = 'This page has not been saved for offline use yet.';
const fullName = (card: { firstName: string; lastName: string }) => `${card.firstName} ${card.lastName}`;
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

/** Picks an option of one of the member list's selects. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('offline, a search and a sort over a saved member list are done on the saved members', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const { growth } = await seedTeams(api);
  const saved = (await api.get<Paged<TeamMemberCard>>(`/team/member-list/${growth._id}?page=1`)).data;
  const wanted = saved[5] as TeamMemberCard;

  await signInLeadWithWorker(page);
  await openTeamDashboard(page, growth._id);

  await context.setOffline(true);
  await page.reload();
  await expect(memberList(page).getByRole('article').first()).toBeVisible();

  // A search never made online is made on the device, over the saved first page, and says so.
  await searchBox(page).fill(wanted.lastName);
  await expect(page).toHaveURL(new RegExp(`memberSearch=${encodeURIComponent(wanted.lastName)}`));
  await expect(memberList(page).getByRole('article', { name: fullName(wanted) })).toBeVisible();
  const expected = saved.filter((card) =>
    [card.firstName, card.lastName, fullName(card), card.email].some((text) =>
      text.toLowerCase().includes(wanted.lastName.toLowerCase()),
    ),
  );
  await expect(memberList(page).getByRole('article')).toHaveCount(expected.length);
  await expect(
    page.getByText(/^You are offline\. Searched on this device among the \d+ of \d+ members/),
  ).toBeVisible();
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);

  // A sort too: Z to A puts the saved page's last name first.
  await searchBox(page).fill('');
  await choose(page, 'Sort by', 'Name (Z to A)');
  await expect(page).toHaveURL(/sort=descending/);
  await expect(memberList(page).getByRole('article').first()).toHaveAccessibleName(
    fullName(saved.at(-1) as TeamMemberCard),
  );
  await searchBox(page).fill('no-such-member-anywhere');
  await expect(
    memberList(page).getByText('No saved member matches. More members load when you are back online.'),
  ).toBeVisible();

  // A role is not on the saved cards: that filter says it needs a connection.
  await searchBox(page).fill('');
  await choose(page, 'Role', (await firstRoleName(page)) as string);
  await expect(page.getByText(/Role, Department and Location filters need a connection/)).toBeVisible();

  // Back online, the server answers the same filters.
  await context.setOffline(false);
  await expect(page.getByText(/need a connection/)).toHaveCount(0);
  await expect(page.getByText(/^You are offline/)).toHaveCount(0);
});

/** The first real choice of the Role filter (after 'All'), closing the list again. */
async function firstRoleName(page: Page) {
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  const name = await page.getByRole('option').nth(1).textContent();
  await page.keyboard.press('Escape');
  return name;
}

test('the member search and sort are kept in the address, through a reload and a member’s edit', async ({
  page,
  request,
}) => {
  const api = await leadApi(request);
  const { growth } = await seedTeams(api);
  const stamp = Date.now();
  const created = await api.postMultipart('/user-portal/add-user', {
    firstName: 'Kept',
    lastName: `Filter${stamp}`,
    email: `kept.filter.${stamp}@example.com`,
    password: 'secret12',
    confirmPassword: 'secret12',
    teamId: growth._id,
  });
  expect(created.status()).toBe(201);
  const name = `Kept Filter${stamp}`;

  await signInLeadWithWorker(page);
  await openTeamDashboard(page, growth._id);
  await searchBox(page).fill(`Filter${stamp}`);
  await choose(page, 'Sort by', 'Name (Z to A)');
  await expect(page).toHaveURL(
    new RegExp(`memberSearch=Filter${stamp}.*sort=descending|sort=descending.*memberSearch=Filter${stamp}`),
  );
  const card = memberList(page).getByRole('article', { name });
  await expect(memberList(page).getByRole('article')).toHaveCount(1);

  await page.reload();
  await expect(searchBox(page)).toHaveValue(`Filter${stamp}`);
  await expect(page.getByRole('combobox', { name: 'Sort by', exact: true })).toHaveValue('Name (Z to A)');
  await expect(memberList(page).getByRole('article')).toHaveCount(1);

  // Update & Close goes back to the dashboard naming only the team: the list is as it was left.
  await card.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Member' })).toBeVisible();
  await page.getByRole('button', { name: 'Update & Close' }).click();
  await expect(page).toHaveURL(new RegExp(`memberSearch=Filter${stamp}`));
  await expect(searchBox(page)).toHaveValue(`Filter${stamp}`);
  await expect(memberList(page).getByRole('article', { name })).toBeVisible();
  await expect(memberList(page).getByRole('article')).toHaveCount(1);

  // So does Cancel (back in history), and clearing the search clears it from the address.
  await card.getByRole('link', { name: `Edit ${name}` }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(searchBox(page)).toHaveValue(`Filter${stamp}`);
  await searchBox(page).fill('');
  await expect(page).not.toHaveURL(/memberSearch=/);
  await expect(page).toHaveURL(/sort=descending/);
});

test('a member’s views and the Team Activity opened once open offline, long after', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const { growth } = await seedTeams(api);
  const member = (await api.get<Paged<TeamMemberCard>>(`/team/member-list/${growth._id}?page=1`))
    .data[0] as TeamMemberCard;
  const transcript = await api.get<{ title: string }[]>(
    `/team/${growth._id}/member/${member._id}/transcript`,
  );
  expect(transcript.length).toBeGreaterThan(0);
  // The page's clock, so the test can let time pass without waiting for it.
  await page.clock.install();
  await signInLeadWithWorker(page);
  await openTeamDashboard(page, growth._id, fullName(member));

  const card = memberList(page).getByRole('article', { name: fullName(member) });
  const drawer = page.getByRole('dialog');
  const panel = page.getByRole('region', { name: 'Team Report' });
  const openEach = async () => {
    for (const view of ['Dashboard', 'Transcript', 'Activity', 'Attendance']) {
      await card.getByRole('button', { name: view }).click();
      await expect(drawer).toContainText(`${view}: ${fullName(member)}`);
      await expect(drawer.getByText(NOT_SAVED)).toHaveCount(0);
      await expect(drawer.getByRole('status')).toHaveCount(0);
      if (view === 'Transcript')
        await expect(drawer).toContainText((transcript[0] as { title: string }).title);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    await panel.getByRole('button', { name: 'Team Activity' }).click();
    const modal = page.getByRole('dialog', { name: 'Team Activity' });
    await expect(
      modal.getByRole('table', { name: 'Activity' }).or(modal.getByText('No activity yet.')),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  };
  await openEach();

  // The lead works on for a while before the connection goes: closed views are not forgotten.
  await page.clock.fastForward('10:00');
  await waitForCacheWrite(page);

  await context.setOffline(true);
  await page.reload();
  await expect(card).toBeVisible();
  await openEach();
  await context.setOffline(false);
});
