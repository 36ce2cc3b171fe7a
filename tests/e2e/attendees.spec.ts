import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { attendeeMessages } from '../../contract/events/attendees.ts';
import type { EventDetail } from '../../contract/events/resource.ts';
import type { LoginResult } from '../../contract/session.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { newLearner } from './support/learning.ts';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const LIST = '/app/event-management/attendees';
const HOUR = 60 * 60 * 1000;

async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The admin must not need a password reset');
  const headers = { Authorization: `Bearer ${results.token}` };
  return {
    async get<T>(path: string, params?: Record<string, string>) {
      const response = await request.get(`/api/v1${path}`, { headers, params });
      expect(response.status(), path).toBe(200);
      return ((await response.json()) as ApiSuccess<T>).results;
    },
    async post<T>(path: string, data: unknown) {
      const response = await request.post(`/api/v1${path}`, { headers, data });
      expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
      return ((await response.json()) as ApiSuccess<T>).results;
    },
  };
}
type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/** An event of the seed's Webinar category with the sessions given, in London time. */
async function newEvent(
  api: AdminApi,
  title: string,
  sessions: { startsAt: Date; hours: number; meetingUrl?: string }[],
  seats: { capacity: number | null; waitlist: boolean } = { capacity: null, waitlist: true },
) {
  const categories = await api.get<Paged<{ _id: string; title: string }>>('/event/category', {
    search: 'Webinar',
  });
  const category = categories.data.find((row) => row.title === 'Webinar');
  if (!category) throw new Error('The seed has the Webinar category');
  return api.post<EventDetail>('/event', {
    title,
    categoryId: category._id,
    timeZone: 'Europe/London',
    ...seats,
    sessions: sessions.map((session) => ({
      startsAt: session.startsAt.toISOString(),
      endsAt: new Date(session.startsAt.getTime() + session.hours * HOUR).toISOString(),
      timeZone: 'Europe/London',
      ...(session.meetingUrl ? { meetingUrl: session.meetingUrl } : { address: '1 Main Street' }),
    })),
  });
}

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first();

/** A select's input, however the select names its role. */
const field = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .or(page.getByRole('textbox', { name, exact: true }))
    .first();

async function pick(page: Page, label: string, search: string, option: string) {
  const input = field(page, label);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Attendees' }).getByRole('row').filter({ hasText: name });

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(device, () => {
    test.use(viewport);

    test('an admin fills an event of two seats, cancels a place for the first waiting and marks a session', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const run = `${device[0]}${Date.now()}`;
      const api = await adminApi(request);
      const title = `Forklift refresher ${run}`;
      // The first session has started, so it can be marked; the second is tomorrow.
      const event = await newEvent(
        api,
        title,
        [
          { startsAt: new Date(Date.now() - 2 * HOUR), hours: 1 },
          { startsAt: new Date(Date.now() + 24 * HOUR), hours: 2 },
        ],
        { capacity: 2, waitlist: true },
      );
      const people = [];
      for (const suffix of ['a', 'b', 'c']) people.push(await newLearner(request, `${run}${suffix}`));
      const [first, second, third] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];

      await openSignedIn(page, ADMIN, `${LIST}/add`);
      await expect(page.getByRole('heading', { level: 1, name: 'Add Attendee' })).toBeVisible();
      // Saving with no one chosen names what is missing.
      await pick(page, 'Event', title, title);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(attendeeMessages.peopleRequired)).toBeVisible();
      // Chosen in this order, they take the seats in this order.
      for (const person of people) await pick(page, 'People', `Player${run}`, person.name);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('radio', { name: 'Registered' })).toBeChecked();
      if (device === 'phone') await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        toast(page, `${attendeeMessages.added} 2 registered, 1 on the waiting list.`),
      ).toBeVisible();

      // The list opens filtered by the event: the third waits first in line.
      await expect(page).toHaveURL(new RegExp(`event=${event._id}`));
      await expect(page.getByRole('table', { name: 'Attendees' }).getByRole('row')).toHaveCount(
        device === 'phone' ? 3 : 4,
      );
      await expect(rowOf(page, first.name).getByText('Registered', { exact: true })).toBeVisible();
      await expect(rowOf(page, third.name).getByText('Waitlisted (#1)')).toBeVisible();
      await expect(rowOf(page, second.name).getByText('0 / 2 sessions')).toBeVisible();
      if (device === 'phone') await expectNoSidewaysScroll(page);

      // Cancelling the first's place gives it to the one waiting.
      await rowOf(page, first.name)
        .getByRole('link', { name: `Edit ${first.name}` })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Attendee' })).toBeVisible();
      await expect(page.getByText(first.email)).toBeVisible();
      await expect(page.getByText('Session 2')).toBeVisible();
      await field(page, 'State').click();
      await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(toast(page, attendeeMessages.updated)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`event=${event._id}`));
      await expect(rowOf(page, first.name).getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(rowOf(page, third.name).getByText('Registered', { exact: true })).toBeVisible();

      // The session that has started, marked for everyone seated.
      const mark = page.getByRole('region', { name: 'Mark attendance' });
      await field(page, 'Session').click();
      await page.getByRole('option', { name: /^Session 1: / }).click();
      await mark.getByText('Attended', { exact: true }).click();
      await mark.getByRole('button', { name: 'Mark attendance' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm Attendance' })
        .getByRole('button', { name: 'Mark' })
        .click();
      await expect(toast(page, attendeeMessages.attendanceMarked)).toBeVisible();
      await expect(rowOf(page, second.name).getByText('1 / 2 sessions')).toBeVisible();
      await expect(rowOf(page, third.name).getByText('1 / 2 sessions')).toBeVisible();
      await expect(rowOf(page, first.name).getByText('0 / 2 sessions')).toBeVisible();
    });

    test('the Join link of a meeting starting in ten minutes is open; tomorrow’s is not yet', async ({
      page,
      request,
    }) => {
      const run = `${device[0]}${Date.now()}`;
      const api = await adminApi(request);
      const soon = `Zoom soon ${run}`;
      const later = `Zoom tomorrow ${run}`;
      await newEvent(api, soon, [
        {
          startsAt: new Date(Date.now() + 10 * 60 * 1000),
          hours: 1,
          meetingUrl: 'https://zoom.us/j/1234567890',
        },
      ]);
      await newEvent(api, later, [
        { startsAt: new Date(Date.now() + 24 * HOUR), hours: 1, meetingUrl: 'https://zoom.us/j/2234567890' },
      ]);

      await openSignedIn(page, ADMIN, `/app/event-management/virtual-meeting?search=${run}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Virtual Meetings' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Virtual meetings' });
      const open = table.getByRole('link', { name: `Join ${soon}` });
      await expect(open).toBeVisible();
      await expect(open).toHaveAttribute('href', 'https://zoom.us/j/1234567890');
      await expect(open).toHaveAttribute('target', '_blank');
      await expect(open).toHaveAttribute('rel', /noopener/);
      const closed = table.getByRole('button', { name: new RegExp(`^Join ${later}: Opens at `) });
      await expect(closed).toHaveAttribute('aria-disabled', 'true');
      await expect(table.getByRole('link', { name: `Join ${later}` })).toHaveCount(0);
      // A phone's card names the column before its value.
      const provider = device === 'phone' ? 'Provider: Zoom' : 'Zoom';
      await expect(table.getByText(provider, { exact: true })).toHaveCount(2);
      await expect(table.getByRole('link', { name: soon, exact: true })).toHaveAttribute(
        'href',
        /\/app\/event-management\/event\/edit\//,
      );
      if (device === 'phone') await expectNoSidewaysScroll(page);

      // Neither has ended: the past list does not have them.
      await page.getByText('Past', { exact: true }).click();
      await expect(page).toHaveURL(/when=past/);
      await expect(page.getByText('No past meeting found.')).toBeVisible();
    });
  });
}
