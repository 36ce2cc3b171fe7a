import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import { messages } from '../../contract/messages.ts';
import {
  PROFILE_FIELD_TYPES,
  profileFieldPaths as p,
  profileFieldMessages,
} from '../../contract/profile-fields.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { profileFields } from '../../server/db/schema/profile-fields.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let viewer: string;
let groupId: string;
let otherGroupId: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  const [role] = await t.db.insert(administratorRoles).values({ name: 'Field viewer' }).returning();
  const [sub] = await t.db.select().from(submodules).where(eq(submodules.slug, 'users-profile-field'));
  if (!role || !sub) throw new Error('fixture');
  await t.db.insert(rolePermissions).values({ roleId: role.id, submoduleId: sub.id, canView: true });
  await t.createUser({
    email: 'field-viewer@example.com',
    password: 'secret1',
    administrativeRoleId: role.id,
  });
  viewer = await t.login('field-viewer@example.com', 'secret1');
  const group = await t.call('POST', p.groups, { token: admin, body: { name: 'Test Details' } });
  const other = await t.call('POST', p.groups, { token: admin, body: { name: 'Test Other' } });
  groupId = group.body.results._id;
  otherGroupId = other.body.results._id;
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const fieldCount = () => t.db.$count(profileFields);
type Row = {
  _id: string;
  name: string;
  status: boolean;
  version: number;
  required: boolean;
  option: string[];
};
const create = async (body: Record<string, unknown>): Promise<Row> => {
  const response = await t.call('POST', p.list, { token: admin, body: { group: groupId, ...body } });
  expect(response.status).toBe(201);
  return response.body.results;
};

describe('profile field groups and types', () => {
  it('lists groups in order, adds one, and refuses a blank or taken name', async () => {
    const list = await t.call('GET', p.groups, { token: admin });
    expect(list.status).toBe(200);
    const names = list.body.results.map((g: { name: string }) => g.name);
    expect(names.indexOf('Test Details')).toBeLessThan(names.indexOf('Test Other'));
    const blank = await t.call('POST', p.groups, { token: admin, body: { name: ' ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toBe(profileFieldMessages.nameRequired);
    const taken = await t.call('POST', p.groups, { token: admin, body: { name: 'Test Details' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toBe(profileFieldMessages.groupNameTaken);
  });

  it('answers the field types, saying which take options', async () => {
    const response = await t.call('GET', p.types, { token: viewer });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual(PROFILE_FIELD_TYPES);
    expect(
      response.body.results
        .filter((type: { hasOptions: boolean }) => type.hasOptions)
        .map((x: { _id: string }) => x._id),
    ).toEqual(['select', 'radio', 'checkbox']);
  });
});

describe('profile fields', () => {
  it('creates a choice field with trimmed options, unpublished, and a text field without options', async () => {
    const choice = await create({ name: ' Shirt size ', type: 'select', option: [' S ', 'M', 'L'] });
    expect(choice).toMatchObject({
      name: 'Shirt size',
      type: 'select',
      option: ['S', 'M', 'L'],
      group: { _id: groupId, name: 'Test Details' },
      required: false,
      status: false,
      version: 1,
    });
    const text = await create({ name: 'Nickname', type: 'text', option: ['dropped'], required: true });
    expect(text).toMatchObject({ option: [], required: true });
  });

  it('answers each spec message for a bad form and writes nothing', async () => {
    const before = await fieldCount();
    const empty = await t.call('POST', p.list, { token: admin, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      name: profileFieldMessages.nameRequired,
      type: profileFieldMessages.typeRequired,
      group: profileFieldMessages.groupRequired,
    });
    const noOptions = await t.call('POST', p.list, {
      token: admin,
      body: { name: 'Size', type: 'radio', group: groupId },
    });
    expect(noOptions.body.errors).toEqual({ option: profileFieldMessages.optionRequired });
    const blankOption = await t.call('POST', p.list, {
      token: admin,
      body: { name: 'Size', type: 'checkbox', group: groupId, option: ['A', '  '] },
    });
    expect(blankOption.body.errors['option.1']).toBe(profileFieldMessages.optionRequired);
    const duplicate = await t.call('POST', p.list, {
      token: admin,
      body: { name: 'Size', type: 'checkbox', group: groupId, option: ['A', 'a'] },
    });
    expect(duplicate.body.errors.option).toBe(profileFieldMessages.optionsDuplicate);
    const wrongTypes = await t.call('POST', p.list, {
      token: admin,
      body: { name: ['x'], type: 'color', group: 'not-an-id', option: 'A', required: 'yes' },
    });
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body.errors).toMatchObject({
      name: profileFieldMessages.nameRequired,
      type: profileFieldMessages.typeRequired,
      group: profileFieldMessages.groupRequired,
      option: profileFieldMessages.optionRequired,
    });
    const unknownGroup = await t.call('POST', p.list, {
      token: admin,
      body: { name: 'X', type: 'text', group: MISSING },
    });
    expect(unknownGroup.status).toBe(422);
    expect(unknownGroup.body.errors).toEqual({ group: profileFieldMessages.groupRequired });
    const huge = await t.call('POST', p.list, {
      token: admin,
      body: { name: 'x'.repeat(5000), type: 'text', group: groupId },
    });
    expect(huge.body.errors.name).toBe(profileFieldMessages.nameTooLong);
    const nul = await t.call('POST', p.list, {
      token: admin,
      body: { name: 'Size\u0000', type: 'select', group: groupId, option: ['S\u0000'] },
    });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toMatchObject({
      name: messages.invalidCharacters,
      'option.0': messages.invalidCharacters,
    });
    const malformed = await t.call('POST', p.list, {
      token: admin,
      rawBody: '[1,2',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await fieldCount()).toBe(before);
  });

  it('filters by search, status, group and type, and pages', async () => {
    const a = await create({ name: 'Filter <script> 50%', type: 'number' });
    const b = await create({
      name: 'Filter radio',
      type: 'radio',
      option: ['Yes', 'No'],
      group: otherGroupId,
    });
    const ids = async (query: string) =>
      (await t.call('GET', `${p.list}?${query}`, { token: admin })).body.results.data.map(
        (row: Row) => row._id,
      );
    expect(await ids(`search=${encodeURIComponent('50%')}`)).toEqual([a._id]);
    expect(await ids(`search=Filter&group=${otherGroupId}`)).toEqual([b._id]);
    expect(await ids('search=Filter&type=number')).toEqual([a._id]);
    await t.call('POST', p.one(b._id), { token: admin });
    expect(await ids('search=Filter&status=true')).toEqual([b._id]);
    expect(await ids('search=Filter&status=false')).toEqual([a._id]);
    // Unknown filter values fall back to no filter.
    expect(await ids('search=Filter&type=color&group=nope&status=x')).toEqual([b._id, a._id]);
    const paged = await t.call('GET', `${p.list}?search=Filter&limit=2&page=2`, { token: admin });
    expect(paged.body.results).toMatchObject({ data: [], page: 2, limit: 2, total: 2, totalPages: 1 });
    const first = await t.call('GET', `${p.list}?search=Filter&limit=2&page=1`, { token: admin });
    expect(first.body.results.data).toHaveLength(2);
  });

  it('toggles published and required, with the spec message for status', async () => {
    const field = await create({ name: 'Toggle', type: 'date' });
    const published = await t.call('POST', p.one(field._id), { token: admin });
    expect(published.body).toMatchObject({
      message: messages.statusUpdated,
      results: { status: true, version: 2 },
    });
    const required = await t.call('POST', p.require(field._id), { token: admin });
    expect(required.status).toBe(200);
    expect(required.body.results).toMatchObject({ required: true, status: true, version: 3 });
    expect((await t.call('POST', p.require(MISSING), { token: admin })).status).toBe(404);
    expect((await t.call('POST', p.one(MISSING), { token: admin })).status).toBe(404);
  });

  it('updates with the version it read; a stale version gets 409 with the current field', async () => {
    const field = await create({ name: 'Colour', type: 'select', option: ['Red'] });
    const updated = await t.call('PATCH', p.one(field._id), {
      token: admin,
      body: { name: 'Colour', type: 'checkbox', group: otherGroupId, option: ['Red', 'Blue'], version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: adminMessages.updated,
      results: { type: 'checkbox', option: ['Red', 'Blue'], group: { _id: otherGroupId }, version: 2 },
    });
    const stale = await t.call('PATCH', p.one(field._id), {
      token: admin,
      body: { name: 'Lost', type: 'text', group: groupId, version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: adminMessages.staleVersion,
      results: { name: 'Colour', version: 2 },
    });
    const noOption = await t.call('PATCH', p.one(field._id), {
      token: admin,
      body: { name: 'Colour', type: 'radio', group: groupId, option: [], version: 2 },
    });
    expect(noOption.body.errors).toEqual({ option: profileFieldMessages.optionRequired });
    const [row] = await t.db.select().from(profileFields).where(eq(profileFields.id, field._id));
    expect(row).toMatchObject({ name: 'Colour', type: 'checkbox', options: ['Red', 'Blue'], version: 2 });
  });

  it('bulk publishes, unpublishes and deletes; an unknown id changes nothing', async () => {
    const a = await create({ name: 'Bulk one', type: 'text' });
    const b = await create({ name: 'Bulk two', type: 'text' });
    const on = await t.call('POST', p.bulkPublish, { token: admin, body: { bulkId: [a._id, b._id] } });
    expect(on.body).toEqual({ message: messages.statusUpdated, results: { bulkId: [a._id, b._id] } });
    expect(
      (await t.call('POST', p.bulkUnpublish, { token: admin, body: { bulkId: [a._id, MISSING] } })).status,
    ).toBe(404);
    const rows = await t.db.select().from(profileFields).where(eq(profileFields.status, true));
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([a._id, b._id]));
    expect((await t.call('POST', p.bulkUnpublish, { token: admin, body: { bulkId: [a._id] } })).status).toBe(
      200,
    );
    const before = await fieldCount();
    const deleted = await t.call('DELETE', p.bulkDelete, { token: admin, body: { bulkId: [a._id, b._id] } });
    expect(deleted.body.message).toBe(adminMessages.bulkDeleted);
    expect(await fieldCount()).toBe(before - 2);
  });

  it('refuses with 403 what the role may not do, and writes nothing', async () => {
    const field = await create({ name: 'Guarded', type: 'text' });
    expect((await t.call('GET', p.list, { token: viewer })).status).toBe(200);
    const before = await fieldCount();
    const statuses = [
      (await t.call('POST', p.list, { token: viewer, body: { name: 'No', type: 'text', group: groupId } }))
        .status,
      (
        await t.call('PATCH', p.one(field._id), {
          token: viewer,
          body: { name: 'No', type: 'text', group: groupId, version: 1 },
        })
      ).status,
      (await t.call('POST', p.one(field._id), { token: viewer })).status,
      (await t.call('POST', p.require(field._id), { token: viewer })).status,
      (await t.call('POST', p.bulkPublish, { token: viewer, body: { bulkId: [field._id] } })).status,
      (await t.call('DELETE', p.bulkDelete, { token: viewer, body: { bulkId: [field._id] } })).status,
      (await t.call('POST', p.groups, { token: viewer, body: { name: 'No' } })).status,
    ];
    expect(statuses).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(await fieldCount()).toBe(before);
    const [row] = await t.db.select().from(profileFields).where(eq(profileFields.id, field._id));
    expect(row).toMatchObject({ name: 'Guarded', status: false, required: false, version: 1 });
    expect((await t.call('GET', p.list)).status).toBe(401);
  });
});
