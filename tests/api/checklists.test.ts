import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import { checklistMessages as m, checklistPaths as p } from '../../contract/checklists/resource.ts';
import { messages } from '../../contract/messages.ts';
import { checklistActivities, checklists } from '../../server/db/schema/checklists.ts';
import {
  addActivity as add,
  checklistRoleUser,
  createChecklist as create,
  MISSING,
  readChecklist as read,
} from './checklist-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// What is special to checklists; the shared list, status toggle, bulk routes, 404, 409 and 422
// behaviour is in conformance.test.ts, the activities in checklist-activities.test.ts.

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

describe('checklists', () => {
  it('keeps the seeded checklists and lists a new one with its description and activity count', async () => {
    const seeded = await t.call('GET', `${p.list}?limit=100`, { token: admin });
    expect(seeded.status).toBe(200);
    expect(seeded.body.results.total).toBeGreaterThanOrEqual(6);
    const walkthrough = (seeded.body.results.data as { _id: string; title: string }[]).find(
      (row) => row.title === 'Safety Walkthrough',
    );
    const demo = await readChecklist(walkthrough?._id ?? MISSING);
    expect(demo.activities.map((activity) => [activity.position, activity.type])).toEqual([
      [1, 'leadSignOff'],
      [2, 'learnerTick'],
      [3, 'evidence'],
      [4, 'writtenAnswer'],
    ]);
    const created = await createChecklist(`Forklift ${run}`, 'Operated under supervision.');
    expect(created).toMatchObject({
      title: `Forklift ${run}`,
      description: 'Operated under supervision.',
      // Unpublished until its activities are in and it is published from the list.
      status: false,
      version: 1,
      activityCount: 0,
      activities: [],
    });
    await addActivity(created._id, { title: 'Checks the forks', type: 'leadSignOff' });
    const list = await t.call('GET', `${p.list}?search=${encodeURIComponent(`forklift ${run}`)}`, {
      token: admin,
    });
    expect(list.body.results.data).toEqual([
      expect.objectContaining({ _id: created._id, title: `Forklift ${run}`, activityCount: 1 }),
    ]);
    const [row] = await t.db.select().from(checklists).where(eq(checklists.id, created._id));
    expect(row?.description).toBe('Operated under supervision.');
  });

  it('updates with the version read, refuses a stale one with the current record, and 404s an unknown id', async () => {
    const created = await createChecklist(`Evacuation ${run}`);
    const updated = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: { title: `Evacuation route ${run}`, description: 'Knows the way out.', version: 1 },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      message: `Checklist 'Evacuation route ${run}' updated.`,
      results: { description: 'Knows the way out.', version: 2 },
    });
    const stale = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: { title: 'Lost', description: '', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: adminMessages.staleVersion,
      results: { title: `Evacuation route ${run}`, version: 2 },
    });
    expect((await t.call('GET', p.one(MISSING), { token: admin })).status).toBe(404);
    const missing = await t.call('PATCH', p.one(MISSING), {
      token: admin,
      body: { title: 'Nope', version: 1 },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a bad checklist with the contract messages and writes nothing', async () => {
    const before = await t.db.$count(checklists);
    const response = await t.call('POST', p.list, {
      token: admin,
      body: { title: 'x'.repeat(201), description: 'y'.repeat(2001) },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      message: messages.validationFailed,
      errors: { title: m.titleTooLong, description: m.descriptionTooLong },
    });
    const empty = await t.call('POST', p.list, { token: admin, body: {} });
    expect(empty.body.errors).toEqual({ title: m.titleRequired });
    expect(await t.db.$count(checklists)).toBe(before);
  });
});

describe('PATCH /checklist/operation', () => {
  const operate = (body: Record<string, unknown>, token = admin) =>
    t.call('PATCH', p.operation, { token, body });

  it('publishes and unpublishes one or many with the spec message', async () => {
    const a = await createChecklist(`Operation A ${run}`);
    const b = await createChecklist(`Operation B ${run}`);
    const on = await operate({ operation: 'publish', bulkId: [a._id, b._id] });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({
      message: 'Status is updated successfully.',
      results: { bulkId: [a._id, b._id] },
    });
    expect((await readChecklist(a._id)).status).toBe(true);
    expect((await readChecklist(b._id)).status).toBe(true);
    const off = await operate({ operation: 'unpublish', bulkId: [a._id, b._id] });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({
      message: 'Status is updated successfully.',
      results: { bulkId: [a._id, b._id] },
    });
    expect((await readChecklist(a._id)).status).toBe(false);
    expect((await readChecklist(b._id)).status).toBe(false);
    const again = await operate({ operation: 'publish', bulkId: [b._id] });
    expect(again.body.message).toBe('Status is updated successfully.');
    expect((await readChecklist(a._id)).status).toBe(false);
    expect(await readChecklist(b._id)).toMatchObject({ status: true, version: 4 });
  });

  it('deletes one or many with their activities, and answers 404 changing nothing when any id is unknown', async () => {
    const a = await createChecklist(`Delete A ${run}`);
    const b = await createChecklist(`Delete B ${run}`);
    const c = await createChecklist(`Delete C ${run}`);
    await addActivity(a._id, { title: 'Gone with it', type: 'learnerTick' });
    const unknown = await operate({ operation: 'delete', bulkId: [a._id, MISSING] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.notFound);
    expect((await readChecklist(a._id)).activityCount).toBe(1);
    const unknownStatus = await operate({ operation: 'publish', bulkId: [b._id, MISSING] });
    expect(unknownStatus.status).toBe(404);
    expect((await readChecklist(b._id)).status).toBe(false);

    const one = await operate({ operation: 'delete', bulkId: [a._id] });
    expect(one.body).toEqual({ message: `Checklist 'Delete A ${run}' deleted.`, results: null });
    expect(await t.db.$count(checklistActivities, eq(checklistActivities.checklistId, a._id))).toBe(0);
    const many = await operate({ operation: 'delete', bulkId: [b._id, c._id] });
    expect(many.body).toEqual({ message: adminMessages.bulkDeleted, results: null });
    for (const id of [a._id, b._id, c._id])
      expect((await t.call('GET', p.one(id), { token: admin })).status).toBe(404);
  });

  it('refuses a bad operation or bulkId with 422', async () => {
    const a = await createChecklist(`Bad operation ${run}`);
    const bad = await operate({ operation: 'archive', bulkId: [a._id] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ operation: 'Operation must be publish, unpublish or delete.' });
    const missing = await operate({ bulkId: [a._id] });
    expect(missing.body.errors).toEqual({ operation: 'Operation must be publish, unpublish or delete.' });
    const empty = await operate({ operation: 'delete', bulkId: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ bulkId: 'Select at least one record.' });
    expect((await operate({ operation: 'publish', bulkId: ['nope'] })).status).toBe(422);
    expect(await readChecklist(a._id)).toMatchObject({ status: false, version: 1 });
  });
});

describe('who may change checklists', () => {
  it('refuses a user without the checklists rights (403) and changes nothing', async () => {
    const list = await createChecklist(`Guarded ${run}`);
    const published = await t.call('PATCH', p.operation, {
      token: admin,
      body: { operation: 'publish', bulkId: [list._id] },
    });
    expect(published.status).toBe(200);
    const activity = await addActivity(list._id, { title: 'Guarded activity', type: 'learnerTick' });
    const outsider = await checklistRoleUser(
      t,
      admin,
      { view: true, add: true, edit: true, delete: true, publish: true },
      true,
    );
    const viewer = await checklistRoleUser(t, admin, { view: true });
    const publisher = await checklistRoleUser(t, admin, { view: true, publish: true });
    const learner = await t.login(demo.lead.email, demo.lead.password);
    const changes: [string, string, unknown][] = [
      ['POST', p.list, { title: 'Nope' }],
      ['PATCH', p.one(list._id), { title: 'Nope', version: 1 }],
      ['PATCH', p.operation, { operation: 'unpublish', bulkId: [list._id] }],
      ['PATCH', p.operation, { operation: 'delete', bulkId: [list._id] }],
      ['POST', p.activity, { checklistId: list._id, title: 'Nope', type: 'learnerTick' }],
      ['PATCH', p.activityOne(activity._id), { title: 'Nope', type: 'learnerTick', version: 1 }],
      ['DELETE', p.activityOne(activity._id), undefined],
      ['POST', p.activityReorder, { checklistId: list._id, activityIds: [activity._id] }],
    ];
    const reads: [string, string][] = [
      ['GET', p.list],
      ['GET', p.one(list._id)],
      ['GET', `${p.activity}?checklist=${list._id}`],
      ['GET', p.activityOne(activity._id)],
      ['GET', p.activityTypes],
    ];
    for (const token of [outsider, learner]) {
      for (const [method, path, body] of [...reads, ...changes]) {
        const response = await t.call(method, path, { token, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toBe(messages.forbidden);
      }
    }
    for (const [method, path] of reads)
      expect((await t.call(method, path, { token: viewer })).status).toBe(200);
    for (const [method, path, body] of changes)
      expect((await t.call(method, path, { token: viewer, body })).status, `${method} ${path}`).toBe(403);
    // The publish right alone does not delete through the operation route.
    const publisherDelete = await t.call('PATCH', p.operation, {
      token: publisher,
      body: { operation: 'delete', bulkId: [list._id] },
    });
    expect(publisherDelete.status).toBe(403);
    expect(await readChecklist(list._id)).toMatchObject({
      title: `Guarded ${run}`,
      status: true,
      version: 2,
      activities: [{ title: 'Guarded activity', version: 1 }],
    });
    expect((await t.call('GET', p.list)).status).toBe(401);
  });
});
