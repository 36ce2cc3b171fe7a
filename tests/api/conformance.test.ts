import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_DEFAULT_LIMIT,
  adminMessages,
  type RecordAction,
  recordMessage,
} from '../../contract/admin-list.ts';
import { checklistMessages, checklistResource } from '../../contract/checklists/resource.ts';
import { courseCategoryMessages, courseCategoryResource } from '../../contract/course-categories/resource.ts';
import { courseMessages, courseResource } from '../../contract/courses/resource.ts';
import { eventCategoryMessages, eventCategoryResource } from '../../contract/event-categories/resource.ts';
import { eventMessages, eventResource } from '../../contract/events/resource.ts';
import { lessonResource } from '../../contract/lessons/resource.ts';
import { lessonMessages } from '../../contract/lessons/schemas.ts';
import { messages } from '../../contract/messages.ts';
import { permissionKey } from '../../contract/modules.ts';
import {
  profileFieldMessages,
  profileFieldPaths,
  profileFieldResource,
} from '../../contract/profile-fields.ts';
import { quizMessages, quizResource } from '../../contract/quizzes/resource.ts';
import { type ResourceDescriptor, resourcePaths } from '../../contract/resource.ts';
import { administratorRoleResource, type RoleModule, roleMessages } from '../../contract/roles.ts';
import { teamMessages, teamResource } from '../../contract/teams.ts';
import { userGroupMessages, userGroupResource } from '../../contract/user-groups.ts';
import { userMessages, userResource } from '../../contract/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';
import { writeSamples } from './write-samples.ts';

// The behaviour every administration list shares (contract/admin-list.ts), run over each resource
// from its descriptor: paging and search (matched literally, bad values falling back), the status
// filter and toggle, bulk status and delete with `bulkId` (and 422 for a malformed one), 404 for an
// unknown id, 409 with the current record for a stale version, 422 with the contract's messages,
// and the descriptor's permission area as the gate. A resource's own test file keeps only what is
// special to it.

type Body = Record<string, unknown>;

type Conformance = {
  resource: ResourceDescriptor;
  /** A valid create body for a record the list finds by `name`. */
  body: (name: string) => Promise<Body>;
  /** A create body the server refuses, and (some of) the errors it must give. */
  invalid: { body: Body; errors: Record<string, string> };
  /** The contract's message for an update whose `version` is not a version. */
  versionRequired: string;
  /** Whether `GET {path}/{id}` reads one record (groups and profile fields have no such route). */
  readsById: boolean;
};

let t: TestContext;
let admin: string;
/** Signed in without an administrator role. */
let learner: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

const sampleBody = (route: string, target?: { memberId: string }) => {
  const sample = writeSamples[route];
  if (!sample?.body) throw new Error(`No write sample for ${route}`);
  return sample.body(t.db, {
    teamId: MISSING,
    trainingId: MISSING,
    memberId: MISSING,
    ...target,
  }) as Promise<Body>;
};

const cases: Conformance[] = [
  {
    resource: userResource,
    body: async (name) => ({
      ...(await sampleBody('POST /api/v1/user')),
      firstName: name,
      email: uniqueEmail(),
    }),
    invalid: {
      body: {},
      errors: { firstName: userMessages.firstNameRequired, email: userMessages.emailRequired },
    },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: userGroupResource,
    body: async (name) => ({ name }),
    invalid: { body: { name: '  ' }, errors: { name: userGroupMessages.nameRequired } },
    versionRequired: userGroupMessages.versionRequired,
    readsById: false,
  },
  {
    resource: profileFieldResource,
    body: async (name) => {
      const group = await t.call('POST', profileFieldPaths.groups, {
        token: admin,
        body: { name: `Group of ${name}` },
      });
      expect(group.status).toBe(201);
      return { name, type: 'text', group: group.body.results._id };
    },
    invalid: {
      body: {},
      errors: { name: profileFieldMessages.nameRequired, type: profileFieldMessages.typeRequired },
    },
    versionRequired: profileFieldMessages.versionRequired,
    readsById: false,
  },
  {
    resource: teamResource,
    body: async (name) => {
      const lead = await t.createUser({ email: uniqueEmail(), password: 'member-pass-1' });
      return {
        ...(await sampleBody('POST /api/v1/team', { memberId: lead.id })),
        title: name,
        teamName: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      };
    },
    invalid: { body: {}, errors: { title: teamMessages.titleRequired } },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: administratorRoleResource,
    body: async (name) => ({ name, status: true, permissions: [] }),
    invalid: { body: { name: '' }, errors: { name: roleMessages.nameRequired } },
    versionRequired: roleMessages.versionRequired,
    readsById: true,
  },
  {
    resource: courseCategoryResource,
    body: async (name) => ({ name, parentId: null }),
    invalid: { body: { name: ' ' }, errors: { name: courseCategoryMessages.nameRequired } },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: courseResource,
    body: async (name) => ({ ...(await sampleBody('POST /api/v1/course')), name }),
    invalid: {
      body: { name: ' ', permission: 'none' },
      errors: { name: courseMessages.nameRequired, courseCategoryId: courseMessages.categoryRequired },
    },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: quizResource,
    body: async (name) => ({ name, passMark: 60 }),
    invalid: {
      body: { name: ' ', passMark: 101 },
      errors: { name: quizMessages.nameRequired, passMark: quizMessages.passMarkInvalid },
    },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: lessonResource,
    body: async (name) => ({ name, description: 'About it.' }),
    invalid: { body: { name: ' ' }, errors: { name: lessonMessages.nameRequired } },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: checklistResource,
    body: async (name) => ({ title: name, description: 'On the shop floor.' }),
    invalid: {
      body: { title: ' ', description: 'x'.repeat(2001) },
      errors: { title: checklistMessages.titleRequired, description: checklistMessages.descriptionTooLong },
    },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: eventCategoryResource,
    body: async (name) => ({ title: name, description: 'Held on site.' }),
    invalid: {
      body: { title: ' ', description: 'x'.repeat(2001) },
      errors: {
        title: eventCategoryMessages.titleRequired,
        description: eventCategoryMessages.descriptionTooLong,
      },
    },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
  {
    resource: eventResource,
    body: async (name) => ({ ...(await sampleBody('POST /api/v1/event')), title: name }),
    invalid: {
      body: { title: ' ', sessions: [] },
      errors: {
        title: eventMessages.titleRequired,
        categoryId: eventMessages.categoryRequired,
        timeZone: eventMessages.timeZoneInvalid,
        sessions: eventMessages.sessionsRequired,
      },
    },
    versionRequired: adminMessages.versionRequired,
    readsById: true,
  },
];

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  learner = await t.login(demo.lead.email, demo.lead.password);
});
afterAll(() => t.close());

/**
 * The answer names the record and what was done: "Course category 'x' created." A user's name
 * carries the last name after the first, so the name is checked as the start of the one shown.
 */
function expectNamed(message: string, resource: ResourceDescriptor, name: string, action: RecordAction) {
  const end = `' ${action}.`;
  const start = recordMessage(resource, name, action).slice(0, -end.length);
  expect(message.startsWith(start) && message.endsWith(end), `${message} names ${name}`).toBe(true);
}

type Row = { _id: string; status: boolean; version: number };
type Page = { data: Row[]; page: number; limit: number; total: number; totalPages: number };

describe.each(cases)('$resource.path', ({ resource, body, invalid, versionRequired, readsById }) => {
  const paths = resourcePaths(resource);
  const run = `${resource.submodule}${Date.now().toString(36)}`;
  /** Three records created one after the other, found by `run`, newest first, all turned on. */
  let records: Row[];
  /** Their ids, the last created first. */
  let created: string[];

  const create = async (name: string) => {
    const response = await t.call('POST', paths.list, { token: admin, body: await body(name) });
    expect(response.status, response.text).toBe(201);
    expectNamed(response.body.message, resource, name, 'created');
    return response.body.results as Row;
  };
  const list = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams({ search: run, ...query } as Record<string, string>);
    const response = await t.call('GET', `${paths.list}?${search}`, { token: admin });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    return response.body.results as Page;
  };
  const ids = (page: Page) => page.data.map((row) => row._id);

  beforeAll(async () => {
    records = [];
    created = [];
    for (const n of [1, 2, 3]) created.unshift((await create(`Conformance ${run} ${n}`))._id);
    // Some resources start unpublished (profile fields): every test below starts from three on.
    const on = await t.call('POST', paths.bulkOn, { token: admin, body: { bulkId: ids(await list({})) } });
    expect(on.status, on.text).toBe(200);
    records = (await list({})).data;
    expect(records.map((row) => row.status)).toEqual([true, true, true]);
  });

  it('pages and searches the list, newest first', async () => {
    const first = await list({ page: 1, limit: 2 });
    expect(first).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(ids(first)).toEqual(created.slice(0, 2));
    expect(ids(await list({ page: 2, limit: 2 }))).toEqual(created.slice(2));
    expect(await list({ page: 3, limit: 2 })).toMatchObject({ data: [], page: 3, total: 3 });
    const none = await t.call('GET', `${paths.list}?search=${encodeURIComponent(`${run}-none`)}`, {
      token: admin,
    });
    expect(none.body.results.total).toBe(0);
    expect((await list({ search: run.toUpperCase() })).total).toBe(3);
    // A bad page, limit or status falls back to the defaults instead of failing.
    expect(await list({ page: 'abc', limit: 7, status: 'maybe' })).toMatchObject({
      page: 1,
      limit: ADMIN_DEFAULT_LIMIT,
      total: 3,
    });
    expect(await list({ page: -1, limit: 0 })).toMatchObject({
      page: 1,
      limit: ADMIN_DEFAULT_LIMIT,
      total: 3,
    });
  });

  it('matches the search text literally: SQL and LIKE characters are only characters', async () => {
    // Read as patterns, `%` and `_` would match every record here (`_` stands for the space).
    for (const search of [`${run}%`, `Conformance_${run}`, `%${run}`, `${run}' or '1'='1`, "' or 1=1 --"]) {
      expect((await list({ search })).total, search).toBe(0);
    }
    expect((await list({ search: `Conformance ${run}` })).total).toBe(3);
  });

  it("toggles a record's status with 'Status is updated successfully.', and the status filter follows", async () => {
    const [record] = records as [Row];
    const off = await t.call('POST', paths.one(record._id), { token: admin });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({
      message: messages.statusUpdated,
      results: { _id: record._id, status: false, version: record.version + 1 },
    });
    expect(ids(await list({ status: 'false' }))).toEqual([record._id]);
    expect(ids(await list({ status: 'true' }))).not.toContain(record._id);
    const on = await t.call('POST', paths.one(record._id), { token: admin });
    expect(on.body.results).toMatchObject({ status: true, version: record.version + 2 });
  });

  it(`turns records ${resource.statusWords === 'enable' ? 'off and on' : 'unpublished and published'} in bulk with bulkId; one unknown id changes nothing`, async () => {
    const bulk = records.slice(0, 2).map((row) => row._id);
    const off = await t.call('POST', paths.bulkOff, { token: admin, body: { bulkId: bulk } });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({ message: messages.statusUpdated, results: { bulkId: bulk } });
    expect((await list({ status: 'false' })).total).toBe(2);
    const partly = await t.call('POST', paths.bulkOn, { token: admin, body: { bulkId: [...bulk, MISSING] } });
    expect(partly.status).toBe(404);
    expect((await list({ status: 'false' })).total).toBe(2);
    const on = await t.call('POST', paths.bulkOn, { token: admin, body: { bulkId: bulk } });
    expect(on.status, on.text).toBe(200);
    expect((await list({ status: 'true' })).total).toBe(3);
  });

  it('refuses a missing, empty or malformed bulkId with 422, and broken JSON with 400, changing nothing', async () => {
    const routes = [
      ['POST', paths.bulkOn],
      ['POST', paths.bulkOff],
      ['DELETE', paths.bulkDelete],
    ] as const;
    const [record] = records as [Row];
    for (const [method, path] of routes) {
      for (const bad of [
        {},
        { bulkId: [] },
        { bulkId: ['nope'] },
        { bulkId: record._id },
        { bulkId: [null] },
      ]) {
        const response = await t.call(method, path, { token: admin, body: bad });
        expect(response.status, `${method} ${path} ${JSON.stringify(bad)}`).toBe(422);
        expect(response.body.message).toBe(messages.validationFailed);
      }
      const broken = await t.call(method, path, {
        token: admin,
        rawBody: '{"bulkId": [',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status, `${method} ${path}`).toBe(400);
    }
    expect((await list({ status: 'true' })).total).toBe(3);
  });

  it('answers 404 for an unknown or malformed id and changes nothing', async () => {
    if (readsById) {
      const [record] = records as [Row];
      const read = await t.call('GET', paths.one(record._id), { token: admin });
      expect(read.status, read.text).toBe(200);
      expect(read.body).toMatchObject({ message: adminMessages.fetched, results: { _id: record._id } });
      for (const id of [MISSING, 'not-an-id']) {
        const missing = await t.call('GET', paths.one(id), { token: admin });
        expect(missing.status, id).toBe(404);
        expect(missing.body.message).toBe(messages.notFound);
      }
    }
    expect((await t.call('POST', paths.one(MISSING), { token: admin })).status).toBe(404);
    expect((await t.call('POST', paths.one('not-an-id'), { token: admin })).status).toBe(404);
    const patch = await t.call('PATCH', paths.one(MISSING), {
      token: admin,
      body: { ...(await body(`${run} missing`)), version: 1 },
    });
    expect(patch.status).toBe(404);
    expect((await list({})).total).toBe(3);
  });

  it('answers 409 with the current record for a stale version, and keeps the record', async () => {
    const record = (await list({})).data[0] as Row;
    const next = await body(`${run} renamed`);
    const updated = await t.call('PATCH', paths.one(record._id), {
      token: admin,
      body: { ...next, version: record.version },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ results: { _id: record._id, version: record.version + 1 } });
    expectNamed(updated.body.message, resource, `${run} renamed`, 'updated');
    const stale = await t.call('PATCH', paths.one(record._id), {
      token: admin,
      body: { ...(await body(`${run} lost`)), version: record.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: adminMessages.staleVersion,
      results: { _id: record._id, version: record.version + 1 },
    });
    expect((await list({ search: `${run} lost` })).total).toBe(0);
  });

  it("refuses an update without the version it read with the contract's message, changing nothing", async () => {
    const record = (await list({})).data[0] as Row;
    const next = await body(`${run} versionless`);
    // A version that is not a number, or a missing, zero or fractional one, gets the contract's message.
    const notANumber = await t.call('PATCH', paths.one(record._id), {
      token: admin,
      body: { ...next, version: 'one' },
    });
    expect(notANumber.status).toBe(422);
    expect(notANumber.body.errors).toMatchObject({ version: versionRequired });
    for (const version of [undefined, 0, 1.5]) {
      const refused = await t.call('PATCH', paths.one(record._id), {
        token: admin,
        body: { ...next, version },
      });
      expect(refused.status, String(version)).toBe(422);
      expect(refused.body.errors.version, String(version)).toBe(versionRequired);
    }
    expect((await list({ search: `${run} versionless` })).total).toBe(0);
    expect((await list({})).data[0]).toMatchObject({ _id: record._id, version: record.version });
  });

  it("answers 422 with the contract's messages and writes nothing", async () => {
    const refused = await t.call('POST', paths.list, { token: admin, body: invalid.body });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: messages.validationFailed, errors: invalid.errors });
    const broken = await t.call('POST', paths.list, {
      token: admin,
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await list({})).total).toBe(3);
  });

  it("is governed by the descriptor's permission area: a viewer lists but may not add, edit, publish or delete", async () => {
    const modules = await t.call('GET', '/administrator-role/module-submodule', { token: admin });
    const submodule = (modules.body.results as RoleModule[])
      .find((module) => module.slug === resource.module)
      ?.submodules.find((entry) => entry.slug === resource.submodule);
    if (!submodule) throw new Error(`No submodule ${permissionKey(resource)}`);
    const role = await t.call('POST', administratorRoleResource.path, {
      token: admin,
      body: {
        name: `Viewer of ${permissionKey(resource)}`,
        status: true,
        permissions: [
          { submoduleId: submodule._id, view: true, add: false, edit: false, delete: false, publish: false },
        ],
      },
    });
    expect(role.status, role.text).toBe(201);
    const email = uniqueEmail();
    await t.createUser({ email, password: 'viewer-pass-1', administrativeRoleId: role.body.results._id });
    const viewer = await t.login(email, 'viewer-pass-1');
    const record = (await list({})).data[0] as Row;

    expect((await t.call('GET', `${paths.list}?search=${run}`, { token: viewer })).status).toBe(200);
    if (readsById) expect((await t.call('GET', paths.one(record._id), { token: viewer })).status).toBe(200);
    const refusedBody = await body(`${run} refused`);
    const writes = [
      ['POST', paths.list, refusedBody],
      ['PATCH', paths.one(record._id), { ...refusedBody, version: record.version }],
      ['POST', paths.one(record._id), undefined],
      ['POST', paths.bulkOn, { bulkId: [record._id] }],
      ['POST', paths.bulkOff, { bulkId: [record._id] }],
      ['DELETE', paths.bulkDelete, { bulkId: [record._id] }],
    ] as const;
    for (const [method, path, sent] of writes) {
      const refused = await t.call(method, path, { token: viewer, body: sent });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual({ message: messages.forbidden });
    }
    // A learner without an administrator role, and a caller without a session.
    expect((await t.call('GET', paths.list, { token: learner })).status).toBe(403);
    expect((await t.call('GET', paths.list)).status).toBe(401);
    expect((await list({ status: 'true' })).total).toBe(3);
    expect((await list({ search: `${run} refused` })).total).toBe(0);
    expect((await list({})).data.find((row) => row._id === record._id)).toMatchObject({
      version: record.version,
    });
  });

  it('deletes with bulkId: one record is named, more a selection; unknown ids delete nothing', async () => {
    const [one, ...rest] = records.map((row) => row._id) as [string, ...string[]];
    const partly = await t.call('DELETE', paths.bulkDelete, {
      token: admin,
      body: { bulkId: [one, MISSING] },
    });
    expect(partly.status).toBe(404);
    expect((await list({})).total).toBe(3);
    const single = await t.call('DELETE', paths.bulkDelete, { token: admin, body: { bulkId: [one] } });
    // The one deleted is named, whichever of the run's records it is.
    const noun = recordMessage(resource, 'x', 'deleted').replace(" 'x' deleted.", '');
    expect(single.body).toEqual({
      message: expect.stringMatching(new RegExp(`^${noun} '[^']*${run}[^']*' deleted\\.$`)),
      results: null,
    });
    const many = await t.call('DELETE', paths.bulkDelete, { token: admin, body: { bulkId: rest } });
    expect(many.body).toEqual({ message: adminMessages.bulkDeleted, results: null });
    expect((await list({})).total).toBe(0);
  });
});
