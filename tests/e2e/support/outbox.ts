import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import type { MemberDetail } from '../../../contract/member.ts';
import type { LoginResult } from '../../../contract/session.ts';
import type { OrganizationList, TeamMemberCard } from '../../../contract/team-dashboard.ts';
import { LEAD, openSignedIn, SIGNING_IN, signIn, waitForServiceWorker } from './actions.ts';

export const QUEUED = 'Saved offline. It will be sent when the connection is back.';
export const SYNCED = 'All offline changes are synced.';

/** The lead's own session through the API (not the page's), to check what the server has. */
export async function leadApi(request: APIRequestContext, user = LEAD) {
  const login = await request.post('/api/v1/login', { data: user });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The lead must not need a password reset');
  const headers = { Authorization: `Bearer ${results.token}` };
  const get = async <T>(path: string) => {
    const response = await request.get(`/api/v1${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  const post = (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data });
  const patchMultipart = (path: string, multipart: Record<string, string>) =>
    request.patch(`/api/v1${path}`, { headers, multipart });
  const postMultipart = (path: string, multipart: Record<string, string>) =>
    request.post(`/api/v1${path}`, { headers, multipart });
  return { get, post, patchMultipart, postMultipart };
}

export type LeadApi = Awaited<ReturnType<typeof leadApi>>;

/** The lead's organizations and the seed's two teams the outbox tests work in. */
export async function seedTeams(api: LeadApi) {
  const organizations = await api.get<OrganizationList>('/team/team-lead');
  const growth = organizations.data.find((team) => team.title === 'Growth Team');
  const enterprise = organizations.data.find((team) => team.title === 'Enterprise Team');
  if (!growth || !enterprise) throw new Error('The seed has the Growth and Enterprise teams');
  return { organizations, growth, enterprise };
}

/** The nth card of a team's first page of members (the seed has enough of them). */
export async function teamMember(api: LeadApi, teamId: string, index: number) {
  const member = (await api.get<Paged<TeamMemberCard>>(`/team/member-list/${teamId}?page=1`)).data[index];
  if (!member) throw new Error(`The team has at least ${index + 1} members`);
  return member;
}

export const memberDetail = (api: LeadApi, memberId: string, teamId: string) =>
  api.get<MemberDetail>(`/user-portal/user/${memberId}?team=${teamId}`);

/** The team's members whose text matches an email, as the server has them. */
export const searchMembers = (api: LeadApi, teamId: string, email: string) =>
  api.get<Paged<TeamMemberCard>>(`/team/member-list/${teamId}?page=1&search=${encodeURIComponent(email)}`);

/** Puts the seed's default organization back for the tests that follow. */
export async function restoreDefaultTeam(api: LeadApi, teamId: string | null) {
  expect((await api.post('/team/set-default-Team', { defaultTeamId: teamId })).status()).toBe(200);
}

/**
 * Signs the lead in and waits until the service worker (and so the outbox) controls the page: on a
 * fresh page through the API, on a page that has the app open (signing in again) through the screen.
 */
export async function signInLeadWithWorker(page: Page) {
  if (page.url() === 'about:blank') await openSignedIn(page, LEAD, '/user-portal/user-dashboard');
  else await signIn(page, LEAD);
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/, SIGNING_IN);
  await waitForServiceWorker(page);
}

export const memberList = (page: Page) => page.getByRole('region', { name: 'Team members' });
/** The top bar's one badge counting the changes waiting and refused ('2 pending · 1 failed'). */
export const pendingButton = (page: Page) => page.getByRole('button', { name: /^Offline changes:/ });

/** The cache is written to the device a moment after it changes, before the next page loads. */
export const waitForCacheWrite = (page: Page) => page.waitForTimeout(1500);

/**
 * Opens a team's dashboard online and waits for a member card (the named one, or any) and the Team
 * Report's training figures (read after the cards), then for the cache to reach the device, so the
 * screen can be shown offline later.
 */
export async function openTeamDashboard(page: Page, teamId: string, memberName?: string) {
  await page.goto(`/user-portal/team-dashboard?team=${teamId}`);
  const cards = memberList(page).getByRole('article');
  await expect(
    memberName ? memberList(page).getByRole('article', { name: memberName }) : cards.first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Assigned training' }).getByRole('button').first(),
  ).toBeVisible();
  await waitForCacheWrite(page);
}

/** Stops every service worker of the browser over the DevTools protocol, as the browser does to an idle one. */
export async function stopServiceWorkers(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Opens the Add New Member form of a team and fills it with a valid new member (password secret12). */
export async function fillNewMember(
  page: Page,
  teamId: string,
  member: { firstName: string; lastName: string; email: string },
) {
  await page.goto(`/user-portal/team-dashboard/members/add/${teamId}`);
  await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
  await page.getByLabel('First Name*').fill(member.firstName);
  await page.getByLabel('Last Name*').fill(member.lastName);
  await page.getByLabel('Email*').fill(member.email);
  await page.getByLabel('Password*', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password*').fill('secret12');
}
