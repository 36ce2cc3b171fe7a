import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// What is special to profile fields; the shared list, status, bulk, 404, 409 and 422 behaviour is in
// conformance.test.ts.

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
    expect(empty.body.errors).toMatchObject({ group: profileFieldMessages.groupRequired });
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
    expect(await fieldCount()).toBe(before);
  });

  it('filters by group and type; unknown filter values fall back to no filter', async () => {
    const a = await create({ name: 'Filter number', type: 'number' });
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
    expect(await ids(`search=Filter&group=${otherGroupId}`)).toEqual([b._id]);
    expect(await ids(`search=Filter&group=${groupId}`)).toEqual([a._id]);
    expect(await ids('search=Filter&type=number')).toEqual([a._id]);
    expect(await ids(`search=Filter&type=radio&group=${groupId}`)).toEqual([]);
    expect(await ids('search=Filter&type=color&group=nope')).toEqual([b._id, a._id]);
  });

  it('toggles required with its own route, leaving the status; an unknown id is 404', async () => {
    const field = await create({ name: 'Toggle', type: 'date' });
    const required = await t.call('POST', p.require(field._id), { token: admin });
    expect(required.status).toBe(200);
    expect(required.body.results).toMatchObject({ required: true, status: false, version: 2 });
    const back = await t.call('POST', p.require(field._id), { token: admin });
    expect(back.body.results).toMatchObject({ required: false, status: false, version: 3 });
    expect((await t.call('POST', p.require(MISSING), { token: admin })).status).toBe(404);
  });

  it('updates type, group and options; a choice type without options is refused on update too', async () => {
    const field = await create({ name: 'Colour', type: 'select', option: ['Red'] });
    const updated = await t.call('PATCH', p.one(field._id), {
      token: admin,
      body: { name: 'Colour', type: 'checkbox', group: otherGroupId, option: ['Red', 'Blue'], version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.results).toMatchObject({
      type: 'checkbox',
      option: ['Red', 'Blue'],
      group: { _id: otherGroupId },
      version: 2,
    });
    const noOption = await t.call('PATCH', p.one(field._id), {
      token: admin,
      body: { name: 'Colour', type: 'radio', group: groupId, option: [], version: 2 },
    });
    expect(noOption.status).toBe(422);
    expect(noOption.body.errors).toEqual({ option: profileFieldMessages.optionRequired });
    const [row] = await t.db.select().from(profileFields).where(eq(profileFields.id, field._id));
    expect(row).toMatchObject({ name: 'Colour', type: 'checkbox', options: ['Red', 'Blue'], version: 2 });
  });

  it('refuses the required toggle and new groups to a role that may only view fields, and writes nothing', async () => {
    const field = await create({ name: 'Guarded', type: 'text' });
    const groups = await t.call('GET', p.groups, { token: viewer });
    expect(groups.status).toBe(200);
    const refused = [
      await t.call('POST', p.require(field._id), { token: viewer }),
      await t.call('POST', p.groups, { token: viewer, body: { name: 'No' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403]);
    expect(refused[1]?.body).toEqual({ message: messages.forbidden });
    const [row] = await t.db.select().from(profileFields).where(eq(profileFields.id, field._id));
    expect(row).toMatchObject({ required: false, version: 1 });
    const after = await t.call('GET', p.groups, { token: admin });
    expect(after.body.results).toEqual(groups.body.results);
  });
});
