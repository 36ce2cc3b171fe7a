import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CourseCategoryOption,
  type CourseCategoryRow,
  courseCategoryMessages as m,
  courseCategoryPaths as p,
} from '../../contract/course-categories/resource.ts';
import { messages } from '../../contract/messages.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// What is special to course categories; the shared list, status, bulk, 404, 409 and 422 behaviour
// is in conformance.test.ts.

let t: TestContext;
let admin: string;
let lead: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
});
afterAll(() => t.close());

const run = Date.now().toString(36);
const create = async (name: string, parentId: string | null = null) => {
  const response = await t.call('POST', p.list, { token: admin, body: { name, parentId } });
  expect(response.status, response.text).toBe(201);
  return response.body.results as CourseCategoryRow;
};
const update = (row: CourseCategoryRow, body: { name?: string; parentId?: string | null }) =>
  t.call('PATCH', p.one(row._id), {
    token: admin,
    body: { name: row.name, parentId: row.parentId, version: row.version, ...body },
  });
const read = async (id: string) =>
  (await t.call('GET', p.one(id), { token: admin })).body.results as CourseCategoryRow;
type Options = { data: CourseCategoryOption[]; total: number };
const options = async (path: string, query: Record<string, string>) => {
  const response = await t.call('GET', `${path}?${new URLSearchParams(query)}`, { token: admin });
  expect(response.status, response.text).toBe(200);
  return response.body.results as Options;
};

describe('course categories', () => {
  it('seeds about ten categories two levels deep, each listed with its path', async () => {
    const list = await t.call('GET', `${p.list}?limit=100&search=Forklifts`, { token: admin });
    expect(list.body.results.data).toEqual([
      expect.objectContaining({ name: 'Forklifts', path: 'Safety / Forklifts', status: true }),
    ]);
    const all = await t.call('GET', `${p.list}?limit=100`, { token: admin });
    expect(all.body.results.total).toBeGreaterThanOrEqual(10);
  });

  it('creates a category under a parent and shows its path three levels deep', async () => {
    const top = await create(`Top ${run}`);
    const middle = await create(`Middle ${run}`, top._id);
    const leaf = await create(`Leaf ${run}`, middle._id);
    expect(top).toMatchObject({ parentId: null, path: `Top ${run}`, version: 1 });
    expect(leaf).toMatchObject({ parentId: middle._id, path: `Top ${run} / Middle ${run} / Leaf ${run}` });
    const found = await t.call('GET', `${p.list}?search=${encodeURIComponent(`Leaf ${run}`)}`, {
      token: admin,
    });
    expect(found.body.results.data.map((row: CourseCategoryRow) => row.path)).toEqual([leaf.path]);

    // Renaming the top renames every path under it.
    expect((await update(top, { name: `Summit ${run}` })).status).toBe(200);
    expect((await read(leaf._id)).path).toBe(`Summit ${run} / Middle ${run} / Leaf ${run}`);
  });

  it("answers 'Category Title is required.' and refuses a parent that is not a category", async () => {
    for (const body of [{}, { name: '   ' }, { name: 7 }]) {
      const response = await t.call('POST', p.list, { token: admin, body });
      expect(response.status).toBe(422);
      expect(response.body.errors.name).toBe(m.nameRequired);
    }
    const bad = await t.call('POST', p.list, {
      token: admin,
      body: { name: `Bad ${run}`, parentId: 'nope' },
    });
    expect(bad.body.errors).toEqual({ parentId: m.parentInvalid });
    const missing = await t.call('POST', p.list, {
      token: admin,
      body: { name: `Missing ${run}`, parentId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ parentId: m.parentNotFound });
    expect((await options(p.parent, { search: `Missing ${run}` })).total).toBe(0);
  });

  it('refuses a second title under the same parent, in any case, but not under another parent', async () => {
    const a = await create(`Sibling A ${run}`);
    const b = await create(`Sibling B ${run}`);
    await create('Basics', a._id);
    const twin = await t.call('POST', p.list, { token: admin, body: { name: 'BASICS', parentId: a._id } });
    expect(twin.status).toBe(422);
    expect(twin.body.errors).toEqual({ name: m.nameTaken });
    await create('Basics', b._id);
    const renamed = await update(b, { name: `Sibling A ${run}` });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: m.nameTaken });
  });

  it('never hangs a category under itself or its descendants; the parent list leaves them out', async () => {
    const root = await create(`Loop root ${run}`);
    const child = await create(`Loop child ${run}`, root._id);
    const grandchild = await create(`Loop grandchild ${run}`, child._id);
    const other = await create(`Loop other ${run}`);

    for (const parentId of [root._id, child._id, grandchild._id]) {
      const refused = await update(root, { parentId });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ parentId: m.parentLoop });
    }
    expect(await read(root._id)).toMatchObject({ parentId: null, version: 1 });

    const choices = await options(p.parent, { categoryId: root._id, search: `Loop`, limit: '100' });
    expect(choices.data.map((option) => option.name).filter((name) => name.endsWith(run))).toEqual([
      `Loop other ${run}`,
    ]);
    const forChild = await options(p.parent, { categoryId: child._id, search: `Loop`, limit: '100' });
    expect(forChild.data.map((option) => option.path).filter((path) => path.endsWith(run))).toEqual([
      `Loop other ${run}`,
      `Loop root ${run}`,
    ]);
    // A new category may go anywhere.
    expect((await options(p.parent, { search: `Loop`, limit: '100' })).total).toBeGreaterThanOrEqual(4);

    // Moving a branch elsewhere is fine, and its paths follow.
    expect((await update(root, { parentId: other._id })).status).toBe(200);
    expect((await read(grandchild._id)).path).toBe(
      `Loop other ${run} / Loop root ${run} / Loop child ${run} / Loop grandchild ${run}`,
    );
  });

  it('deletes a parent only with its subcategories; alone it is refused with 409 and kept', async () => {
    const parent = await create(`Delete parent ${run}`);
    const child = await create(`Delete child ${run}`, parent._id);
    const refused = await t.call('DELETE', p.bulkDelete, { token: admin, body: { bulkId: [parent._id] } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(m.hasSubcategories);
    expect((await read(parent._id))._id).toBe(parent._id);
    const both = await t.call('DELETE', p.bulkDelete, {
      token: admin,
      body: { bulkId: [parent._id, child._id] },
    });
    expect(both.status, both.text).toBe(200);
    expect((await t.call('GET', p.one(parent._id), { token: admin })).status).toBe(404);
  });

  it('refuses with 409 to delete a category that holds courses, keeping both', async () => {
    const category = await create(`Holding ${run}`);
    const [course] = await t.db
      .insert(courses)
      .values({ name: `Held course ${run}`, categoryId: category._id })
      .returning({ id: courses.id });
    const refused = await t.call('DELETE', p.bulkDelete, { token: admin, body: { bulkId: [category._id] } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(m.hasCourses);
    expect((await read(category._id))._id).toBe(category._id);
    const [kept] = await t.db
      .select()
      .from(courses)
      .where(eq(courses.id, course?.id as string));
    expect(kept?.categoryId).toBe(category._id);
  });

  it('gives any signed-in user the published categories for pickers; the list stays for the role', async () => {
    const shown = await create(`Picker shown ${run}`);
    const hidden = await create(`Picker hidden ${run}`, shown._id);
    expect((await t.call('POST', p.one(hidden._id), { token: admin })).status).toBe(200);
    const response = await t.call('GET', `${p.info}?search=${encodeURIComponent(`Picker`)}`, { token: lead });
    expect(response.status).toBe(200);
    const names = (response.body.results as Options).data.map((option) => option.name);
    expect(names).toContain(`Picker shown ${run}`);
    expect(names).not.toContain(`Picker hidden ${run}`);
    expect((await t.call('GET', p.list, { token: lead })).status).toBe(403);
    expect((await t.call('GET', p.parent, { token: lead })).status).toBe(403);
    expect((await t.call('GET', p.info)).status).toBe(401);
    expect((await t.call('GET', p.info, { token: lead })).body.message).toBe(messages.listFetched);
  });
});
