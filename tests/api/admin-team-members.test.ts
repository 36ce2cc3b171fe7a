import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TeamDetail, teamMessages, teamPaths } from '../../contract/teams.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { memberIdsOf, teamIds } from './team-fixtures.ts';

// A team of users' members on the administration's team form: paged, searched, added, removed.

let t: TestContext;
let admin: string;
let team: Awaited<ReturnType<typeof teamIds>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  team = await teamIds(t.db);
});
afterAll(() => t.close());

const members = (teamId: string, query = '') =>
  t.call('GET', `${teamPaths.members(teamId)}${query}`, { token: admin });

/** The team's members in name order, read from the tables here. */
async function namesInOrder(teamId: string) {
  const rows = await t.db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId));
  const key = (row: (typeof rows)[number]) => [row.last.toLowerCase(), row.first.toLowerCase(), row.id];
  const order = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    const [left, right] = [key(a), key(b)];
    for (let index = 0; index < left.length; index += 1) {
      if ((left[index] as string) !== (right[index] as string))
        return (left[index] as string) < (right[index] as string) ? -1 : 1;
    }
    return 0;
  };
  return rows.sort(order).map((row) => row.id);
}

describe('GET /team/{id}/members', () => {
  it('answers a page of the members in name order with the total', async () => {
    const all = await namesInOrder(team.growth);
    expect(all.length).toBeGreaterThan(20);
    const third = await members(team.growth, '?limit=10&page=3');
    expect(third.status).toBe(200);
    expect(third.body.results).toMatchObject({ page: 3, limit: 10, total: all.length });
    expect(third.body.results.totalPages).toBe(Math.ceil(all.length / 10));
    expect(third.body.results.data.map((row: { _id: string }) => row._id)).toEqual(all.slice(20, 30));
    expect(Object.keys(third.body.results.data[0]).sort()).toEqual(
      ['_id', 'email', 'firstName', 'lastName', 'status'].sort(),
    );
  });

  it('searches by name or email', async () => {
    const [someone] = await t.db
      .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, team.growth))
      .orderBy(asc(users.email))
      .limit(1);
    const byEmail = await members(team.growth, `?search=${encodeURIComponent(someone?.email ?? '')}`);
    expect(byEmail.body.results.data.map((row: { _id: string }) => row._id)).toEqual([someone?.id]);
    const byName = await members(
      team.growth,
      `?search=${encodeURIComponent(`${someone?.first} ${someone?.last}`)}`,
    );
    expect(byName.body.results.data.map((row: { _id: string }) => row._id)).toContain(someone?.id);
    const none = await members(team.growth, '?search=zz-nobody-zz');
    expect(none.body.results).toMatchObject({ data: [], total: 0 });
  });

  it('answers 404 for a team that does not exist', async () => {
    expect((await members('0b0b0b0b-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('adding and removing members', () => {
  it('adds users, once each, and leaves the team version as it was', async () => {
    const outsider = await t.createUser({ email: 'joining@example.com', password: 'secret12' });
    const [before] = await t.db
      .select({ version: teams.version })
      .from(teams)
      .where(eq(teams.id, team.freedom));
    const added = await t.call('POST', teamPaths.members(team.freedom), {
      token: admin,
      body: { userIds: [outsider.id, outsider.id.toUpperCase()] },
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(teamMessages.membersAdded);
    expect(await memberIdsOf(t.db, team.freedom)).toContain(outsider.id);
    const again = await t.call('POST', teamPaths.members(team.freedom), {
      token: admin,
      body: { userIds: [outsider.id] },
    });
    expect(again.status).toBe(200);
    const rows = await t.db.$count(
      teamMembers,
      and(eq(teamMembers.teamId, team.freedom), eq(teamMembers.userId, outsider.id)),
    );
    expect(rows).toBe(1);
    const [after] = await t.db
      .select({ version: teams.version })
      .from(teams)
      .where(eq(teams.id, team.freedom));
    expect(after?.version).toBe(before?.version);
  });

  it('refuses an unknown user, an empty list and a team of teams, adding nobody', async () => {
    const before = await memberIdsOf(t.db, team.freedom);
    const unknown = await t.call('POST', teamPaths.members(team.freedom), {
      token: admin,
      body: { userIds: ['0b0b0b0b-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ userIds: teamMessages.teamMembersRequired });
    const empty = await t.call('POST', teamPaths.members(team.freedom), {
      token: admin,
      body: { userIds: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ userIds: teamMessages.teamMembersRequired });
    const [ofTeams] = await t.db
      .insert(teams)
      .values({ title: 'Teams of teams', teamName: 'tot', teamMemberType: 'teams' })
      .returning({ id: teams.id });
    const someone = before[0] as string;
    const wrongKind = await t.call('POST', teamPaths.members(ofTeams?.id as string), {
      token: admin,
      body: { userIds: [someone] },
    });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors).toEqual({ userIds: teamMessages.teamOfTeams });
    expect((await memberIdsOf(t.db, team.freedom)).sort()).toEqual([...before].sort());
  });

  it('removes members, clearing it as their default team; refuses a non-member and emptying the team', async () => {
    const ids = await memberIdsOf(t.db, team.enterprise);
    const [leaving, other] = ids as [string, string];
    await t.db.update(users).set({ defaultTeamId: team.enterprise }).where(eq(users.id, leaving));
    const outsider = await t.createUser({ email: 'not-in-enterprise@example.com', password: 'secret12' });

    const refused = await t.call('DELETE', teamPaths.members(team.enterprise), {
      token: admin,
      body: { bulkId: [leaving, outsider.id] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ bulkId: teamMessages.notMembers });
    expect(await memberIdsOf(t.db, team.enterprise)).toContain(leaving);

    const removed = await t.call('DELETE', teamPaths.members(team.enterprise), {
      token: admin,
      body: { bulkId: [leaving] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(teamMessages.membersRemoved);
    expect(await memberIdsOf(t.db, team.enterprise)).not.toContain(leaving);
    expect(await memberIdsOf(t.db, team.enterprise)).toContain(other);
    const [user] = await t.db
      .select({ defaultTeamId: users.defaultTeamId })
      .from(users)
      .where(eq(users.id, leaving));
    expect(user?.defaultTeamId).toBeNull();

    const everyone = await memberIdsOf(t.db, team.enterprise);
    const emptied = await t.call('DELETE', teamPaths.members(team.enterprise), {
      token: admin,
      body: { bulkId: everyone },
    });
    expect(emptied.status).toBe(422);
    expect(emptied.body.errors).toEqual({ bulkId: teamMessages.teamMembersRequired });
    expect(await memberIdsOf(t.db, team.enterprise)).toHaveLength(everyone.length);
  });
});

describe('the team form without its member list', () => {
  it('keeps the members of a team of users when an update leaves teamMembersIds out', async () => {
    const read = await t.call('GET', teamPaths.one(team.growth), { token: admin });
    const detail = read.body.results as TeamDetail;
    const before = await memberIdsOf(t.db, team.growth);
    const ids = (options: { _id: string }[]) => options.map((option) => option._id);
    const updated = await t.call('PATCH', teamPaths.one(team.growth), {
      token: admin,
      body: {
        title: 'Growth Team',
        teamName: 'growth-renamed',
        teamLeadId: ids(detail.teamLeads),
        teamMemberType: 'users',
        assignableGroupId: ids(detail.assignableGroups),
        assignableCoursesId: ids(detail.assignableCourses),
        membershipRoleId: ids(detail.membershipRoles),
        teamMembershipId: detail.teamMembership?._id,
        version: detail.version,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe("Team 'Growth Team' updated.");
    expect(updated.body.results.teamName).toBe('growth-renamed');
    expect((await memberIdsOf(t.db, team.growth)).sort()).toEqual([...before].sort());

    // Turning it into a team of teams needs the teams named.
    const switched = await t.call('PATCH', teamPaths.one(team.growth), {
      token: admin,
      body: {
        title: 'Growth Team',
        teamName: 'growth-renamed',
        teamLeadId: ids(detail.teamLeads),
        teamMemberType: 'teams',
        assignableGroupId: ids(detail.assignableGroups),
        assignableCoursesId: ids(detail.assignableCourses),
        membershipRoleId: ids(detail.membershipRoles),
        teamMembershipId: detail.teamMembership?._id,
        version: updated.body.results.version,
      },
    });
    expect(switched.status).toBe(422);
    expect(switched.body.errors).toEqual({ teamMembersIds: teamMessages.teamMembersRequired });
  });
});

describe('permissions', () => {
  it('lets a viewer of teams read the members but not change them', async () => {
    const [role] = await t.db.insert(administratorRoles).values({ name: 'Team member viewer' }).returning();
    const [sub] = await t.db.select().from(submodules).where(eq(submodules.slug, 'users-team'));
    await t.db
      .insert(rolePermissions)
      .values({ roleId: role?.id as string, submoduleId: sub?.id as string, canView: true });
    await t.createUser({
      email: 'member-viewer@example.com',
      password: 'secret12',
      administrativeRoleId: role?.id,
    });
    const viewer = await t.login('member-viewer@example.com', 'secret12');
    const before = await memberIdsOf(t.db, team.freedom);

    expect((await t.call('GET', teamPaths.members(team.freedom), { token: viewer })).status).toBe(200);
    const add = await t.call('POST', teamPaths.members(team.freedom), {
      token: viewer,
      body: { userIds: [before[0]] },
    });
    const remove = await t.call('DELETE', teamPaths.members(team.freedom), {
      token: viewer,
      body: { bulkId: [before[0]] },
    });
    expect([add.status, remove.status]).toEqual([403, 403]);
    const lead = await t.login(demo.lead2.email, demo.lead2.password);
    expect((await t.call('GET', teamPaths.members(team.freedom), { token: lead })).status).toBe(403);
    expect((await memberIdsOf(t.db, team.freedom)).sort()).toEqual([...before].sort());
  });
});
