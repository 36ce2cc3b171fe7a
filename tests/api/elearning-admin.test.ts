import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, recordMessage } from '../../contract/admin-list.ts';
import {
  type ElearningDetail,
  elearningResource,
  elearningMessages as m,
  elearningPaths as paths,
} from '../../contract/elearning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { elearningPackages, elearningRecords } from '../../server/db/schema/elearning.ts';
import { scormPackage } from '../e2e/support/scorm-packages.ts';
import { packageForm, storedElearningKeys, uploadPackage } from './elearning-import-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { createPersonas, type Personas } from './personas.ts';

let t: TestContext;
let admin: string;
let personas: Personas;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  personas = await createPersonas(t.db);
});
afterAll(() => t.close());

const run = `Run${Date.now().toString(36)}`;

async function created(title: string, version: '1.2' | '2004-4' = '1.2'): Promise<ElearningDetail> {
  const zip = await scormPackage({ version, title: `${title} organization` });
  const answer = await uploadPackage(t, admin, zip, { title }, `${title}.zip`);
  expect(answer.status, answer.text).toBe(201);
  expect(answer.body.message).toBe(recordMessage(elearningResource, title, 'created'));
  return answer.body.results;
}

const uploadsOf = (packageId: string) =>
  storedElearningKeys(t).filter((key) => key.startsWith(`elearning/${packageId}/`));

describe('the E-Learning list', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (const name of ['first', 'second', 'third']) ids.push((await created(`${run} ${name}`))._id);
  });

  it('lists packages newest first, searched by title, a page at a time', async () => {
    const all = await t.call('GET', `${paths.list}?search=${run}&limit=10`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.results).toMatchObject({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(all.body.results.data.map((row: { title: string }) => row.title)).toEqual([
      `${run} third`,
      `${run} second`,
      `${run} first`,
    ]);
    expect(all.body.results.data[0]).toMatchObject({
      _id: ids[2],
      status: true,
      version: 1,
      scormVersion: '1.2',
      scoCount: 1,
      fileName: `${run} third.zip`,
      packageVersion: 1,
    });
    const second = await t.call('GET', `${paths.list}?search=${run}&limit=2&page=2`, { token: admin });
    expect(second.body.results).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(second.body.results.data.map((row: { _id: string }) => row._id)).toEqual([ids[0]]);
  });

  it('unpublishes and publishes one or many, and filters by status', async () => {
    const flipped = await t.call('POST', paths.one(ids[0] as string), { token: admin });
    expect(flipped.status).toBe(200);
    expect(flipped.body).toMatchObject({
      message: messages.statusUpdated,
      results: { _id: ids[0], status: false },
    });
    const off = await t.call('GET', `${paths.list}?search=${run}&status=false`, { token: admin });
    expect(off.body.results.data.map((row: { _id: string }) => row._id)).toEqual([ids[0]]);
    const bulk = await t.call('POST', paths.bulkOff, { token: admin, body: { bulkId: [ids[1], ids[2]] } });
    expect(bulk.status).toBe(200);
    const none = await t.call('GET', `${paths.list}?search=${run}&status=true`, { token: admin });
    expect(none.body.results.total).toBe(0);
    await t.call('POST', paths.bulkOn, { token: admin, body: { bulkId: ids } });
    const on = await t.call('GET', `${paths.list}?search=${run}&status=true`, { token: admin });
    expect(on.body.results.total).toBe(3);
  });
});

describe('updating a package', () => {
  it('updates its fields as JSON; a stale version gets 409 with the current record; an empty title takes the organization title', async () => {
    const pkg = await created(`${run} fields`);
    const answer = await t.call('PATCH', paths.one(pkg._id), {
      token: admin,
      body: {
        title: 'Renamed',
        description: 'Now with a text.',
        masteryScore: 70,
        completionRule: 'launch',
        version: 1,
      },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(recordMessage(elearningResource, 'Renamed', 'updated'));
    expect(answer.body.results).toMatchObject({
      title: 'Renamed',
      masteryScore: 70,
      completionRule: 'launch',
      version: 2,
      packageVersion: 1,
    });
    const stale = await t.call('PATCH', paths.one(pkg._id), {
      token: admin,
      body: { title: 'Late', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: adminMessages.staleVersion,
      results: { title: 'Renamed', version: 2 },
    });
    const untitled = await t.call('PATCH', paths.one(pkg._id), {
      token: admin,
      body: { title: '', version: 2 },
    });
    expect(untitled.body.results.title).toBe(`${run} fields organization`);
    const bad = await t.call('PATCH', paths.one(pkg._id), {
      token: admin,
      body: { masteryScore: 7.5, version: 3 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ masteryScore: m.masteryScoreInvalid });
  });

  it("takes a new version of the zip: a new upload replaces the old one's files, the learners' records are kept, and the answer says so", async () => {
    const pkg = await created(`${run} versioned`);
    const oldFiles = uploadsOf(pkg._id);
    expect(oldFiles.length).toBeGreaterThan(0);
    await t.db.insert(elearningRecords).values({
      userId: personas.learnerId,
      packageId: pkg._id,
      scoId: 'sco-1',
      cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': 'page=2' },
      completionStatus: 'incomplete',
    });
    const zip = await scormPackage({
      version: '2004-4',
      title: 'Second edition',
      scos: [
        { identifier: 'sco-1', title: 'Part one', href: 'one.html' },
        { identifier: 'sco-2', title: 'Part two', href: 'two.html' },
      ],
    });
    const form = packageForm(zip, { title: `${run} versioned`, version: '1' }, 'second.zip');
    const answer = await t.call('PATCH', paths.one(pkg._id), { token: admin, form });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(m.newVersion(`${run} versioned`, 2));
    expect(answer.body.results).toMatchObject({
      packageVersion: 2,
      version: 2,
      scormVersion: '2004-4',
      scoCount: 2,
      fileName: 'second.zip',
      organizationTitle: 'Second edition',
      learnerCount: 1,
    });
    const records = await t.db.select().from(elearningRecords).where(eq(elearningRecords.packageId, pkg._id));
    expect(records.map((record) => record.cmi['cmi.suspend_data'])).toEqual(['page=2']);
    const newFiles = uploadsOf(pkg._id);
    expect(newFiles.some((key) => oldFiles.includes(key))).toBe(false);
    expect(newFiles.length).toBeGreaterThan(oldFiles.length);
  });

  it('takes a form without a new file as an update of its fields only, keeping the upload', async () => {
    const pkg = await created(`${run} form fields`);
    const files = uploadsOf(pkg._id);
    const form = packageForm(undefined, {
      title: `${run} form renamed`,
      masteryScore: '',
      completionRule: 'exit',
      version: '1',
    });
    const answer = await t.call('PATCH', paths.one(pkg._id), { token: admin, form });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(recordMessage(elearningResource, `${run} form renamed`, 'updated'));
    expect(answer.body.results).toMatchObject({
      title: `${run} form renamed`,
      completionRule: 'exit',
      masteryScore: null,
      version: 2,
      packageVersion: 1,
    });
    expect(uploadsOf(pkg._id)).toEqual(files);
  });

  it('refuses a stale or broken new version and keeps the package and its files as they were', async () => {
    const pkg = await created(`${run} kept`);
    const files = uploadsOf(pkg._id);
    const zip = await scormPackage({ version: '1.2', title: 'Newer' });
    const stale = await t.call('PATCH', paths.one(pkg._id), {
      token: admin,
      form: packageForm(zip, { version: '9' }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.results).toMatchObject({ _id: pkg._id, version: 1 });
    const broken = await t.call('PATCH', paths.one(pkg._id), {
      token: admin,
      form: packageForm(Buffer.from('not a zip at all'), { version: '1' }),
    });
    expect(broken.status).toBe(422);
    expect(broken.body.errors).toEqual({ file: m.notZip });
    const detail = await t.call('GET', paths.one(pkg._id), { token: admin });
    expect(detail.body.results).toMatchObject({ version: 1, packageVersion: 1, title: `${run} kept` });
    expect(uploadsOf(pkg._id)).toEqual(files);
  });
});

describe('deleting packages', () => {
  it('removes the rows and every file of theirs from the store', async () => {
    const one = await created(`${run} delete one`);
    const two = await created(`${run} delete two`);
    expect(uploadsOf(one._id).length).toBeGreaterThan(0);
    const answer = await t.call('DELETE', paths.bulkDelete, {
      token: admin,
      body: { bulkId: [one._id, two._id] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(adminMessages.bulkDeleted);
    expect(uploadsOf(one._id)).toEqual([]);
    expect(uploadsOf(two._id)).toEqual([]);
    expect((await t.call('GET', paths.one(one._id), { token: admin })).status).toBe(404);
  });
});

describe('who may manage packages', () => {
  it('refuses those without the E-Learning rights, and the signed-out', async () => {
    const pkg = await created(`${run} guarded`);
    const learner = personas.tokens.learner;
    const zip = await scormPackage({ version: '1.2', title: 'Guarded' });
    expect((await t.call('GET', paths.list, { token: learner })).status).toBe(403);
    expect((await t.call('GET', paths.one(pkg._id), { token: learner })).status).toBe(403);
    expect((await uploadPackage(t, learner, zip)).status).toBe(403);
    expect((await t.call('GET', paths.report(pkg._id), { token: learner })).status).toBe(403);
    expect((await t.call('GET', paths.interactions(pkg._id), { token: learner })).status).toBe(403);
    const noAdd = await personas.adminWithout({
      module: 'content-management',
      submodule: 'elearning',
      actions: ['add'],
    });
    expect((await uploadPackage(t, noAdd, zip)).status).toBe(403);
    expect((await t.call('GET', paths.list, { token: noAdd })).status).toBe(200);
    const noEdit = await personas.adminWithout({
      module: 'content-management',
      submodule: 'elearning',
      actions: ['edit'],
    });
    const patch = await t.call('PATCH', paths.one(pkg._id), {
      token: noEdit,
      form: packageForm(zip, { version: '1' }),
    });
    expect(patch.status).toBe(403);
    expect((await t.call('GET', paths.list)).status).toBe(401);
    // The refused uploads left neither a row nor a file.
    expect(await t.db.$count(elearningPackages, eq(elearningPackages.organizationTitle, 'Guarded'))).toBe(0);
    expect((await t.call('GET', paths.one(pkg._id), { token: admin })).body.results.packageVersion).toBe(1);
  });
});
