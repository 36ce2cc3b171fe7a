// The screen catalogue's entries (screens.ts) for the Attendees and Virtual Meetings screens. The seed
// has no event, so `screenAttendee` makes one through the API before a run (a session a month ahead,
// at a meeting link) with the lead on it. No test runner imports: the screenshots script loads this
// module too.
import type { Page } from 'playwright-core';
import type { Screen } from './screens.ts';

/** The catalogue's event (its attendee is ScreenIds.attendeeId). */
const SCREEN_EVENT = 'Catalogue induction day';
const DAY = 24 * 60 * 60 * 1000;

type Envelope<T> = { results: T };

/**
 * The lead's place on the catalogue's event: the event found by its title, or made (the seed's
 * Webinar category, one session in a month at a Zoom link) with the lead registered. Answers the
 * attendee's id.
 */
export async function screenAttendee(api: string, adminToken: string, leadUserId: string): Promise<string> {
  const call = async <T>(method: string, path: string, body?: object) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).results;
  };
  const found = await call<{ data: { _id: string; title: string }[] }>(
    'GET',
    `/event?search=${encodeURIComponent(SCREEN_EVENT)}`,
  );
  let eventId = found.data.find((row) => row.title === SCREEN_EVENT)?._id;
  if (!eventId) {
    const categories = await call<{ data: { _id: string; title: string }[] }>(
      'GET',
      '/event/category?search=Webinar',
    );
    const category = categories.data.find((row) => row.title === 'Webinar');
    if (!category) throw new Error('The seed has the Webinar category');
    const startsAt = new Date(Date.now() + 30 * DAY);
    const event = await call<{ _id: string }>('POST', '/event', {
      title: SCREEN_EVENT,
      categoryId: category._id,
      timeZone: 'Europe/London',
      capacity: 20,
      waitlist: true,
      sessions: [
        {
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000).toISOString(),
          timeZone: 'Europe/London',
          meetingUrl: 'https://zoom.us/j/5550001111',
        },
      ],
    });
    eventId = event._id;
    await call('POST', '/event/attendee', { eventId, userIds: [leadUserId] });
  }
  const attendees = await call<{ data: { _id: string; userId: string }[] }>(
    'GET',
    `/event/attendee?event=${eventId}&limit=100`,
  );
  const attendee = attendees.data.find((row) => row.userId === leadUserId);
  if (!attendee) throw new Error('The lead is not on the catalogue event');
  return attendee._id;
}

const heading = (name: string) => async (page: Page) => {
  await page.getByRole('heading', { level: 1, name }).waitFor();
};

export const attendeeScreens: Screen[] = [
  {
    name: 'virtual-meetings',
    route: '/app/event-management/virtual-meeting',
    who: 'admin',
    ready: async (page) => {
      await heading('Virtual Meetings')(page);
      await page
        .getByRole('button', { name: /^Join / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'attendees',
    route: '/app/event-management/attendees/',
    who: 'admin',
    ready: async (page) => {
      await heading('Attendees')(page);
      await page
        .getByRole('link', { name: /^Edit / })
        .first()
        .waitFor();
    },
  },
  { name: 'attendee-add', route: '/app/event-management/attendees/add', who: 'admin' },
  {
    name: 'attendee-edit',
    route: '/app/event-management/attendees/edit/$attendeeId',
    who: 'admin',
    ready: async (page) => {
      await heading('Edit Attendee')(page);
      await page.getByText('Session 1', { exact: true }).waitFor();
    },
  },
];
