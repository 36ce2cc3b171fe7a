import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
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

describe('POST /team and GET /team/{id}', () => {
  it('creates a team with its leads, members and choices, and answers the form record', async () => {
    const response = await t.call('POST', teamPaths.list, {
      token: admin,
      body: form({ title: ' Day Shift ' }),
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(adminMessages.created);
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

  it('answers 404 for an unknown id', async () => {
    const response = await t.call('GET', teamPaths.one('00000000-0000-4000-8000-000000000000'), {
      token: admin,
    });
    expect(response.status).toBe(404);
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

  it.each([
    ['a string body', '"team"'],
    ['an array body', '[]'],
    ['broken JSON', '{"title":'],
  ])('refuses %s with a 4xx and writes nothing', async (_name, rawBody) => {
    const before = await teamCount();
    const response = await t.call('POST', teamPaths.list, {
      token: admin,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await teamCount()).toBe(before);
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
    expect(response.body.message).toBe(adminMessages.updated);
    expect(response.body.results).toMatchObject({ title: 'Weekend Crew B', version: created.version + 1 });
    const members = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, created._id));
    expect(members.map((row) => row.userId)).toEqual([ids.users[3]]);
    const courseRows = await t.db.select().from(teamCourses).where(eq(teamCourses.teamId, created._id));
    expect(courseRows.map((row) => row.courseId)).toEqual([ids.courses[2]]);
  });

  it('answers a stale version with 409 and the current record, changing nothing', async () => {
    const created = await create({ title: 'Stale Crew' });
    const first = await t.call('PATCH', teamPaths.one(created._id), {
      token: admin,
      body: form({ title: 'Stale Crew 2', version: created.version }),
    });
    expect(first.status).toBe(200);
    const second = await t.call('PATCH', teamPaths.one(created._id), {
      token: admin,
      body: form({ title: 'Stale Crew 3', version: created.version }),
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(adminMessages.staleVersion);
    expect(second.body.results).toMatchObject({ title: 'Stale Crew 2', version: created.version + 1 });
    const [row] = await t.db.select().from(teams).where(eq(teams.id, created._id));
    expect(row?.title).toBe('Stale Crew 2');
  });

  it('refuses an update without the version it read, changing nothing', async () => {
    const created = await create({ title: 'Versionless Crew' });
    const response = await t.call('PATCH', teamPaths.one(created._id), {
      token: admin,
      body: form({ title: 'Versionless Crew 2' }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ version: adminMessages.versionRequired });
    const [row] = await t.db.select().from(teams).where(eq(teams.id, created._id));
    expect(row).toMatchObject({ title: 'Versionless Crew', version: created.version });
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
  it('pages newest first with the list columns', async () => {
    const response = await t.call('GET', `${teamPaths.list}?page=1&limit=2`, { token: admin });
    expect(response.status).toBe(200);
    const { data, page, limit, total, totalPages } = response.body.results;
    expect({ page, limit }).toEqual({ page: 1, limit: 2 });
    expect(total).toBe(await teamCount());
    expect(totalPages).toBe(Math.ceil(total / 2));
    expect(data).toHaveLength(2);
    expect(Object.keys(data[0]).sort()).toEqual(
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
    const second = await t.call('GET', `${teamPaths.list}?page=2&limit=2`, { token: admin });
    const firstIds = data.map((row: { _id: string }) => row._id);
    for (const row of second.body.results.data) expect(firstIds).not.toContain(row._id);
  });

  it('searches title and team name, filters by status, member type and lead', async () => {
    const search = await t.call('GET', `${teamPaths.list}?search=growth-TEAM`, { token: admin });
    expect(search.body.results.data.map((row: { title: string }) => row.title)).toEqual(['Growth Team']);
    const growth = search.body.results.data[0];
    expect(growth.memberCount).toBe(25);
    expect(growth.teamLeads).toEqual([{ _id: expect.any(String), label: expect.any(String) }]);

    const wildcard = await t.call('GET', `${teamPaths.list}?search=%25`, { token: admin });
    expect(wildcard.body.results.total).toBe(0);

    const off = await create({ title: 'Disabled Crew' });
    await t.call('POST', teamPaths.one(off._id), { token: admin });
    const disabled = await t.call('GET', `${teamPaths.list}?status=false&limit=100`, { token: admin });
    expect(disabled.body.results.data.map((row: { _id: string }) => row._id)).toContain(off._id);
    for (const row of disabled.body.results.data) expect(row.status).toBe(false);

    const ofTeams = await t.call('GET', `${teamPaths.list}?teamMemberType=teams&limit=100`, { token: admin });
    for (const row of ofTeams.body.results.data) expect(row.teamMemberType).toBe('teams');

    const [lead2] = await t.db.select().from(users).where(eq(users.email, demo.lead2.email));
    const byLead = await t.call('GET', `${teamPaths.list}?lead=${lead2?.id}`, { token: admin });
    expect(byLead.body.results.data.map((row: { title: string }) => row.title)).toEqual(['Freedom Team']);
  });

  it('falls back to defaults for bad query values instead of failing', async () => {
    const response = await t.call('GET', `${teamPaths.list}?page=-3&limit=7&status=maybe&lead=x`, {
      token: admin,
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({ page: 1, limit: 10 });
  });
});

describe('status, bulk and duplicate', () => {
  it('toggles status with the spec message', async () => {
    const created = await create({ title: 'Toggle Crew' });
    const response = await t.call('POST', teamPaths.one(created._id), { token: admin });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: messages.statusUpdated,
      results: { _id: created._id, status: false },
    });
  });

  it('bulk unpublishes, publishes and deletes', async () => {
    const a = await create({ title: 'Bulk A' });
    const b = await create({ title: 'Bulk B' });
    const bulkId = [a._id, b._id];
    const off = await t.call('POST', teamPaths.bulkOff, { token: admin, body: { bulkId } });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(messages.statusUpdated);
    const statuses = async () =>
      (await t.db.select({ id: teams.id, status: teams.status }).from(teams)).filter((row) =>
        bulkId.includes(row.id),
      );
    expect((await statuses()).every((row) => !row.status)).toBe(true);
    await t.call('POST', teamPaths.bulkOn, { token: admin, body: { bulkId } });
    expect((await statuses()).every((row) => row.status)).toBe(true);

    const unknown = await t.call('DELETE', teamPaths.bulkDelete, {
      token: admin,
      body: { bulkId: [...bulkId, '00000000-0000-4000-8000-000000000009'] },
    });
    expect(unknown.status).toBe(404);
    expect(await statuses()).toHaveLength(2);

    const bad = await t.call('DELETE', teamPaths.bulkDelete, { token: admin, body: { bulkId: 'all' } });
    expect(bad.status).toBe(422);
    const deleted = await t.call('DELETE', teamPaths.bulkDelete, { token: admin, body: { bulkId } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(adminMessages.bulkDeleted);
    expect(await statuses()).toHaveLength(0);
  });

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

  it('lets a viewer read but not write, and refuses the team lead and anonymous callers', async () => {
    const viewer = await tokenWithTeamGrant('team-viewer@example.com', { canView: true });
    expect((await t.call('GET', teamPaths.list, { token: viewer })).status).toBe(200);
    const before = await teamCount();
    const writes = [
      ['POST', teamPaths.list, form()],
      ['PATCH', teamPaths.one(team.growth), form()],
      ['POST', teamPaths.one(team.growth), undefined],
      ['POST', teamPaths.bulkOn, { bulkId: [team.growth] }],
      ['DELETE', teamPaths.bulkDelete, { bulkId: [team.growth] }],
      ['POST', teamPaths.duplicate(team.growth), { title: 'Nope' }],
    ] as const;
    for (const [method, path, body] of writes) {
      const response = await t.call(method, path, { token: viewer, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({ message: messages.forbidden });
    }
    expect(await teamCount()).toBe(before);

    const lead = await t.login(demo.lead.email, demo.lead.password);
    expect((await t.call('GET', teamPaths.list, { token: lead })).status).toBe(403);
    expect((await t.call('GET', teamPaths.leadInfo, { token: lead })).status).toBe(403);
    expect((await t.call('GET', teamPaths.list)).status).toBe(401);
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
