import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { type TeamInput, teamMessages, teamPaths } from '../../contract/teams.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { membershipLevels, membershipRoles } from '../../server/db/schema/lookups.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { teamCourses, teamLeads, teamMembers, teamMemberTeams, teams } from '../../server/db/schema/teams.ts';
import { userGroups } from '../../server/db/schema/user-groups.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { teamIds } from './team-fixtures.ts';

let t: TestContext;
let admin: string;
let team: Awaited<ReturnType<typeof teamIds>>;
let ids: { users: string[]; groups: string[]; courses: string[]; roles: string[]; levels: string[] };

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  team = await teamIds(t.db);
  const [userRows, groupRows, courseRows, roleRows, levelRows] = await Promise.all([
    t.db.select({ id: users.id }).from(users).orderBy(asc(users.email)).limit(6),
    t.db.select({ id: userGroups.id }).from(userGroups).orderBy(asc(userGroups.name)),
    t.db.select({ id: courses.id }).from(courses).where(eq(courses.status, true)).orderBy(asc(courses.name)),
    t.db.select({ id: membershipRoles.id }).from(membershipRoles).orderBy(asc(membershipRoles.name)),
    t.db.select({ id: membershipLevels.id }).from(membershipLevels).orderBy(asc(membershipLevels.name)),
  ]);
  const list = (rows: { id: string }[]) => rows.map((row) => row.id);
  ids = {
    users: list(userRows),
    groups: list(groupRows),
    courses: list(courseRows),
    roles: list(roleRows),
    levels: list(levelRows),
  };
});
afterAll(() => t.close());

const teamCount = () => t.db.$count(teams);

function form(overrides: Partial<TeamInput> = {}): TeamInput {
  return {
    title: 'Night Shift',
    teamName: 'night-shift',
    teamLeadId: [ids.users[0] as string],
    teamMemberType: 'users',
    teamMembersIds: [ids.users[1] as string, ids.users[2] as string],
    assignableGroupId: [ids.groups[0] as string],
    assignableCoursesId: [ids.courses[0] as string, ids.courses[1] as string],
    membershipRoleId: [ids.roles[0] as string],
    teamMembershipId: ids.levels[0] as string,
    ...overrides,
  };
}

async function create(overrides: Partial<TeamInput> = {}) {
  const response = await t.call('POST', teamPaths.list, { token: admin, body: form(overrides) });
  expect(response.status).toBe(201);
  return response.body.results as { _id: string; version: number };
}

// What is special to teams; the shared list, status, bulk, 404, 409 and 422 behaviour is in
// conformance.test.ts.

describe('POST /team and GET /team/{id}', () => {
  it('creates a team with its leads, members and choices, and answers the form record', async () => {
    const response = await t.call('POST', teamPaths.list, {
      token: admin,
      body: form({ title: ' Day Shift ' }),
    });
    expect(response.status).toBe(201);
    const created = response.body.results;
    expect(created).toMatchObject({
      title: 'Day Shift',
      teamName: 'night-shift',
      teamMemberType: 'users',
      status: true,
      version: 1,
    });
    expect(created.teamLeads.map((o: { _id: string }) => o._id)).toEqual([ids.users[0]]);
    expect(created.teamMembers.map((o: { _id: string }) => o._id).sort()).toEqual(
      [ids.users[1], ids.users[2]].sort(),
    );
    expect(created.assignableCourses).toHaveLength(2);
    expect(created.teamMembership._id).toBe(ids.levels[0]);

    const read = await t.call('GET', teamPaths.one(created._id), { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.results).toEqual(created);
    expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, created._id))).toBe(2);
  });

  it('opens a seeded team filled in', async () => {
    const response = await t.call('GET', teamPaths.one(team.growth), { token: admin });
    expect(response.status).toBe(200);
    const detail = response.body.results;
    expect(detail.title).toBe('Growth Team');
    expect(detail.teamLeads.length).toBeGreaterThan(0);
    expect(detail.teamMembers).toHaveLength(25);
    expect(detail.assignableGroups.length).toBeGreaterThan(0);
    expect(detail.assignableCourses.length).toBeGreaterThan(0);
    expect(detail.membershipRoles.length).toBeGreaterThan(0);
    expect(detail.teamMembership).not.toBeNull();
  });

  it('answers all nine messages for an empty form and writes nothing', async () => {
    const before = await teamCount();
    const response = await t.call('POST', teamPaths.list, { token: admin, body: {} });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      title: teamMessages.titleRequired,
      teamName: teamMessages.teamNameRequired,
      teamLeadId: teamMessages.teamLeadRequired,
      teamMemberType: teamMessages.teamMemberTypeRequired,
      teamMembersIds: teamMessages.teamMembersRequired,
      assignableGroupId: teamMessages.assignableGroupRequired,
      assignableCoursesId: teamMessages.coursesRequired,
      membershipRoleId: teamMessages.membershipRoleRequired,
      teamMembershipId: teamMessages.membershipLevelRequired,
    });
    expect(await teamCount()).toBe(before);
  });

  it('refuses ids that name nothing, under their fields', async () => {
    const nobody = '00000000-0000-4000-8000-000000000001';
    const before = await teamCount();
    const response = await t.call('POST', teamPaths.list, {
      token: admin,
      body: form({
        teamLeadId: [nobody],
        teamMembersIds: [nobody],
        assignableGroupId: [nobody],
        assignableCoursesId: [nobody],
        membershipRoleId: [nobody],
        teamMembershipId: nobody,
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      teamLeadId: teamMessages.teamLeadRequired,
      teamMembersIds: teamMessages.teamMembersRequired,
      assignableGroupId: teamMessages.assignableGroupRequired,
      assignableCoursesId: teamMessages.coursesRequired,
      membershipRoleId: teamMessages.membershipRoleRequired,
      teamMembershipId: teamMessages.membershipLevelRequired,
    });
    expect(await teamCount()).toBe(before);
  });

  it('makes a team of teams, and refuses a team that contains itself', async () => {
    const parent = await create({
      title: 'Region North',
      teamMemberType: 'teams',
      teamMembersIds: [team.growth, team.freedom],
    });
    const rows = await t.db.select().from(teamMemberTeams).where(eq(teamMemberTeams.teamId, parent._id));
    expect(rows.map((row) => row.memberTeamId).sort()).toEqual([team.growth, team.freedom].sort());

    const response = await t.call('PATCH', teamPaths.one(parent._id), {
      token: admin,
      body: form({ teamMemberType: 'teams', teamMembersIds: [parent._id], version: parent.version }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ teamMembersIds: teamMessages.teamNotSelf });
    expect(await t.db.$count(teamMemberTeams, eq(teamMemberTeams.teamId, parent._id))).toBe(2);
  });

  it('refuses a loop: a team inside one of its own member teams', async () => {
    const region = await create({
      title: 'Region South',
      teamMemberType: 'teams',
      teamMembersIds: [team.freedom],
    });
    const country = await create({ title: 'Country', teamMemberType: 'teams', teamMembersIds: [region._id] });
    const [freedom] = await t.db.select().from(teams).where(eq(teams.id, team.freedom));
    const response = await t.call('PATCH', teamPaths.one(team.freedom), {
      token: admin,
      body: form({ teamMemberType: 'teams', teamMembersIds: [country._id], version: freedom?.version }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ teamMembersIds: teamMessages.teamNotSelf });
    const [after] = await t.db.select().from(teams).where(eq(teams.id, team.freedom));
    expect(after).toEqual(freedom);
    expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, team.freedom))).toBe(12);
  });

  it('refuses wrong types, huge strings and markup with 422 and writes nothing', async () => {
    const before = await teamCount();
    const bodies = [
      { ...form(), title: 42 },
      { ...form(), title: 'x'.repeat(10_000) },
      { ...form(), teamMemberType: "users'; drop table teams; --" },
      { ...form(), teamLeadId: '<script>alert(1)</script>' },
      { ...form(), teamMembersIds: [{ id: 1 }] },
      { ...form(), teamMembershipId: ['a'] },
      { ...form(), version: 'one' },
      { ...form(), title: 'Night\u0000Shift' },
      { ...form(), teamName: 'night\u0000shift' },
    ];
    for (const body of bodies) {
      const response = await t.call('POST', teamPaths.list, { token: admin, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect(await teamCount()).toBe(before);
  });
});

describe('PATCH /team/{id}', () => {
  it('updates the team and its links and bumps the version', async () => {
    const created = await create({ title: 'Weekend Crew' });
    const response = await t.call('PATCH', teamPaths.one(created._id), {
      token: admin,
      body: form({
        title: 'Weekend Crew B',
        teamMembersIds: [ids.users[3] as string],
        assignableCoursesId: [ids.courses[2] as string],
        version: created.version,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({ title: 'Weekend Crew B', version: created.version + 1 });
    const members = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, created._id));
    expect(members.map((row) => row.userId)).toEqual([ids.users[3]]);
    const courseRows = await t.db.select().from(teamCourses).where(eq(teamCourses.teamId, created._id));
    expect(courseRows.map((row) => row.courseId)).toEqual([ids.courses[2]]);
  });

  it('switching a team to teams empties its user members', async () => {
    const created = await create({ title: 'Switcher' });
    const response = await t.call('PATCH', teamPaths.one(created._id), {
      token: admin,
      body: form({ teamMemberType: 'teams', teamMembersIds: [team.freedom], version: created.version }),
    });
    expect(response.status).toBe(200);
    expect(response.body.results.teamMembers).toEqual([{ _id: team.freedom, label: 'Freedom Team' }]);
    expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, created._id))).toBe(0);
  });
});

describe('GET /team', () => {
  it('lists each team with its columns, member count and leads', async () => {
    const response = await t.call('GET', `${teamPaths.list}?search=growth`, { token: admin });
    expect(response.status).toBe(200);
    const [growth] = response.body.results.data;
    expect(Object.keys(growth).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'memberCount',
        'status',
        'teamLeads',
        'teamMemberType',
        'teamName',
        'title',
        'version',
      ].sort(),
    );
    expect(growth).toMatchObject({ title: 'Growth Team', memberCount: 25 });
    expect(growth.teamLeads).toEqual([{ _id: expect.any(String), label: expect.any(String) }]);
  });

  it('searches the team name as well as the title, and filters by member type and lead', async () => {
    const search = await t.call('GET', `${teamPaths.list}?search=growth-TEAM`, { token: admin });
    expect(search.body.results.data.map((row: { title: string }) => row.title)).toEqual(['Growth Team']);

    const parent = await create({
      title: 'Filter Region',
      teamMemberType: 'teams',
      teamMembersIds: [team.growth],
    });
    const ofTeams = await t.call('GET', `${teamPaths.list}?teamMemberType=teams&limit=100`, { token: admin });
    expect(ofTeams.body.results.data.map((row: { _id: string }) => row._id)).toContain(parent._id);
    for (const row of ofTeams.body.results.data) expect(row.teamMemberType).toBe('teams');
    const ofUsers = await t.call('GET', `${teamPaths.list}?teamMemberType=users&limit=100`, { token: admin });
    expect(ofUsers.body.results.data.map((row: { _id: string }) => row._id)).not.toContain(parent._id);

    const [lead2] = await t.db.select().from(users).where(eq(users.email, demo.lead2.email));
    const byLead = await t.call('GET', `${teamPaths.list}?lead=${lead2?.id}`, { token: admin });
    expect(byLead.body.results.data.map((row: { title: string }) => row.title)).toEqual(['Freedom Team']);
  });

  it('ignores a malformed lead or member type filter instead of failing', async () => {
    const response = await t.call('GET', `${teamPaths.list}?lead=x&teamMemberType=nobody`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.results.total).toBe(await teamCount());
  });
});

describe('duplicate', () => {
  it('duplicates a team with its settings and members under a new title', async () => {
    const response = await t.call('POST', teamPaths.duplicate(team.growth), {
      token: admin,
      body: { title: 'Growth Team (copy)' },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(teamMessages.teamDuplicated);
    const copy = response.body.results;
    const original = (await t.call('GET', teamPaths.one(team.growth), { token: admin })).body.results;
    expect(copy._id).not.toBe(team.growth);
    expect(copy).toMatchObject({ title: 'Growth Team (copy)', teamName: original.teamName, version: 1 });
    for (const key of [
      'teamLeads',
      'teamMembers',
      'assignableGroups',
      'assignableCourses',
      'membershipRoles',
      'teamMembership',
    ])
      expect(copy[key]).toEqual(original[key]);

    const nul = await t.call('POST', teamPaths.duplicate(team.growth), {
      token: admin,
      body: { title: 'A\u0000B' },
    });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({ title: messages.invalidCharacters });

    const empty = await t.call('POST', teamPaths.duplicate(team.growth), { token: admin, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ title: teamMessages.titleRequired });
    const missing = await t.call('POST', teamPaths.duplicate('00000000-0000-4000-8000-000000000000'), {
      token: admin,
      body: { title: 'Ghost' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('lookups', () => {
  it('lists enabled users who can lead, searchable and paged', async () => {
    const response = await t.call('GET', `${teamPaths.leadInfo}?search=lead2@&limit=10`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.results.data).toEqual([
      { _id: expect.any(String), label: expect.stringContaining('lead2@example.com') },
    ]);
    const page = await t.call('GET', `${teamPaths.leadInfo}?limit=2&page=2`, { token: admin });
    expect(page.body.results).toMatchObject({ page: 2, limit: 2 });
    expect(page.body.results.data).toHaveLength(2);
  });

  it('lists enabled courses', async () => {
    const response = await t.call('GET', `${teamPaths.courseInfo}?limit=100`, { token: admin });
    expect(response.status).toBe(200);
    const enabled = await t.db.$count(courses, eq(courses.status, true));
    expect(response.body.results.total).toBe(enabled);
  });
});

describe('permissions', () => {
  async function tokenWithTeamGrant(email: string, grant: Partial<typeof rolePermissions.$inferInsert>) {
    const [role] = await t.db.insert(administratorRoles).values({ name: email }).returning();
    const [sub] = await t.db.select().from(submodules).where(eq(submodules.slug, 'users-team'));
    if (!role || !sub) throw new Error('No role or submodule');
    await t.db.insert(rolePermissions).values({ roleId: role.id, submoduleId: sub.id, ...grant });
    await t.createUser({ email, password: 'secret1', administrativeRoleId: role.id });
    return t.login(email, 'secret1');
  }

  it('refuses duplication to a viewer, and the team-lead picker to a team lead', async () => {
    const viewer = await tokenWithTeamGrant('team-viewer@example.com', { canView: true });
    const before = await teamCount();
    const response = await t.call('POST', teamPaths.duplicate(team.growth), {
      token: viewer,
      body: { title: 'Nope' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: messages.forbidden });
    expect(await teamCount()).toBe(before);

    const lead = await t.login(demo.lead.email, demo.lead.password);
    expect((await t.call('GET', teamPaths.leadInfo, { token: lead })).status).toBe(403);
  });

  it('keeps the team dashboard routes of a team lead working', async () => {
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const organizations = await t.call('GET', paths.organizations, { token: lead });
    expect(organizations.status).toBe(200);
    const [leadUser] = await t.db.select().from(users).where(eq(users.email, demo.lead.email));
    const leads = await t.db.$count(teamLeads, eq(teamLeads.userId, leadUser?.id as string));
    expect(organizations.body.results.data.length).toBe(leads);
    const setDefault = await t.call('POST', paths.setDefaultTeam, {
      token: lead,
      body: { defaultTeamId: team.enterprise },
    });
    expect(setDefault.status).toBe(200);
    expect(setDefault.body.results.default).toBe(team.enterprise);
    const memberList = await t.call('GET', paths.memberList(team.enterprise), { token: lead });
    expect(memberList.status).toBe(200);
    expect(memberList.body.results.total).toBe(25);
    const report = await t.call('GET', paths.teamReport(team.enterprise), { token: lead });
    expect(report.status).toBe(200);
  });
});
