import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  COMPLIANCE_CSV_COLUMNS,
  type ComplianceResult,
  compliancePaths,
} from '../../contract/course-assignments/compliance.ts';
import { parseCsv } from '../../contract/csv.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

/** The table's pagination text for `total` rows: '1-10 of 276'. */
const shownOf = (total: number | undefined) => new RegExp(`^\\d+-\\d+ of ${total}$`);

/** The figures as the API answers them to `who` (a team's, when `team` is given). */
async function figuresFor(request: APIRequestContext, who: typeof ADMIN, team?: string) {
  const login = await request.post(`${API_BASE}/login`, { data: who });
  const { token } = ((await login.json()) as ApiSuccess<{ token: string }>).results;
  const response = await request.get(`${API_BASE}${compliancePaths.figures}`, {
    headers: { Authorization: `Bearer ${token}` },
    params: team ? { team } : {},
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiSuccess<ComplianceResult>).results;
}

test('an administrator follows a team’s figure to its list and exports it as CSV', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/app/dashboard');
  const figures = await figuresFor(page.request, ADMIN);
  const growth = figures.teams.find((row) => row.name === 'Growth Team');
  expect(growth?.assigned).toBeGreaterThan(0);

  // The figures are worked out from every learner's every course on each read, and the page's read
  // queues behind the one above on the one database connection: on a busy machine the first answer
  // can take longer than an expectation's usual wait, so this one waits for it as long as a test may.
  await expect(
    page.getByRole('link', {
      name: `${figures.total.assigned.toLocaleString('en-US')} Assigned (list them for the organization)`,
    }),
  ).toBeVisible({ timeout: 45_000 });
  const byTeam = page.getByRole('table', { name: 'Figures by team' });
  await byTeam
    .getByRole('link', { name: `${growth?.assigned.toLocaleString('en-US')} Assigned in Growth Team` })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]team=${growth?._id}`));
  await expect(page).toHaveURL(/[?&]status=assigned/);
  const report = page.getByRole('table', { name: 'Compliance report' });
  await expect(report.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(shownOf(growth?.assigned))).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^compliance-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = parseCsv(await readFile((await file.path()) as string, 'utf8'));
  expect(exported.error).toBeNull();
  const [header, ...rows] = exported.records;
  expect(header).toEqual([...COMPLIANCE_CSV_COLUMNS]);
  expect(rows).toHaveLength(growth?.assigned ?? -1);
  const teamsColumn = COMPLIANCE_CSV_COLUMNS.indexOf('teams');
  for (const row of rows) expect(row[teamsColumn]?.split(';')).toContain('Growth Team');

  // Another figure of the same team, from the report's own filter.
  await page
    .getByRole('combobox', { name: 'Figure' })
    .or(page.getByRole('textbox', { name: 'Figure' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/[?&]status=completed/);
  if ((growth?.completed ?? 0) > 0) await expect(page.getByText(shownOf(growth?.completed))).toBeVisible();
  else await expect(page.getByText("No learner's course matches.")).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test("a team lead sees the team's training figures on the Team Report card and opens one's list", async ({
    page,
  }) => {
    await openSignedIn(page, LEAD, '/user-portal/team-dashboard');
    await expect(page).toHaveURL(/[?&]team=/);
    const team = new URL(page.url()).searchParams.get('team') as string;
    const figures = await figuresFor(page.request, LEAD, team);
    const card = page.getByRole('region', { name: 'Team Report' });
    const assigned = card.getByRole('button', {
      name: `${figures.total.assigned.toLocaleString('en-US')} Assigned (list them for this team)`,
    });
    await assigned.scrollIntoViewIfNeeded();
    await assigned.click();
    const dialog = page.getByRole('dialog', { name: 'Training: Assigned' });
    await expect(dialog.getByText(shownOf(figures.total.assigned))).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
