import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import {
  CHECKLIST_ACTIVITY_TYPES,
  type ChecklistActivity,
  type ChecklistDetail,
  checklistMessages as m,
  checklistPaths as p,
} from '../../contract/checklists/resource.ts';
import { messages } from '../../contract/messages.ts';
import type { RoleModule } from '../../contract/roles.ts';
import { checklistActivities, checklists } from '../../server/db/schema/checklists.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

// What is special to checklists; the shared list, status toggle, bulk routes, 404, 409 and 422
// behaviour is in conformance.test.ts.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const run = Date.now().toString(36);
const MISSING = '00000000-0000-4000-8000-000000000000';

async function createChecklist(title: string, description = '') {
  const response = await t.call('POST', p.list, { token: admin, body: { title, description } });
  expect(response.status, response.text).toBe(201);
  expect(response.body.message).toBe(adminMessages.created);
  return response.body.results as ChecklistDetail;
}
async function readChecklist(id: string, token = admin) {
  const response = await t.call('GET', p.one(id), { token });
  expect(response.status, response.text).toBe(200);
  return response.body.results as ChecklistDetail;
}
async function addActivity(checklistId: string, body: Record<string, unknown>) {
  const response = await t.call('POST', p.activity, { token: admin, body: { checklistId, ...body } });
  expect(response.status, response.text).toBe(201);
  expect(response.body.message).toBe(adminMessages.created);
  return response.body.results as ChecklistActivity;
}
const titles = (detail: ChecklistDetail) => detail.activities.map((activity) => activity.title);

/** A user whose role grants `grants` on the checklists submodule, or on quizzes only with `elsewhere`. */
async function checklistRoleUser(grants: Partial<Record<string, boolean>>, elsewhere = false) {
  const modules = (await t.call('GET', '/administrator-role/module-submodule', { token: admin })).body
    .results as RoleModule[];
  const slug = elsewhere ? 'quizzes' : 'checklists';
  const submodule = modules
    .find((module) => module.slug === 'content-management')
    ?.submodules.find((entry) => entry.slug === slug);
  if (!submodule) throw new Error(`No submodule ${slug}`);
  const none = { view: false, add: false, edit: false, delete: false, publish: false };
  const role = await t.call('POST', '/administrator-role', {
    token: admin,
    body: {
      name: `Checklist role ${uniqueEmail()}`,
      status: true,
      permissions: [{ submoduleId: submodule._id, ...none, ...grants }],
    },
  });
  expect(role.status, role.text).toBe(201);
  const email = uniqueEmail();
  await t.createUser({ email, password: 'checklist-pass-1', administrativeRoleId: role.body.results._id });
  return t.login(email, 'checklist-pass-1');
}

describe('checklists', () => {
  it('keeps the seeded checklists and lists a new one with its description and activity count', async () => {
    const seeded = await t.call('GET', `${p.list}?limit=100`, { token: admin });
    expect(seeded.status).toBe(200);
    expect(seeded.body.results.total).toBeGreaterThanOrEqual(6);
    const created = await createChecklist(`Forklift ${run}`, 'Operated under supervision.');
    expect(created).toMatchObject({
      title: `Forklift ${run}`,
      description: 'Operated under supervision.',
      status: true,
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
    expect(updated.body.results).toMatchObject({ description: 'Knows the way out.', version: 2 });
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
    const off = await operate({ operation: 'unpublish', bulkId: [a._id, b._id] });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({
      message: 'Status is updated successfully.',
      results: { bulkId: [a._id, b._id] },
    });
    expect((await readChecklist(a._id)).status).toBe(false);
    expect((await readChecklist(b._id)).status).toBe(false);
    const on = await operate({ operation: 'publish', bulkId: [b._id] });
    expect(on.body.message).toBe('Status is updated successfully.');
    expect((await readChecklist(a._id)).status).toBe(false);
    expect(await readChecklist(b._id)).toMatchObject({ status: true, version: 3 });
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
    const unknownStatus = await operate({ operation: 'unpublish', bulkId: [b._id, MISSING] });
    expect(unknownStatus.status).toBe(404);
    expect((await readChecklist(b._id)).status).toBe(true);

    const one = await operate({ operation: 'delete', bulkId: [a._id] });
    expect(one.body).toEqual({ message: adminMessages.deleted, results: null });
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
    expect(await readChecklist(a._id)).toMatchObject({ status: true, version: 1 });
  });
});

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
    expect(edited.body.results).toMatchObject({ type: 'observerSignOff', required: false, version: 2 });
    const stale = await t.call('PATCH', p.activityOne(rate._id), {
      token: admin,
      body: { title: 'Old', type: 'rating', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.results).toMatchObject({ title: 'Drives the course twice', version: 2 });

    const removed = await t.call('DELETE', p.activityOne(tick._id), { token: admin });
    expect(removed.body).toEqual({ message: adminMessages.deleted, results: { _id: tick._id } });
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

describe('who may change checklists', () => {
  it('refuses a user without the checklists rights (403) and changes nothing', async () => {
    const list = await createChecklist(`Guarded ${run}`);
    const activity = await addActivity(list._id, { title: 'Guarded activity', type: 'learnerTick' });
    const outsider = await checklistRoleUser(
      { view: true, add: true, edit: true, delete: true, publish: true },
      true,
    );
    const viewer = await checklistRoleUser({ view: true });
    const publisher = await checklistRoleUser({ view: true, publish: true });
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
      version: 1,
      activities: [{ title: 'Guarded activity', version: 1 }],
    });
    expect((await t.call('GET', p.list)).status).toBe(401);
  });
});
