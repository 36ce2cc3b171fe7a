import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Paged } from '../../contract/envelope.ts';
import type { EventDetail } from '../../contract/events/resource.ts';
import { type Api, apiAs, createUser } from './support/account-control.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

// The learner's events: registering in Training Resources, the event on My Dashboard with its time,
// cancelling it, and a full event's waiting list. Everything is made for this run through the
// administrator's API, under names no seeded record shares, once for the phone and once for the desktop.

const run = Date.now().toString(36);
const DASHBOARD = '/user-portal/user-dashboard';
const TRAINING = '/user-portal/learning-process/training';
const HOUR = 60 * 60 * 1000;

/** Two days from now on the hour, so the event is open and soon, whatever other events exist. */
const START = new Date(Math.ceil((Date.now() + 2 * 24 * HOUR) / HOUR) * HOUR);

async function newEvent(api: Api, title: string, seats: { capacity: number; waitlist: boolean }) {
  const categories = await api.get<Paged<{ _id: string; title: string }>>('/event/category', {
    search: 'Webinar',
  });
  const category = categories.data.find((row) => row.title === 'Webinar') ?? categories.data[0];
  return api.post<EventDetail>('/event', {
    title,
    categoryId: category?._id,
    description: `What ${title} covers.`,
    timeZone: 'Europe/London',
    ...seats,
    sessions: [
      {
        startsAt: START.toISOString(),
        endsAt: new Date(START.getTime() + 2 * HOUR).toISOString(),
        timeZone: 'Europe/London',
        address: '1 Main Street',
      },
    ],
  });
}

type Setup = { first: { email: string; password: string }; second: { email: string; password: string } };

/** Two learners, an open event with seats, and a full one (its one seat taken) with a waiting list. */
async function setUp(request: APIRequestContext, label: string): Promise<Setup> {
  const api = await apiAs(request, ADMIN);
  const person = (name: string) => ({
    email: `${name}.${label}.${run}@example.com`,
    password: 'learner1',
    firstName: name,
    lastName: `Events ${label} ${run}`,
  });
  const first = person('ella');
  const second = person('ezra');
  const holder = person('hana');
  await createUser(api, first);
  await createUser(api, second);
  const taken = await createUser(api, holder);
  await newEvent(api, `Open workshop ${label} ${run}`, { capacity: 10, waitlist: true });
  const full = await newEvent(api, `Full workshop ${label} ${run}`, { capacity: 1, waitlist: true });
  await api.post('/event/attendee', { eventId: full._id, userIds: [taken._id] });
  return { first, second };
}

async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The wall-clock start as the browser shows it: the hour in its own zone (Playwright's default). */
const startHour = () =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(START);

for (const [label, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(label, () => {
    test.use(device);
    let setup: Setup;
    test.beforeAll(async ({ request }) => {
      setup = await setUp(request, label);
    });

    test('a learner registers in Training Resources, sees the event on My Dashboard and cancels it', async ({
      page,
    }) => {
      const title = `Open workshop ${label} ${run}`;
      await openSignedIn(page, setup.first, `${TRAINING}?search=${encodeURIComponent(run)}`);
      const events = page.getByRole('region', { name: 'Events' });
      const card = events.getByRole('article', { name: title });
      await expect(card).toContainText('10 seats left');
      await expect(events.getByRole('article', { name: `Full workshop ${label} ${run}` })).toContainText(
        'Full – join the waiting list',
      );
      await expectNoSidewaysScroll(page);
      expect(await axeFindings(page)).toEqual([]);

      await card.getByRole('button', { name: 'Register' }).click();
      await expect(card.getByText('Registered', { exact: true })).toBeVisible();
      await expect(card).toContainText('9 seats left');
      await expect(card.getByRole('button', { name: 'Register' })).toHaveCount(0);

      await page.goto(DASHBOARD);
      const mine = page.getByRole('region', { name: 'My Events' });
      const event = mine.getByRole('article', { name: title });
      await expect(event).toContainText('Registered');
      await expect(event).toContainText(startHour());
      await expect(event).toContainText('1 Main Street');
      await expect(event.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await axeFindings(page)).toEqual([]);

      const download = page.waitForEvent('download');
      await event.getByRole('button', { name: 'Add to calendar' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.ics$/);

      await event.getByRole('button', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your place?' });
      await dialog.getByRole('button', { name: 'Cancel place' }).click();
      await expect(mine.getByRole('article', { name: title })).toHaveCount(0);
      await expect(mine).toContainText('You are not on any upcoming event.');
    });

    test('a learner registering for a full event is put on its waiting list', async ({ page }) => {
      const title = `Full workshop ${label} ${run}`;
      await openSignedIn(page, setup.second, `${TRAINING}?search=${encodeURIComponent(run)}`);
      const card = page.getByRole('region', { name: 'Events' }).getByRole('article', { name: title });
      await card.getByRole('button', { name: 'Register' }).click();
      await expect(card.getByText('Waiting list #1', { exact: true })).toBeVisible();

      await page.goto(DASHBOARD);
      const event = page.getByRole('region', { name: 'My Events' }).getByRole('article', { name: title });
      await expect(event).toContainText('Waiting list #1');

      // The calendar feed: an address shown once, then revoked.
      const feed = page.getByRole('region', { name: 'Calendar feed' });
      await feed.getByRole('button', { name: 'Create address' }).click();
      await expect(feed.getByRole('textbox', { name: 'Your calendar address' })).toHaveValue(
        /\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
      );
      await feed.getByRole('button', { name: 'Revoke' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke your calendar address?' })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await expect(feed.getByRole('button', { name: 'Create address' })).toBeVisible();
      await expect(feed.getByRole('textbox', { name: 'Your calendar address' })).toHaveCount(0);
    });
  });
}
