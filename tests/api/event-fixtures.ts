import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EventDetail, EventRow } from '../../contract/events/resource.ts';
import { eventPaths as p } from '../../contract/events/resource.ts';
import { messages } from '../../contract/messages.ts';
import { eventCategories } from '../../server/db/schema/event-categories.ts';
import { eventSessions, events } from '../../server/db/schema/events.ts';
import { locations } from '../../server/db/schema/lookups.ts';
import type { TestContext } from './helpers.ts';

/** What the events tests share: the seeded categories and locations, and the calls they make. */
export async function eventFixtures(t: TestContext, admin: string) {
  const categories = await t.db
    .select({ id: eventCategories.id, title: eventCategories.title })
    .from(eventCategories)
    .orderBy(asc(eventCategories.title));
  const places = await t.db
    .select({ id: locations.id, title: locations.title })
    .from(locations)
    .orderBy(asc(locations.title));
  const [category, otherCategory] = categories as [(typeof categories)[0], (typeof categories)[0]];
  const [location, otherLocation] = places as [(typeof places)[0], (typeof places)[0]];

  const session = (overrides: Record<string, unknown> = {}) => ({
    startsAt: '2030-03-30T08:00:00Z',
    endsAt: '2030-03-30T11:00:00Z',
    timeZone: 'Europe/London',
    locationId: location.id,
    ...overrides,
  });
  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Forklift refresher',
    categoryId: category.id,
    description: 'Half a day on the yard.',
    timeZone: 'Europe/London',
    capacity: 12,
    waitlist: true,
    sessions: [session()],
    ...overrides,
  });

  async function create(sent: Record<string, unknown>) {
    const response = await t.call('POST', p.list, { token: admin, body: sent });
    expect(response.status, response.text).toBe(201);
    return response.body.results as EventDetail;
  }
  async function read(id: string) {
    const response = await t.call('GET', p.one(id), { token: admin });
    expect(response.status, response.text).toBe(200);
    return response.body.results as EventDetail;
  }
  type Page = { data: EventRow[]; page: number; limit: number; total: number; totalPages: number };
  async function list(query: Record<string, string | number>, token = admin) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await t.call('GET', `${p.list}?${search}`, { token });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    return response.body.results as Page;
  }
  /** How many events and sessions there are, to see that a refused write changed nothing. */
  const counts = async () => ({
    events: await t.db.$count(events),
    sessions: await t.db.$count(eventSessions),
  });

  return { category, otherCategory, location, otherLocation, session, body, create, read, list, counts };
}
