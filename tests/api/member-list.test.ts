import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { TeamMemberCard } from '../../contract/team-dashboard.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { userMembershipRoles, users } from '../../server/db/schema/users.ts';
import { newChecklist, writeRecord } from './checklist-record-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { assign, newCourse, setOutline } from './learning-fixtures.ts';
import { byName, expectedCards, teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
let cards: TeamMemberCard[];
beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  lead = await t.login(demo.lead.email, demo.lead.password);
  cards = (await expectedCards(t.db, team.growth)).sort(byName);
});
afterAll(() => t.close());

const list = (query: string, token = lead, teamId = team.growth) =>
  t.call('GET', `${paths.memberList(teamId)}?${query}`, { token });
const ids = (response: { body: { results: { data: TeamMemberCard[] } } }) =>
  response.body.results.data.map((card) => card._id);

describe('GET member list', () => {
  it('answers cards with progress computed from assignments and completions', async () => {
    const response = await list('limit=100');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    expect(response.body.results).toEqual({ data: cards, page: 1, limit: 100, totalPages: 1, total: 25 });
    // The seed makes the numbers differ, so the sorts below have something to sort.
    expect(new Set(cards.map((card) => card.coursesCompleted)).size).toBeGreaterThan(3);
    expect(new Set(cards.map((card) => card.checklistsCompleted)).size).toBeGreaterThan(2);
    expect(cards.some((card) => card.courseProgress > 0 && card.courseProgress < 100)).toBe(true);
  });

  it('pages with a default of 20 cards, and answers past the end with no cards but the totals', async () => {
    const first = await list('');
    expect(first.body.results).toMatchObject({ page: 1, limit: 20, totalPages: 2, total: 25 });
    expect(ids(first)).toEqual(cards.slice(0, 20).map((card) => card._id));

    const second = await list('page=2&limit=10');
    expect(second.body.results).toMatchObject({ page: 2, limit: 10, totalPages: 3, total: 25 });
    expect(ids(second)).toEqual(cards.slice(10, 20).map((card) => card._id));

    const last = await list('page=3&limit=10');
    expect(ids(last)).toEqual(cards.slice(20).map((card) => card._id));

    const beyond = await list('page=4&limit=10');
    expect(beyond.status).toBe(200);
    expect(beyond.body.results).toEqual({ data: [], page: 4, limit: 10, totalPages: 3, total: 25 });
  });

  it('searches first name, last name, full name and email, case-insensitively', async () => {
    const someone = cards[7] as TeamMemberCard;
    const contains = (text: string, term: string) => text.toLowerCase().includes(term.toLowerCase());
    const cases = [
      someone.firstName.slice(1, 4).toUpperCase(),
      someone.lastName,
      `${someone.firstName} ${someone.lastName}`,
      someone.email.split('@')[0] as string,
    ];
    for (const term of cases) {
      const expected = cards.filter(
        (card) =>
          contains(card.firstName, term) ||
          contains(card.lastName, term) ||
          contains(`${card.firstName} ${card.lastName}`, term) ||
          contains(card.email, term),
      );
      const response = await list(`limit=100&search=${encodeURIComponent(term)}`);
      expect(ids(response)).toContain(someone._id);
      expect(ids(response)).toEqual(expected.map((card) => card._id));
      expect(response.body.results.total).toBe(expected.length);
    }
    const wildcard = await list(`search=${encodeURIComponent('_')}`);
    expect(wildcard.body.results).toMatchObject({ data: [], total: 0, totalPages: 0 });
  });

  it('filters by membership role, department and location', async () => {
    const someone = cards[3] as TeamMemberCard;
    const [user] = await t.db.select().from(users).where(eq(users.id, someone._id));
    const roleRows = await t.db.select().from(userMembershipRoles);
    const roleId = roleRows.find((row) => row.userId === someone._id)?.roleId as string;
    const withRole = cards.filter((card) =>
      roleRows.some((row) => row.userId === card._id && row.roleId === roleId),
    );
    const everyone = await t.db.select().from(users);
    const field = (id: string, key: 'departmentId' | 'locationId') =>
      everyone.find((person) => person.id === id)?.[key];

    const byRole = await list(`limit=100&role=${roleId}`);
    expect(ids(byRole)).toEqual(withRole.map((card) => card._id));
    expect(withRole.length).toBeLessThan(cards.length);

    const byDepartment = await list(`limit=100&department=${user?.departmentId}`);
    expect(ids(byDepartment)).toEqual(
      cards.filter((card) => field(card._id, 'departmentId') === user?.departmentId).map((card) => card._id),
    );
    const byLocation = await list(`limit=100&location=${user?.locationId}`);
    expect(ids(byLocation)).toEqual(
      cards.filter((card) => field(card._id, 'locationId') === user?.locationId).map((card) => card._id),
    );
    const combined = await list(`limit=100&location=${user?.locationId}&department=${user?.departmentId}`);
    expect(ids(combined)).toContain(someone._id);
    expect(ids(combined).length).toBeLessThanOrEqual(ids(byLocation).length);

    const all = await list('limit=100&role=all&department=all&location=all');
    expect(all.body.results.total).toBe(25);
  });

  it('sorts by name both ways and by each progress count, ties by name', async () => {
    const descending = await list('limit=100&sort=descending');
    expect(ids(descending)).toEqual([...cards].reverse().map((card) => card._id));

    const byCount = (key: 'coursesCompleted' | 'checklistsCompleted', direction: 1 | -1) =>
      [...cards]
        .sort((a, b) => direction * (a[key] - b[key]) || byName(a, b))
        .map((card) => [card._id, card[key]]);
    const sorted = async (sort: string, key: 'coursesCompleted' | 'checklistsCompleted') =>
      (await list(`limit=100&sort=${sort}`)).body.results.data.map((card: TeamMemberCard) => [
        card._id,
        card[key],
      ]);

    expect(await sorted('ascending', 'coursesCompleted')).toEqual(
      cards.map((card) => [card._id, card.coursesCompleted]),
    );
    expect(await sorted('most-course', 'coursesCompleted')).toEqual(byCount('coursesCompleted', -1));
    expect(await sorted('completed', 'coursesCompleted')).toEqual(byCount('coursesCompleted', 1));
    expect(await sorted('most', 'checklistsCompleted')).toEqual(byCount('checklistsCompleted', -1));
    expect(await sorted('least', 'checklistsCompleted')).toEqual(byCount('checklistsCompleted', 1));

    // A progress sort pages on the same order.
    const pageTwo = await list('limit=10&page=2&sort=most-course');
    expect(ids(pageTwo)).toEqual(
      byCount('coursesCompleted', -1)
        .slice(10, 20)
        .map(([id]) => id),
    );
  });

  it('follows a change of name and a new member in the name order', async () => {
    const [first] = cards;
    // Renamed to sort last, then the order is checked against the names now in the database.
    await t.db
      .update(users)
      .set({ lastName: 'zz-Renamed' })
      .where(eq(users.id, first?._id as string));
    const added = await t.createUser({
      email: 'aardvark@example.com',
      password: 'secret1',
      lastName: 'Aardvark',
    });
    await t.db.insert(teamMembers).values({ teamId: team.growth, userId: added.id });
    try {
      const expected = (await expectedCards(t.db, team.growth)).sort(byName).map((card) => card._id);
      const response = await list('limit=100');
      expect(ids(response)).toEqual(expected);
      expect(ids(response)[0]).toBe(added.id);
      expect(ids(response).at(-1)).toBe(first?._id);
    } finally {
      await t.db.delete(teamMembers).where(eq(teamMembers.userId, added.id));
      await t.db
        .update(users)
        .set({ lastName: first?.lastName as string })
        .where(eq(users.id, first?._id as string));
    }
    expect(ids(await list('limit=100'))).toEqual(cards.map((card) => card._id));
  });

  it('falls back to the defaults for a bad sort, page or filter', async () => {
    const response = await list('sort=sideways&page=0&limit=7&role=nope');
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({ page: 1, limit: 20, total: 25 });
    expect(ids(response)).toEqual(cards.slice(0, 20).map((card) => card._id));
  });

  it("answers 403 to another team's lead and to a user who leads nothing", async () => {
    const lead2 = await t.login(demo.lead2.email, demo.lead2.password);
    const other = await list('', lead2);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: messages.forbidden });
    expect((await list('', lead2, team.freedom)).status).toBe(200);

    await t.createUser({ email: 'nobody@example.com', password: 'secret1' });
    const nobody = await list('', await t.login('nobody@example.com', 'secret1'));
    expect(nobody.status).toBe(403);
    expect((await list('', '')).status).toBe(401);
  });

  it('lets an administrator whose role views teams see any team, and 404s an unknown team', async () => {
    const admin = await t.login(demo.admin.email, demo.admin.password);
    expect((await list('', admin)).body.results.total).toBe(25);
    expect((await list('', admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await list('', admin, 'not-a-team')).status).toBe(404);

    const [role] = await t.db.insert(administratorRoles).values({ name: 'Users only' }).returning();
    const [usersScreen] = await t.db.select().from(submodules).where(eq(submodules.slug, 'users'));
    await t.db
      .insert(rolePermissions)
      .values({ roleId: role?.id as string, submoduleId: usersScreen?.id as string, canView: true });
    await t.createUser({
      email: 'usersonly@example.com',
      password: 'secret1',
      administrativeRoleId: role?.id,
    });
    const usersOnly = await t.login('usersonly@example.com', 'secret1');
    expect((await list('', usersOnly)).status).toBe(403);
  });
});

describe('checklist figures from records', () => {
  it("fill the card's checklist bar and order the 'most' and 'least' sorts", async () => {
    const [team] = await t.db
      .insert(teams)
      .values({ title: 'Checklist Sorts', teamName: 'checklist-sorts' })
      .returning({ id: teams.id });
    const teamId = team?.id as string;
    const [leader] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demo.lead.email));
    await t.db.insert(teamLeads).values({ teamId, userId: leader?.id as string });
    const people: Record<'zeta' | 'alpha' | 'mu', string> = { zeta: '', alpha: '', mu: '' };
    for (const name of ['zeta', 'alpha', 'mu'] as const) {
      const user = await t.createUser({
        email: `sorts-${name}@example.com`,
        password: 'secret12',
        firstName: 'Sam',
        lastName: name[0]?.toUpperCase() + name.slice(1),
      });
      people[name] = user.id;
      await t.db.insert(teamMembers).values({ teamId, userId: user.id });
    }
    // Two checklists in the outline of a course assigned to the three, and one in no course of theirs.
    const first = await newChecklist(t, [{ required: true }, { required: true, type: 'leadSignOff' }, {}]);
    const second = await newChecklist(t, [{}, {}]);
    const elsewhere = await newChecklist(t, [{}]);
    const courseId = await newCourse(t, { permission: 'none' });
    await setOutline(t, courseId, [{ checklistId: first.checklistId }, { checklistId: second.checklistId }]);
    for (const userId of Object.values(people)) await assign(t, userId, [courseId]);
    const done = (userId: string, checklist: { checklistId: string }, activityId: string, fields = {}) =>
      writeRecord(t, { userId, checklistId: checklist.checklistId, activityId, ...fields });
    const [tick, signOff] = first.itemIds as [string, string];
    // Zeta: both done. Alpha: the second only; the first's sign-off was withdrawn. Mu: a 'not yet' and a lone tick.
    await done(people.zeta, first, tick);
    await done(people.zeta, first, signOff);
    for (const item of second.itemIds) await done(people.zeta, second, item);
    await done(people.zeta, elsewhere, elsewhere.itemIds[0] as string);
    await done(people.alpha, first, tick);
    await done(people.alpha, first, signOff, { withdrawnAt: new Date() });
    for (const item of second.itemIds) await done(people.alpha, second, item);
    await done(people.mu, first, signOff, { action: 'notYet' });
    await done(people.mu, second, second.itemIds[0] as string);

    const figures = async (sort: string) =>
      (await list(`limit=20&sort=${sort}`, lead, teamId)).body.results.data.map((card: TeamMemberCard) => [
        card.lastName,
        card.checklistsCompleted,
        card.checklistsAssigned,
        card.checklistProgress,
      ]);
    expect(await figures('ascending')).toEqual([
      ['Alpha', 1, 2, 50],
      ['Mu', 0, 2, 0],
      ['Zeta', 2, 2, 100],
    ]);
    expect((await figures('most')).map(([name]: string[]) => name)).toEqual(['Zeta', 'Alpha', 'Mu']);
    expect((await figures('least')).map(([name]: string[]) => name)).toEqual(['Mu', 'Alpha', 'Zeta']);
  });
});
