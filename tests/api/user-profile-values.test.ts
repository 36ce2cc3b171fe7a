import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPaths } from '../../contract/users.ts';
import type { TestContext } from './helpers.ts';
import { openUsersTest, profileField, type UserLookups, validUser } from './users-fixtures.ts';

let t: TestContext;
let admin: string;
let l: UserLookups;
beforeAll(async () => {
  ({ t, admin, l } = await openUsersTest());
});
afterAll(() => t.close());

describe('GET /user/{id} profile values', () => {
  it('gives back every value as it was sent: text that looks like a number, a boolean or JSON stays text', async () => {
    const years = await profileField(t.db, { name: 'Years', type: 'number' });
    const note = await profileField(t.db, { name: 'Note' });
    const flag = await profileField(t.db, { name: 'Flag' });
    const nothing = await profileField(t.db, { name: 'Nothing' });
    const choices = await profileField(t.db, { name: 'Choices', type: 'checkbox', options: ['1', '2'] });
    const sent = {
      ...l.requiredFields,
      [years]: '7',
      [note]: '7.50',
      [flag]: 'true',
      [nothing]: 'null',
      [choices]: ['1', '2'],
    };
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'numbers@example.com', profileFields: sent }),
    });
    expect(created.status).toBe(201);
    expect(created.body.results.profileFields).toEqual(sent);
    const read = await t.call('GET', userPaths.one(created.body.results._id), { token: admin });
    expect(read.body.results.profileFields).toEqual(sent);

    // What was read saves again unchanged.
    const { _id, version, groups, membershipRoles, membership, firstName, lastName, email } =
      read.body.results;
    const saved = await t.call('PATCH', userPaths.one(_id), {
      token: admin,
      body: {
        groupId: groups.map((group: { _id: string }) => group._id),
        roleId: membershipRoles.map((role: { _id: string }) => role._id),
        membershipId: membership._id,
        firstName,
        lastName,
        email,
        profileFields: read.body.results.profileFields,
        version,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.results.profileFields).toEqual(sent);
  });
});
