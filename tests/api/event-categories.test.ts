import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import {
  type EventCategoryRow,
  eventCategoryMessages as m,
  eventCategoryPaths as p,
} from '../../contract/event-categories/resource.ts';
import { messages } from '../../contract/messages.ts';
import type { RoleModule } from '../../contract/roles.ts';
import type { PermissionAction } from '../../contract/session.ts';
import { eventCategories } from '../../server/db/schema/event-categories.ts';
import { demoEventCategories } from '../../server/modules/event-categories/seed.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

// What is special to event categories: the spec's `filter=status:x`, the title kept unique, the
// status in the form and the operation route. The shared list, toggle, bulk, 404, 409 and 422
// behaviour runs over them in conformance.test.ts as over every resource.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
// Not a word of any seeded title, so a search for it finds only this file's categories.
const run = `ec${Date.now().toString(36)}`;

type Page = { data: EventCategoryRow[]; page: number; limit: number; total: number; totalPages: number };

async function list(query: Record<string, string | number>, token = admin) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await t.call('GET', `${p.list}?${search}`, { token });
  expect(response.status, response.text).toBe(200);
  expect(response.body.message).toBe(messages.listFetched);
  return response.body.results as Page;
}
const titles = (page: Page) => page.data.map((row) => row.title);

async function create(body: Record<string, unknown>) {
  const response = await t.call('POST', p.list, { token: admin, body });
  expect(response.status, response.text).toBe(201);
  expect(response.body.message).toBe(`Event category '${String(body.title).trim()}' created.`);
  return response.body.results as EventCategoryRow;
}

async function read(id: string) {
  const response = await t.call('GET', p.one(id), { token: admin });
  expect(response.status, response.text).toBe(200);
  expect(response.body.message).toBe(adminMessages.fetched);
  return response.body.results as EventCategoryRow;
}

const none = { view: false, add: false, edit: false, delete: false, publish: false };

/** A signed-in user whose role grants `grants` on event categories (or, with `elsewhere`, on course categories only). */
async function roleUser(grants: Partial<Record<PermissionAction, boolean>>, elsewhere = false) {
  const modules = (await t.call('GET', '/administrator-role/module-submodule', { token: admin })).body
    .results as RoleModule[];
  const [moduleSlug, submoduleSlug] = elsewhere
    ? ['content-management', 'course-category']
    : ['event-management', 'event-category'];
  const submodule = modules
    .find((module) => module.slug === moduleSlug)
    ?.submodules.find((entry) => entry.slug === submoduleSlug);
  if (!submodule) throw new Error(`No submodule ${submoduleSlug}`);
  const role = await t.call('POST', '/administrator-role', {
    token: admin,
    body: {
      name: `Event category role ${uniqueEmail()}`,
      status: true,
      permissions: [{ submoduleId: submodule._id, ...none, ...grants }],
    },
  });
  expect(role.status, role.text).toBe(201);
  const email = uniqueEmail();
  await t.createUser({ email, password: 'category-pass-1', administrativeRoleId: role.body.results._id });
  return t.login(email, 'category-pass-1');
}

describe('GET /event/category', () => {
  it("lists the seeded categories, newest first, and filters them by the spec's filter=status:x", async () => {
    const all = await list({ limit: 100 });
    expect(all.total).toBe(demoEventCategories.length);
    expect(titles(all).sort()).toEqual(demoEventCategories.map((category) => category.title).sort());
    const unpublished = demoEventCategories.filter((category) => !category.status).map((c) => c.title);
    expect(titles(await list({ filter: 'status:false' }))).toEqual(unpublished);
    expect((await list({ filter: 'status:true' })).total).toBe(demoEventCategories.length - 1);
    expect((await list({ filter: 'status:all' })).total).toBe(demoEventCategories.length);
    // `status`, as the other lists take it, works too; the spec's filter wins over it.
    expect(titles(await list({ status: 'false' }))).toEqual(unpublished);
    expect((await list({ status: 'false', filter: 'status:true' })).total).toBe(
      demoEventCategories.length - 1,
    );
    // A filter that is not a status filter is no filter.
    for (const filter of ['status:maybe', 'title:Webinar', 'false', ''])
      expect((await list({ filter })).total, filter).toBe(demoEventCategories.length);
  });

  it('searches titles case-insensitively and pages the matches', async () => {
    for (const n of [1, 2, 3]) await create({ title: `Onboarding ${run} ${n}`, description: `Day ${n}.` });
    const first = await list({ search: `ONBOARDING ${run}`, page: 1, limit: 2 });
    expect(first).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(titles(first)).toEqual([`Onboarding ${run} 3`, `Onboarding ${run} 2`]);
    expect(first.data[0]).toMatchObject({ description: 'Day 3.', status: true, version: 1 });
    expect(titles(await list({ search: `onboarding ${run}`, page: 2, limit: 2 }))).toEqual([
      `Onboarding ${run} 1`,
    ]);
    expect((await list({ search: `${run} 4` })).total).toBe(0);
    // A limit outside the spec's page sizes falls back to the first page's.
    expect(await list({ search: run, limit: 7 })).toMatchObject({ limit: 10, total: 3 });
  });
});

describe('POST and PATCH /event/category', () => {
  it('creates a category published unless told otherwise, and reads it by id', async () => {
    const published = await create({ title: `  Field Day ${run}  ` });
    expect(published).toMatchObject({ title: `Field Day ${run}`, description: '', status: true, version: 1 });
    const hidden = await create({ title: `Night Shift ${run}`, description: 'After hours.', status: false });
    expect(await read(hidden._id)).toEqual(hidden);
    expect(titles(await list({ search: run, filter: 'status:false' }))).toEqual([`Night Shift ${run}`]);
  });

  it('refuses a title another category has, whatever its case, under the title', async () => {
    const before = await t.db.$count(eventCategories);
    const taken = await t.call('POST', p.list, { token: admin, body: { title: 'webinar' } });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ message: messages.validationFailed, errors: { title: m.titleTaken } });
    const own = await create({ title: `Open Day ${run}` });
    const renamed = await t.call('PATCH', p.one(own._id), {
      token: admin,
      body: { title: 'WORKSHOP', description: '', version: own.version },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ title: m.titleTaken });
    expect(await t.db.$count(eventCategories)).toBe(before + 1);
    expect(await read(own._id)).toEqual(own);
  });

  it("refuses bad fields with the contract's messages and writes nothing", async () => {
    const before = await t.db.$count(eventCategories);
    const empty = await t.call('POST', p.list, { token: admin, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ message: messages.validationFailed, errors: { title: m.titleRequired } });
    const blank = await t.call('POST', p.list, { token: admin, body: { title: '   ' } });
    expect(blank.body.errors).toEqual({ title: 'Category Title is required.' });
    const long = await t.call('POST', p.list, {
      token: admin,
      body: { title: 'x'.repeat(101), description: 'y'.repeat(2001), status: 'yes' },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({
      title: m.titleTooLong,
      description: m.descriptionTooLong,
      status: m.statusInvalid,
    });
    const notText = await t.call('POST', p.list, { token: admin, body: { title: 42, description: ['a'] } });
    expect(notText.body.errors).toEqual({ title: m.titleRequired, description: m.descriptionTooLong });
    expect(await t.db.$count(eventCategories)).toBe(before);
  });

  it('updates with the version it read, keeps a status left out, and answers a stale version 409', async () => {
    const created = await create({ title: `Drill ${run}`, status: false });
    const updated = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: { title: `Fire Drill ${run}`, description: 'Twice a year.', version: 1 },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({
      message: `Event category 'Fire Drill ${run}' updated.`,
      results: { ...created, title: `Fire Drill ${run}`, description: 'Twice a year.', version: 2 },
    });
    const published = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: { title: `Fire Drill ${run}`, description: 'Twice a year.', status: true, version: 2 },
    });
    expect(published.body.results).toMatchObject({ status: true, version: 3 });
    const stale = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: { title: 'Lost', description: '', status: false, version: 2 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: adminMessages.staleVersion, results: published.body.results });
    const missing = await t.call('PATCH', p.one(MISSING), {
      token: admin,
      body: { title: 'Nope', version: 1 },
    });
    expect(missing.status).toBe(404);
    expect((await t.call('GET', p.one(MISSING), { token: admin })).status).toBe(404);
    expect(await read(created._id)).toEqual(published.body.results);
  });
});

describe('PATCH /event/category-operation', () => {
  const operate = (body: Record<string, unknown>, token = admin) =>
    t.call('PATCH', p.operation, { token, body });

  it("unpublishes and publishes many with the spec's message", async () => {
    const a = await create({ title: `Operation A ${run}` });
    const b = await create({ title: `Operation B ${run}` });
    const off = await operate({ operation: 'unpublish', bulkId: [a._id, b._id] });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({
      message: 'Status is updated successfully.',
      results: { bulkId: [a._id, b._id] },
    });
    expect(titles(await list({ search: `Operation`, filter: 'status:false' }))).toEqual([
      `Operation B ${run}`,
      `Operation A ${run}`,
    ]);
    const on = await operate({ operation: 'publish', bulkId: [b._id] });
    expect(on.body.message).toBe(messages.statusUpdated);
    expect(await read(a._id)).toMatchObject({ status: false, version: 2 });
    expect(await read(b._id)).toMatchObject({ status: true, version: 3 });
  });

  it('deletes one, naming it, or many; an unknown id deletes and changes nothing', async () => {
    const a = await create({ title: `Delete A ${run}` });
    const b = await create({ title: `Delete B ${run}` });
    const c = await create({ title: `Delete C ${run}` });
    const unknown = await operate({ operation: 'delete', bulkId: [a._id, MISSING] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.notFound);
    const unknownStatus = await operate({ operation: 'unpublish', bulkId: [b._id, MISSING] });
    expect(unknownStatus.status).toBe(404);
    expect(await read(b._id)).toMatchObject({ status: true, version: 1 });

    const one = await operate({ operation: 'delete', bulkId: [a._id] });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ message: `Event category 'Delete A ${run}' deleted.`, results: null });
    const many = await operate({ operation: 'delete', bulkId: [b._id, c._id] });
    expect(many.body).toEqual({ message: adminMessages.bulkDeleted, results: null });
    for (const id of [a._id, b._id, c._id])
      expect((await t.call('GET', p.one(id), { token: admin })).status).toBe(404);
  });

  it('refuses a bad operation or bulkId with 422, changing nothing', async () => {
    const a = await create({ title: `Bad operation ${run}` });
    const bad = await operate({ operation: 'archive', bulkId: [a._id] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ operation: 'Operation must be publish, unpublish or delete.' });
    expect((await operate({ bulkId: [a._id] })).body.errors).toEqual({
      operation: 'Operation must be publish, unpublish or delete.',
    });
    const empty = await operate({ operation: 'delete', bulkId: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ bulkId: 'Select at least one record.' });
    expect((await operate({ operation: 'unpublish', bulkId: ['nope'] })).status).toBe(422);
    expect((await operate({ operation: 'delete', bulkId: a._id })).status).toBe(422);
    expect(await read(a._id)).toMatchObject({ status: true, version: 1 });
  });
});

describe('who may see and change event categories', () => {
  it('refuses a role without the event category rights, and a user without a role, changing nothing', async () => {
    const category = await create({ title: `Guarded ${run}`, description: 'Kept.' });
    const outsider = await roleUser({ view: true, add: true, edit: true, delete: true, publish: true }, true);
    const learner = await t.login(demo.lead.email, demo.lead.password);
    const calls: [string, string, unknown][] = [
      ['GET', p.list, undefined],
      ['GET', p.one(category._id), undefined],
      ['POST', p.list, { title: `Nope ${run}` }],
      ['PATCH', p.one(category._id), { title: 'Nope', version: 1 }],
      ['POST', p.one(category._id), undefined],
      ['POST', p.bulkOff, { bulkId: [category._id] }],
      ['DELETE', p.bulkDelete, { bulkId: [category._id] }],
      ['PATCH', p.operation, { operation: 'unpublish', bulkId: [category._id] }],
      ['PATCH', p.operation, { operation: 'delete', bulkId: [category._id] }],
    ];
    for (const token of [outsider, learner]) {
      for (const [method, path, body] of calls) {
        const response = await t.call(method, path, { token, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ message: messages.forbidden });
      }
    }
    expect((await t.call('GET', p.list)).status).toBe(401);
    expect(await read(category._id)).toEqual(category);
    expect((await list({ search: `Nope ${run}` })).total).toBe(0);
  });

  it('lets each right do its part: view reads, edit edits but publishes only with publish, delete needs its own', async () => {
    const category = await create({ title: `Rights ${run}` });
    const viewer = await roleUser({ view: true });
    expect((await list({ search: `Rights ${run}` }, viewer)).total).toBe(1);
    const refused = await t.call('POST', p.list, { token: viewer, body: { title: `Viewer ${run}` } });
    expect(refused.status).toBe(403);

    const editor = await roleUser({ view: true, edit: true });
    const unpublish = await t.call('PATCH', p.one(category._id), {
      token: editor,
      body: { title: `Rights ${run}`, status: false, version: 1 },
    });
    expect(unpublish.status).toBe(403);
    expect(await read(category._id)).toMatchObject({ status: true, version: 1 });
    const edited = await t.call('PATCH', p.one(category._id), {
      token: editor,
      body: { title: `Rights edited ${run}`, description: 'By an editor.', status: true, version: 1 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.results).toMatchObject({ title: `Rights edited ${run}`, status: true, version: 2 });

    const publisher = await roleUser({ view: true, edit: true, publish: true });
    const toggled = await t.call('PATCH', p.one(category._id), {
      token: publisher,
      body: { title: `Rights edited ${run}`, description: 'By an editor.', status: false, version: 2 },
    });
    expect(toggled.body.results).toMatchObject({ status: false, version: 3 });
    // The publish right alone does not delete through the operation route.
    const publisherDelete = await t.call('PATCH', p.operation, {
      token: publisher,
      body: { operation: 'delete', bulkId: [category._id] },
    });
    expect(publisherDelete.status).toBe(403);
    const deleter = await roleUser({ view: true, publish: true, delete: true });
    const deleted = await t.call('PATCH', p.operation, {
      token: deleter,
      body: { operation: 'delete', bulkId: [category._id] },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await t.call('GET', p.one(category._id), { token: admin })).status).toBe(404);
  });
});
