import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { recordMessage } from '../../contract/admin-list.ts';
import type { EventCategoryRow } from '../../contract/event-categories/resource.ts';
import { type EventDetail, type EventRow, eventMessages } from '../../contract/events/resource.ts';
import { apiAs } from './support/account-control.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const LIST = '/app/event-management/event';

// A viewer in Paris setting an event in London: the sessions show both readings.
test.use({ locale: 'en-GB', timezoneId: 'Europe/Paris' });

/** A day of next month, as the calendar names its day buttons ('10 May 2031'). */
function nextMonthDay(day: number) {
  const today = new Date();
  const date = new Date(today.getFullYear(), today.getMonth() + 1, day);
  const label = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    date,
  );
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { label, iso };
}

/** Sets a date-time picker: the day from next month's calendar, then the time, then Done. */
async function pickDateTime(page: Page, picker: Locator, day: string | null, time: string) {
  await picker.click();
  const dropdown = page.getByRole('dialog').filter({ has: page.getByRole('spinbutton', { name: 'Hours' }) });
  await expect(dropdown).toBeVisible();
  if (day) {
    await dropdown.getByRole('button', { name: 'Next month' }).click();
    await dropdown.getByRole('button', { name: day, exact: true }).click();
  }
  const [hours, minutes] = time.split(':') as [string, string];
  // Typed as on a keyboard: two figures fill the hours and move on to the minutes.
  await dropdown.getByRole('spinbutton', { name: 'Hours' }).focus();
  await page.keyboard.type(hours);
  await dropdown.getByRole('spinbutton', { name: 'Minutes' }).focus();
  await page.keyboard.type(minutes);
  await expect(dropdown.getByRole('spinbutton', { name: 'Hours' })).toHaveValue(hours);
  await expect(dropdown.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(minutes);
  await dropdown.getByRole('button', { name: 'Done' }).click();
  await expect(dropdown).toBeHidden();
}

/** Picks an option of a select by typing part of it. */
async function choose(page: Page, field: Locator, typed: string, option: string) {
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const session = (page: Page, n: number) => page.getByRole('group', { name: `Session ${n}` });

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const table = (page: Page) => page.getByRole('table', { name: 'Events' });

const rowOf = (page: Page, title: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${title}`, exact: true }) });

/** A published category of this run's own, so a test may delete it. */
async function addCategory(request: APIRequestContext, title: string) {
  const admin = await apiAs(request, ADMIN);
  return (await admin.post<EventCategoryRow>('/event/category', { title, description: '' }))._id;
}

async function deleteCategory(request: APIRequestContext, id: string) {
  const login = await request.post('/api/v1/login', { data: ADMIN });
  const { token } = ((await login.json()) as { results: { token: string } }).results;
  const response = await request.patch('/api/v1/event/category-operation', {
    headers: { Authorization: `Bearer ${token}` },
    data: { operation: 'delete', bulkId: [id] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function eventByTitle(request: APIRequestContext, title: string) {
  const admin = await apiAs(request, ADMIN);
  const { data } = await admin.get<{ data: EventRow[] }>('/event', { search: title });
  const row = data[0] as EventRow;
  return admin.get<EventDetail>(`/event/${row._id}`);
}

const londonTime = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' }).format(
    new Date(instant),
  );

async function createAndEdit(page: Page, request: APIRequestContext, stamp: string) {
  const title = `Induction ${stamp}`;
  const categoryTitle = `Onboarding ${stamp}`;
  const categoryId = await addCategory(request, categoryTitle);
  const first = nextMonthDay(10);
  const second = nextMonthDay(11);

  await openSignedIn(page, ADMIN, `${LIST}/add`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Event' })).toBeVisible();
  // The viewer's zone is the event's until changed.
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue('Europe/Paris');

  await page.getByLabel('Event Title').fill(title);
  await choose(page, page.getByRole('combobox', { name: 'Event Category' }), stamp, categoryTitle);
  await choose(
    page,
    page.getByRole('combobox', { name: 'Time zone', exact: true }),
    'Europe/Lond',
    'Europe/London',
  );
  await page.getByLabel('Capacity').fill('20');

  // A day in a place.
  const one = session(page, 1);
  await expect(one.getByRole('combobox', { name: 'Session time zone' })).toHaveValue('Europe/London');
  await pickDateTime(page, one.getByLabel('Starts'), first.label, '09:00');
  await pickDateTime(page, one.getByLabel('Ends'), first.label, '16:00');
  await choose(page, one.getByRole('combobox', { name: 'Location' }), 'Amster', 'Amsterdam');
  await expect(one.getByText(/Europe\/London · .* your time$/)).toBeVisible();

  // An afternoon on Zoom.
  await page.getByRole('button', { name: 'Add Session' }).click();
  const two = session(page, 2);
  await pickDateTime(page, two.getByLabel('Starts'), second.label, '14:00');
  await pickDateTime(page, two.getByLabel('Ends'), second.label, '15:30');
  await two.getByLabel('Meeting link').fill('https://us02web.zoom.us/j/123456789');
  await expect(two.getByText('Zoom', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, recordMessage('event', title, 'created'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));

  // In the list with its seats and sessions.
  await page.getByRole('textbox', { name: 'Search' }).fill(stamp);
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1);
  // A row on a desktop, a card of labelled values on a phone.
  await expect(row).toContainText('0 / 20');
  await expect(row).toContainText(categoryTitle);

  const saved = await eventByTitle(request, title);
  expect(saved.timeZone).toBe('Europe/London');
  expect(saved.sessions.map((entry) => [londonTime(entry.startsAt), londonTime(entry.endsAt)])).toEqual([
    ['09:00', '16:00'],
    ['14:00', '15:30'],
  ]);
  expect(saved.sessions[0]?.startsAt.slice(0, 10)).toBe(first.iso);
  expect(saved.sessions[1]?.meetingProvider).toBe('zoom');

  // Edited: the first session ends later.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Event Title')).toHaveValue(title);
  await expect(session(page, 2).getByText('Zoom', { exact: true })).toBeVisible();
  await pickDateTime(page, session(page, 1).getByLabel('Ends'), null, '17:30');

  // The category went meanwhile: the server's message shows under the field.
  await deleteCategory(request, categoryId);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(eventMessages.categoryNotFound)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Event Category' })).toHaveAccessibleDescription(
    eventMessages.categoryNotFound,
  );
  await choose(page, page.getByRole('combobox', { name: 'Event Category' }), 'Works', 'Workshop');
  await expect(page.getByText(eventMessages.categoryNotFound)).toBeHidden();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, recordMessage('event', title, 'updated'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));

  const edited = await eventByTitle(request, title);
  // The session kept its id (and so its attendance) and now ends at 17:30 in London.
  expect(edited.sessions[0]?.id).toBe(saved.sessions[0]?.id);
  expect(londonTime(edited.sessions[0]?.endsAt ?? '')).toBe('17:30');
  expect(edited.categoryTitle).toBe('Workshop');
}

test('an admin creates an event with a session in a place and one on Zoom, lists it and edits it', async ({
  page,
  request,
}) => {
  await createAndEdit(page, request, `D${Date.now()}`);
});

test.describe('a phone', () => {
  test.use(PHONE);

  test('an admin creates, lists and edits an event on a phone', async ({ page, request }) => {
    await createAndEdit(page, request, `P${Date.now()}`);
  });
});
