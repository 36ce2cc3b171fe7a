import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import type { TeamEvent } from '../../contract/events/attendees.ts';
import type { EventDetail } from '../../contract/events/resource.ts';
import type { LoginResult } from '../../contract/session.ts';
import type { AttendanceEntry } from '../../contract/team-dashboard.ts';
import { ADMIN, LEAD, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { newLearner } from './support/learning.ts';
import { leadApi, memberList, QUEUED, SYNCED, waitForCacheWrite } from './support/outbox.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

test.use(PHONE);

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** A published event of the seed's Webinar category with two seats and a waiting list, made by the admin. */
async function twoSeatEvent(request: APIRequestContext, title: string) {
  const login = await request.post('/api/v1/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The admin must not need a password reset');
  const headers = { Authorization: `Bearer ${results.token}` };
  const categories = (await (
    await request.get('/api/v1/event/category', { headers, params: { search: 'Webinar' } })
  ).json()) as ApiSuccess<Paged<{ _id: string; title: string }>>;
  const category = categories.results.data.find((row) => row.title === 'Webinar');
  if (!category) throw new Error('The seed has the Webinar category');
  // The first session began ten minutes ago, so it can be marked; the second is in two days.
  const first = Date.now() - 10 * MINUTE;
  const second = Date.now() + 48 * HOUR;
  const response = await request.post('/api/v1/event', {
    headers,
    data: {
      title,
      categoryId: category._id,
      timeZone: 'Europe/London',
      capacity: 2,
      waitlist: true,
      sessions: [first, second].map((start) => ({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3 * HOUR).toISOString(),
        timeZone: 'Europe/London',
        address: '1 Yard Road',
      })),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as ApiSuccess<EventDetail>).results;
}

async function chooseMember(page: Page, card: Locator, search: string, name: string) {
  const input = card
    .getByRole('combobox', { name: 'Members to register' })
    .or(card.getByRole('textbox', { name: 'Members to register' }))
    .first();
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name, exact: true }).click();
}

test('a lead registers members on a two-seat event, cancels one, and marks attendance offline', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const run = `${Date.now()}`;
  const title = `Yard safety ${run}`;
  const event = await twoSeatEvent(request, title);
  const people = [
    await newLearner(request, `${run}a`),
    await newLearner(request, `${run}b`),
    await newLearner(request, `${run}c`),
  ];
  const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  const teamId = a.teamId;

  await openSignedIn(page, LEAD, `/user-portal/team-dashboard?team=${teamId}&activeTab=events`);
  await waitForServiceWorker(page);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('2 seats left')).toBeVisible();
  await expect(card.getByText('Webinar', { exact: true })).toBeVisible();
  await expect(card.getByText('1 Yard Road').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Three members on two seats: two registered, the third waits first in line.
  for (const person of people) await chooseMember(page, card, `Player${run}`, person.name);
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('2 registered, 1 on the waiting list.').first()).toBeVisible({
    timeout: 20_000,
  });
  const places = card.getByRole('list', { name: 'Team members on this event' });
  await expect(card.getByText('Full · 1 waiting')).toBeVisible();
  await expect(places.getByRole('listitem', { name: a.name }).getByText('Registered')).toBeVisible();
  await expect(places.getByRole('listitem', { name: b.name }).getByText('Registered')).toBeVisible();
  await expect(places.getByRole('listitem', { name: c.name }).getByText('Waiting #1')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Cancelling a seat gives it to the one waiting.
  await places.getByRole('button', { name: `Cancel ${a.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Place' });
  await expect(dialog.getByText(`Cancel ${a.name}'s place on ${title}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel place' }).click();
  await expect(places.getByRole('listitem', { name: a.name })).toHaveCount(0, { timeout: 20_000 });
  await expect(places.getByRole('listitem', { name: c.name }).getByText('Registered')).toBeVisible();
  await expect(card.getByText('Full · waiting list open')).toBeVisible();

  // Offline on site: the first session's attendance is marked, kept, and shown pending.
  const marks = card.getByRole('group', { name: /^Attendance: / });
  await expect(marks).toHaveCount(1);
  await expect(marks.getByRole('group', { name: b.name })).toBeVisible();
  await waitForCacheWrite(page);
  await context.setOffline(true);
  await marks.getByRole('group', { name: b.name }).getByRole('button', { name: 'Attended' }).click();
  await expect(page.getByText(QUEUED).first()).toBeVisible({ timeout: 20_000 });
  const markOf = (name: string) => page.getByRole('article', { name: title }).getByRole('group', { name });
  await expect(markOf(b.name).getByText('Pending')).toBeVisible();
  await expect(markOf(b.name).getByRole('button', { name: 'Attended' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A reload offline: the app opens from the device, and the mark still waits.
  await page.reload();
  await expect(page.getByRole('article', { name: title })).toBeVisible({ timeout: 20_000 });
  await expect(markOf(b.name).getByText('Pending')).toBeVisible({ timeout: 20_000 });
  await expect(markOf(b.name).getByRole('button', { name: 'Attended' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await context.setOffline(false);
  await expect(page.getByText(SYNCED).first()).toBeVisible({ timeout: 60_000 });
  await expect(markOf(b.name).getByText('Pending')).toHaveCount(0, { timeout: 20_000 });
  await expect(markOf(b.name).getByRole('button', { name: 'Attended' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The server has one mark, and the member card's Attendance lists the event once.
  const lead = await leadApi(request);
  const seen = (await lead.get<TeamEvent[]>(`/team/${teamId}/event`)).find((row) => row._id === event._id);
  const session = event.sessions[0]?.id as string;
  expect(seen?.members.find((member) => member.userId === b._id)?.attendance).toEqual({
    [session]: 'attended',
  });
  const attendance = await lead.get<AttendanceEntry[]>(`/team/${teamId}/member/${b._id}/attendance`);
  expect(attendance.filter((entry) => entry.eventId === event._id)).toHaveLength(1);

  await page.goto(`/user-portal/team-dashboard?team=${teamId}&memberSearch=${encodeURIComponent(b.email)}`);
  const memberCard = memberList(page).getByRole('article', { name: b.name });
  await expect(memberCard).toBeVisible({ timeout: 20_000 });
  await memberCard.getByRole('button', { name: 'Attendance' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(title, { exact: true })).toHaveCount(1, { timeout: 20_000 });
});
