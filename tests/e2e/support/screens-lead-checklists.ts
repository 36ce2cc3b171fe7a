// The screen catalogue's entries (screens.ts) for checklists as a team lead meets them: a member's
// checklists opened from their card, one checklist with its items, the sign-off dialog, and the
// bulk sign-off. No test runner imports: the screenshots script loads this module too.
import type { Page } from 'playwright-core';
import type { Screen } from './screens.ts';

const BULK_TITLE = 'Sign off this item for these members';
const CARD_LINK = /^Checklist Progress (\d+)\/(\d+)$/;

const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { level: 1, name }).waitFor();
};

/** The team dashboard is ready once a member card shows. */
const dashboardReady = async (page: Page) => {
  await heading('Team Dashboard')(page);
  await page.getByRole('region', { name: 'Team members' }).getByRole('article').first().waitFor();
};

/** From the team dashboard, the checklists of the first member with one not yet complete. */
const openMemberChecklists = async (page: Page) => {
  const links = page.getByRole('region', { name: 'Team members' }).getByRole('link', { name: CARD_LINK });
  await links.first().waitFor();
  const names = await links.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  const index = names.findIndex((name) => {
    const [done, total] = (name.match(/(\d+)\/(\d+)/) ?? []).slice(1).map(Number);
    return total !== undefined && done !== undefined && done < total;
  });
  await links.nth(Math.max(0, index)).click();
  await heading(/: Checklists$/)(page);
  await page.getByRole('link', { name: 'Open' }).first().waitFor();
};

/** Then the first of their checklists, once its items show. */
const openMemberChecklist = async (page: Page) => {
  await openMemberChecklists(page);
  await page.getByRole('link', { name: 'Open' }).first().click();
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: ': Checklists' }).waitFor();
  await page.getByRole('article').first().waitFor();
};

const SIGN_BUTTON = /^(Sign off|Not yet|Competent|Not yet competent)$/;

/** The sign-off dialog of the member's first checklist with an item the lead may sign off, if any. */
const signOffInMemberChecklists = async (page: Page): Promise<boolean> => {
  const opens = page.getByRole('link', { name: 'Open' });
  const count = await opens.count();
  for (let index = 0; index < count; index += 1) {
    await opens.nth(index).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: ': Checklists' }).waitFor();
    await page.getByRole('article').first().waitFor();
    const buttons = page.getByRole('button', { name: SIGN_BUTTON });
    if ((await buttons.count()) > 0) {
      await buttons.first().click();
      await page.getByRole('dialog').waitFor();
      return true;
    }
    await page.goBack();
    await heading(/: Checklists$/)(page);
    await opens.first().waitFor();
  }
  return false;
};

/**
 * The sign-off dialog of the first item the lead may sign off: the seed's history, dated from the
 * day it runs, leaves some members' checklists done or open only on the learner's own items, so the
 * members whose bar is not full, and their checklists, are tried in turn.
 */
const openSignOffDialog = async (page: Page) => {
  const links = page.getByRole('region', { name: 'Team members' }).getByRole('link', { name: CARD_LINK });
  await links.first().waitFor();
  const names = await links.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  for (const [index, name] of names.entries()) {
    const [done, total] = (name.match(/(\d+)\/(\d+)/) ?? []).slice(1).map(Number);
    if (done === undefined || total === undefined || done >= total) continue;
    await links.nth(index).click();
    await heading(/: Checklists$/)(page);
    await page.getByRole('link', { name: 'Open' }).first().waitFor();
    if (await signOffInMemberChecklists(page)) return;
    await page.goBack();
    await dashboardReady(page);
  }
  throw new Error('No member of the team has a checklist item the lead may sign off');
};

const TEAM_DASHBOARD = (ids: { teamId: string }) => `/user-portal/team-dashboard?team=${ids.teamId}`;

export const leadChecklistScreens: Screen[] = [
  {
    name: 'lead-member-checklists',
    route: '/user-portal/team-dashboard/members/checklists/$memberId/$teamId/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openMemberChecklists,
  },
  {
    name: 'lead-member-checklist',
    route: '/user-portal/team-dashboard/members/checklists/$memberId/$teamId/$checklistId',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openMemberChecklist,
  },
  {
    // A sign-off's note and photo (or a not yet's, or a rating's), over the member's checklist.
    name: 'lead-member-checklist-sign-off',
    route: '/user-portal/team-dashboard/members/checklists/$memberId/$teamId/$checklistId',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openSignOffDialog,
    layer: ['[role="dialog"]'],
  },
  {
    // An item chosen, the team's members holding the checklist listed to tick.
    name: 'lead-bulk-sign-off',
    route: '/user-portal/team-dashboard/checklists/sign-off/$checklistId/$teamId',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: async (page) => {
      await openMemberChecklists(page);
      await page.getByRole('link', { name: 'Sign off for several members' }).first().click();
      await heading(BULK_TITLE)(page);
      await page.getByRole('combobox', { name: 'Item' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('checkbox').first().waitFor();
    },
  },
];
