import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import {
  CHECKLIST_ACTIVITY_TYPES,
  type ChecklistActivity,
  checklistMessages as m,
  checklistPaths as p,
} from '../../contract/checklists/resource.ts';
import { checklistActivities } from '../../server/db/schema/checklists.ts';
import {
  addActivity as add,
  createChecklist as create,
  MISSING,
  readChecklist as read,
  titles,
} from './checklist-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// The activities of a checklist: their types, adding, editing, paging, deleting and reordering.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const run = Date.now().toString(36);
const createChecklist = (title: string, description = '') => create(t, admin, title, description);
const readChecklist = (id: string, token = admin) => read(t, token, id);
const addActivity = (checklistId: string, body: Record<string, unknown>) => add(t, admin, checklistId, body);

describe('checklist activities', () => {
  it('answers the activity types, each with its name', async () => {
    const response = await t.call('GET', p.activityTypes, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(m.typesFetched);
    const types = response.body.results as { _id: string; name: string }[];
    expect(types.map((type) => type._id)).toEqual([...CHECKLIST_ACTIVITY_TYPES]);
    expect(types.map((type) => type.name)).toEqual([
      'Ticked by the learner',
      'Signed off by the team lead',
      'Signed off by a named observer',
      'Evidence to upload',
      'Short written answer',
      'Competent / not yet competent',
    ]);
  });

  it('adds activities at the end, reads, edits with the version, pages and deletes them', async () => {
    const list = await createChecklist(`Activities ${run}`);
    const tick = await addActivity(list._id, {
      title: 'Reads the manual',
      type: 'learnerTick',
      required: false,
    });
    const photo = await addActivity(list._id, {
      title: 'Photo of the cleared aisle',
      instructions: 'Take it from the loading bay.',
      type: 'evidence',
    });
    const rate = await addActivity(list._id, { title: 'Drives the course', type: 'rating' });
    expect([tick.position, photo.position, rate.position]).toEqual([1, 2, 3]);
    expect(tick).toMatchObject({ required: false, instructions: '', version: 1, checklistId: list._id });
    expect(photo.required).toBe(true);

    const one = await t.call('GET', p.activityOne(photo._id), { token: admin });
    expect(one.body).toMatchObject({
      message: adminMessages.fetched,
      results: { title: 'Photo of the cleared aisle' },
    });
    const page = await t.call('GET', `${p.activity}?checklist=${list._id}&page=2&limit=2`, { token: admin });
    expect(page.status).toBe(200);
    expect(page.body.results).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page.body.results.data.map((a: ChecklistActivity) => a._id)).toEqual([rate._id]);

    const edited = await t.call('PATCH', p.activityOne(rate._id), {
      token: admin,
      body: { title: 'Drives the course twice', type: 'observerSignOff', required: false, version: 1 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      message: "Activity 'Drives the course twice' updated.",
      results: { type: 'observerSignOff', required: false, version: 2 },
    });
    const stale = await t.call('PATCH', p.activityOne(rate._id), {
      token: admin,
      body: { title: 'Old', type: 'rating', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.results).toMatchObject({ title: 'Drives the course twice', version: 2 });

    const removed = await t.call('DELETE', p.activityOne(tick._id), { token: admin });
    expect(removed.body).toEqual({
      message: "Activity 'Reads the manual' deleted.",
      results: { _id: tick._id },
    });
    expect((await t.call('DELETE', p.activityOne(tick._id), { token: admin })).status).toBe(404);
    expect((await t.call('GET', p.activityOne(tick._id), { token: admin })).status).toBe(404);
    expect(titles(await readChecklist(list._id))).toEqual([
      'Photo of the cleared aisle',
      'Drives the course twice',
    ]);
  });

  it('reorders every activity once, and refuses any other list', async () => {
    const list = await createChecklist(`Reorder ${run}`);
    const [a, b, c] = [
      await addActivity(list._id, { title: 'First', type: 'learnerTick' }),
      await addActivity(list._id, { title: 'Second', type: 'leadSignOff' }),
      await addActivity(list._id, { title: 'Third', type: 'writtenAnswer' }),
    ];
    if (!a || !b || !c) throw new Error('Activities not added');
    const reorder = (activityIds: string[]) =>
      t.call('POST', p.activityReorder, { token: admin, body: { checklistId: list._id, activityIds } });
    const moved = await reorder([c._id, a._id, b._id]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.message).toBe(m.reordered);
    expect(titles(await readChecklist(list._id))).toEqual(['Third', 'First', 'Second']);
    for (const ids of [
      [c._id, a._id],
      [c._id, a._id, a._id],
      [c._id, a._id, b._id, MISSING],
    ]) {
      const refused = await reorder(ids);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ activityIds: m.reorderMismatch });
    }
    expect(titles(await readChecklist(list._id))).toEqual(['Third', 'First', 'Second']);
  });

  it('refuses bad activities with the contract messages and writes nothing', async () => {
    const list = await createChecklist(`Bad activities ${run}`);
    const activity = await addActivity(list._id, { title: 'Kept', type: 'learnerTick' });
    const before = await t.db.$count(checklistActivities);
    const refused = await t.call('POST', p.activity, { token: admin, body: { checklistId: list._id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ title: m.activityTitleRequired, type: m.typeRequired });
    const wrong = await t.call('POST', p.activity, {
      token: admin,
      body: { checklistId: 'nope', title: 'x'.repeat(201), type: 'dance', instructions: 'y'.repeat(2001) },
    });
    expect(wrong.body.errors).toEqual({
      checklistId: m.checklistRequired,
      title: m.activityTitleTooLong,
      type: m.typeRequired,
      instructions: m.instructionsTooLong,
    });
    const unknown = await t.call('POST', p.activity, {
      token: admin,
      body: { checklistId: MISSING, title: 'Orphan', type: 'learnerTick' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ checklistId: m.checklistNotFound });
    const badEdit = await t.call('PATCH', p.activityOne(activity._id), {
      token: admin,
      body: { title: ' ', type: 'learnerTick', version: 1 },
    });
    expect(badEdit.body.errors).toEqual({ title: m.activityTitleRequired });
    const noVersion = await t.call('PATCH', p.activityOne(activity._id), {
      token: admin,
      body: { title: 'Changed', type: 'learnerTick' },
    });
    expect(noVersion.body.errors).toEqual({ version: adminMessages.versionRequired });
    expect((await t.call('GET', `${p.activity}`, { token: admin })).status).toBe(422);
    expect((await t.call('GET', `${p.activity}?checklist=${MISSING}`, { token: admin })).status).toBe(404);
    expect(await t.db.$count(checklistActivities)).toBe(before);
    expect(await readChecklist(list._id)).toMatchObject({ activities: [{ title: 'Kept', version: 1 }] });
  });
});
