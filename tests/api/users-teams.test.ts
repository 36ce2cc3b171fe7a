import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { userMessages, userPaths } from '../../contract/users.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import type { TestContext } from './helpers.ts';
import { teamIds } from './team-fixtures.ts';
import {
  countUsers,
  openUsersTest,
  tokenWithUserPermissions,
  type UserLookups,
  validUser,
} from './users-fixtures.ts';

// Teams on Add User and Edit User: stored as team membership, limited to teams the caller manages.

let t: TestContext;
let admin: string;
let l: UserLookups;
let team: Awaited<ReturnType<typeof teamIds>>;
beforeAll(async () => {
  ({ t, admin, l } = await openUsersTest());
  team = await teamIds(t.db);
});
afterAll(() => t.close());

const teamsOf = async (userId: string) =>
  (await t.db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)))
    .map((row) => row.teamId)
    .sort();

describe('teams on the user form, for a role that manages teams', () => {
  it('lists the teams of users, searched and paged', async () => {
    const all = await t.call('GET', `${userPaths.teamInfo}?limit=2`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.results.data).toHaveLength(2);
    expect(all.body.results.total).toBeGreaterThanOrEqual(3);
    const found = await t.call('GET', `${userPaths.teamInfo}?search=freed`, { token: admin });
    expect(found.body.results.data).toEqual([{ _id: team.freedom, label: 'Freedom Team' }]);
  });

  it('puts a new user in the chosen teams and answers them on the detail', async () => {
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'teamed@example.com', teamId: [team.growth, team.freedom] }),
    });
    expect(created.status).toBe(201);
    const id = created.body.results._id as string;
    expect(await teamsOf(id)).toEqual([team.growth, team.freedom].sort());
    expect(created.body.results.teams).toEqual([
      { _id: team.freedom, name: 'Freedom Team', managed: true },
      { _id: team.growth, name: 'Growth Team', managed: true },
    ]);

    // Edit: out of one team (losing it as default team), into another.
    await t.db.update(users).set({ defaultTeamId: team.growth }).where(eq(users.id, id));
    const [row] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, id));
    const updated = await t.call('PATCH', userPaths.one(id), {
      token: admin,
      body: {
        ...validUser(l, { email: 'teamed@example.com', password: '', confirmPassword: '' }),
        teamId: [team.freedom, team.enterprise],
        version: row?.version,
      },
    });
    expect(updated.status).toBe(200);
    expect(await teamsOf(id)).toEqual([team.freedom, team.enterprise].sort());
    const [after] = await t.db
      .select({ defaultTeamId: users.defaultTeamId })
      .from(users)
      .where(eq(users.id, id));
    expect(after?.defaultTeamId).toBeNull();
  });

  it('refuses a team that does not exist, and a team of teams, writing nothing', async () => {
    const [ofTeams] = await t.db
      .insert(teams)
      .values({ title: 'Team of teams', teamName: 'tot', teamMemberType: 'teams' })
      .returning({ id: teams.id });
    const before = await countUsers(t.db);
    for (const teamId of ['0b0b0b0b-0000-4000-8000-000000000000', ofTeams?.id as string]) {
      const refused = await t.call('POST', userPaths.list, {
        token: admin,
        body: validUser(l, { email: 'nowhere@example.com', teamId: [teamId] }),
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ teamId: userMessages.teamNotManaged });
    }
    const malformed = await t.call('POST', userPaths.list, {
      token: admin,
      body: { ...validUser(l, { email: 'nowhere@example.com' }), teamId: ['not-a-uuid'] },
    });
    expect(malformed.status).toBe(422);
    expect(await countUsers(t.db)).toBe(before);
  });
});

describe('teams on the user form, for a role that may not manage teams', () => {
  let clerk: string;
  beforeAll(async () => {
    clerk = await tokenWithUserPermissions(t, 'clerk@example.com', {
      canView: true,
      canAdd: true,
      canEdit: true,
    });
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'clerk@example.com'));
    await t.db.insert(teamLeads).values({ teamId: team.freedom, userId: me?.id as string });
  });

  it('offers only the teams the caller leads', async () => {
    const offered = await t.call('GET', userPaths.teamInfo, { token: clerk });
    expect(offered.status).toBe(200);
    expect(offered.body.results.data).toEqual([{ _id: team.freedom, label: 'Freedom Team' }]);
  });

  it('refuses a team the caller does not manage (422, nobody created), and allows one they lead', async () => {
    const before = await countUsers(t.db);
    const refused = await t.call('POST', userPaths.list, {
      token: clerk,
      body: validUser(l, { email: 'clerks@example.com', teamId: [team.freedom, team.growth] }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(messages.validationFailed);
    expect(refused.body.errors).toEqual({ teamId: userMessages.teamNotManaged });
    expect(await countUsers(t.db)).toBe(before);

    const created = await t.call('POST', userPaths.list, {
      token: clerk,
      body: validUser(l, { email: 'clerks@example.com', teamId: [team.freedom] }),
    });
    expect(created.status).toBe(201);
    expect(await teamsOf(created.body.results._id)).toEqual([team.freedom]);
  });

  it('keeps a team the caller does not manage when an edit leaves it out', async () => {
    const created = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'kept@example.com', teamId: [team.growth, team.freedom] }),
    });
    const id = created.body.results._id as string;
    const detail = await t.call('GET', userPaths.one(id), { token: clerk });
    expect(detail.body.results.teams).toEqual([
      { _id: team.freedom, name: 'Freedom Team', managed: true },
      { _id: team.growth, name: 'Growth Team', managed: false },
    ]);
    const updated = await t.call('PATCH', userPaths.one(id), {
      token: clerk,
      body: {
        ...validUser(l, { email: 'kept@example.com', password: '', confirmPassword: '' }),
        teamId: [],
        version: detail.body.results.version,
      },
    });
    expect(updated.status).toBe(200);
    expect(await teamsOf(id)).toEqual([team.growth]);
    const inFreedom = await t.db.$count(
      teamMembers,
      and(eq(teamMembers.teamId, team.freedom), eq(teamMembers.userId, id)),
    );
    expect(inFreedom).toBe(0);
  });
});
