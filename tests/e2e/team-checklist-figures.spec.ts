import { expect, type Page, test } from '@playwright/test';
import { LEAD, openSignedIn } from './support/actions.ts';
import { PHONE } from './support/responsive.ts';

// The member cards' checklist bars and the 'most' and 'least' checklist sorts, on the seed's
// checklist records (the checklists of the Growth Team's courses, ticked and signed off).

type Card = {
  _id: string;
  firstName: string;
  lastName: string;
  checklistsCompleted: number;
  checklistsAssigned: number;
};

async function leadApi(page: Page) {
  const login = await page.request.post('/api/v1/login', { data: LEAD });
  const { results } = (await login.json()) as { results: { token: string } };
  const headers = { Authorization: `Bearer ${results.token}` };
  return async <T>(path: string) => {
    const response = await page.request.get(`/api/v1${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return ((await response.json()) as { results: T }).results;
  };
}

const checklistBar = (page: Page, card: Card) =>
  page
    .getByRole('region', { name: 'Team members' })
    .getByRole('article', { name: `${card.firstName} ${card.lastName}` })
    .getByRole('link', { name: /^Checklist Progress/ });

test("the lead's member cards show the checklists done from the records, and the checklist sorts order by them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE.viewport);
  const get = await leadApi(page);
  const teams = await get<{ data: { _id: string; title: string }[] }>('/team/team-lead');
  const growth = teams.data.find((team) => team.title === 'Growth Team')?._id as string;
  const most = (await get<{ data: Card[] }>(`/team/member-list/${growth}?limit=20&sort=most`)).data;
  const least = (await get<{ data: Card[] }>(`/team/member-list/${growth}?limit=20&sort=least`)).data;
  const [top, bottom] = [most[0] as Card, least[0] as Card];
  // The seed's history differs from member to member.
  expect(top.checklistsCompleted).toBeGreaterThan(bottom.checklistsCompleted);
  expect(top.checklistsAssigned).toBeGreaterThan(0);

  await openSignedIn(page, LEAD, `/user-portal/team-dashboard?team=${growth}&sort=most`);
  await expect(checklistBar(page, top)).toHaveText(
    `Checklist Progress${top.checklistsCompleted}/${top.checklistsAssigned}`,
    { timeout: 30_000 },
  );
  const firstCard = page.getByRole('region', { name: 'Team members' }).getByRole('article').first();
  await expect(firstCard).toHaveAccessibleName(`${top.firstName} ${top.lastName}`);

  await page.goto(`/user-portal/team-dashboard?team=${growth}&sort=least`);
  await expect(firstCard).toHaveAccessibleName(`${bottom.firstName} ${bottom.lastName}`, { timeout: 30_000 });
  await expect(checklistBar(page, bottom)).toHaveText(
    `Checklist Progress${bottom.checklistsCompleted}/${bottom.checklistsAssigned}`,
  );
});
