import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../contract/users.ts';
import { userPaths } from '../../contract/users.ts';
import type { TestContext } from './helpers.ts';
import { countUsers, openUsersTest, type UserLookups, validUser } from './users-fixtures.ts';

let t: TestContext;
let admin: string;
let l: UserLookups;
beforeAll(async () => {
  ({ t, admin, l } = await openUsersTest());
});
afterAll(() => t.close());

const list = (query: Record<string, string | number>) =>
  t.call(
    'GET',
    `${userPaths.list}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    {
      token: admin,
    },
  );
const userCount = () => countUsers(t.db);

// What is special to the users' list; the shared paging, search, status filter and fallbacks are in
// conformance.test.ts.

describe('GET /user', () => {
  const rows = (response: { body: { results: { data: UserRow[] } } }) => response.body.results.data;

  it('ignores malformed user group, membership, membership role and administrator role filters', async () => {
    const response = await list({
      user_group: 'nope',
      membership: 'x',
      membership_role: '1',
      administrative: "'",
    });
    expect(response.status).toBe(200);
    expect(response.body.results.total).toBe(await userCount());
  });

  it('searches first name, last name, "first last" and email, case-insensitively', async () => {
    await t.createUser({
      email: 'zed.search@example.com',
      password: 'secret12',
      firstName: 'Zebedee',
      lastName: 'Quasimodo',
    });
    for (const search of ['zebed', 'QUASI', 'Zebedee Quas', 'zed.search@']) {
      expect(rows(await list({ search })).map((r) => r.email)).toEqual(['zed.search@example.com']);
    }
  });

  it('filters by user group, membership level, membership role and administrator role', async () => {
    const body = validUser(l, {
      email: 'filtered@example.com',
      groupId: [l.groups.Onboarding as string],
      roleId: [l.roles.Enterprise as string, l.roles.Freedom as string],
      membershipId: l.levels.Platinum as string,
      adminstrativeRoleId: l.adminRoles['Content Manager'],
    });
    const id = (await t.call('POST', userPaths.list, { token: admin, body })).body.results._id;
    const cases: [string, string, (row: UserRow) => boolean][] = [
      ['user_group', l.groups.Onboarding as string, (row) => row.groups.some((g) => g.name === 'Onboarding')],
      ['membership', l.levels.Platinum as string, (row) => row.membership?.name === 'Platinum'],
      [
        'membership_role',
        l.roles.Enterprise as string,
        (row) => row.membershipRoles.some((r) => r.name === 'Enterprise'),
      ],
      [
        'administrative',
        l.adminRoles['Content Manager'] as string,
        (row) => row.administrativeRole?.name === 'Content Manager',
      ],
    ];
    for (const [filter, value, holds] of cases) {
      const found = rows(await list({ [filter]: value, limit: 500 }));
      expect(found.map((r) => r._id)).toContain(id);
      expect(found.every(holds)).toBe(true);
      expect(found.length).toBeLessThan(await userCount());
    }
    const combined = rows(
      await list({
        user_group: l.groups.Onboarding as string,
        membership: l.levels.Platinum as string,
        search: 'filtered',
      }),
    );
    expect(combined.map((r) => r._id)).toEqual([id]);
    expect(
      rows(
        await list({
          membership_role: l.roles.Enterprise as string,
          user_group: l.groups.Sales as string,
          search: 'filtered',
        }),
      ),
    ).toEqual([]);
  });
});
