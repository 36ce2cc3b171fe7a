import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { departments, locations } from '../../server/db/schema/lookups.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
let locationTitles: string[];
beforeAll(async () => {
  t = await createTestContext();
  token = await t.login(demo.lead.email, demo.lead.password);
  locationTitles = (await t.db.select({ title: locations.title }).from(locations))
    .map((row) => row.title)
    .sort((a, b) => (a < b ? -1 : 1));
});
afterAll(() => t.close());

describe('GET /location', () => {
  it('pages by title with totalPage', async () => {
    const total = locationTitles.length;
    expect(total).toBeGreaterThan(20);
    const first = await t.call('GET', '/location?page=1&limit=10', { token });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(messages.listFetched);
    expect(first.body.results).toEqual({
      data: locationTitles.slice(0, 10).map((title) => ({ _id: expect.any(String), title })),
      page: 1,
      limit: 10,
      totalPage: Math.ceil(total / 10),
      total,
    });

    const last = await t.call('GET', `/location?page=${Math.ceil(total / 10)}&limit=10`, { token });
    expect(last.body.results.data.map((row: { title: string }) => row.title)).toEqual(
      locationTitles.slice((Math.ceil(total / 10) - 1) * 10),
    );
  });

  it('answers a page past the end with no rows but the right totals', async () => {
    const response = await t.call('GET', '/location?page=99&limit=10', { token });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({ data: [], page: 99, total: locationTitles.length });
    expect(response.body.results.totalPage).toBe(Math.ceil(locationTitles.length / 10));
  });

  it('searches titles case-insensitively anywhere in the word', async () => {
    const expected = locationTitles.filter((title) => title.toLowerCase().includes('an'));
    const response = await t.call('GET', '/location?search=AN&limit=50', { token });
    expect(response.body.results.data.map((row: { title: string }) => row.title)).toEqual(expected);
    expect(response.body.results.total).toBe(expected.length);
    expect(response.body.results.totalPage).toBe(1);
  });

  it('matches % and _ literally', async () => {
    const response = await t.call('GET', `/location?search=${encodeURIComponent('%')}`, { token });
    expect(response.body.results).toEqual({ data: [], page: 1, limit: 10, totalPage: 0, total: 0 });
  });

  it('falls back to page 1 and 10 rows for a bad page or limit', async () => {
    const response = await t.call('GET', '/location?page=abc&limit=7', { token });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({ page: 1, limit: 10 });
    expect(response.body.results.data).toHaveLength(10);
  });

  it('needs a session', async () => {
    const response = await t.call('GET', '/location');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: messages.unauthenticated });
  });
});

describe('GET /department', () => {
  it('pages and searches the same way', async () => {
    const titles = (await t.db.select({ title: departments.title }).from(departments))
      .map((row) => row.title)
      .sort((a, b) => (a < b ? -1 : 1));
    const second = await t.call('GET', '/department?page=2&limit=15', { token });
    expect(second.status).toBe(200);
    expect(second.body.results).toEqual({
      data: titles.slice(15, 30).map((title) => ({ _id: expect.any(String), title })),
      page: 2,
      limit: 15,
      totalPage: Math.ceil(titles.length / 15),
      total: titles.length,
    });
    const search = await t.call('GET', '/department?search=management', { token });
    expect(search.body.results.data.map((row: { title: string }) => row.title)).toEqual(
      titles.filter((title) => title.toLowerCase().includes('management')),
    );
  });
});

describe('GET /role and GET /membership', () => {
  it('lists membership roles by name', async () => {
    const response = await t.call('GET', '/role', { token });
    expect(response.status).toBe(200);
    expect(response.body.results.map((row: { name: string }) => row.name)).toEqual([
      'Empire',
      'Enterprise',
      'Freedom',
      'Growth',
    ]);
    expect(response.body.results[0]).toEqual({ _id: expect.any(String), name: 'Empire' });
  });

  it('lists membership levels by name', async () => {
    const response = await t.call('GET', '/membership', { token });
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(4);
    expect(response.body.results.every((row: object) => Object.keys(row).join() === '_id,name')).toBe(true);
  });

  it('need a session', async () => {
    expect((await t.call('GET', '/role')).status).toBe(401);
    expect((await t.call('GET', '/membership')).status).toBe(401);
  });
});
