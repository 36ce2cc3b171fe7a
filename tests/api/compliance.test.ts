import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLIANCE_CSV_COLUMNS,
  COMPLIANCE_STATUSES,
  type ComplianceFigures,
  type ComplianceReportRow,
  type ComplianceResult,
  type ComplianceStatus,
  compliancePaths,
} from '../../contract/course-assignments/compliance.ts';
import { courseAssignmentPaths } from '../../contract/course-assignments/resource.ts';
import { parseCsv } from '../../contract/csv.ts';
import { messages } from '../../contract/messages.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { userGroupMembers, userGroups } from '../../server/db/schema/user-groups.ts';
import { users } from '../../server/db/schema/users.ts';
import { expectedFigures } from './compliance-expected.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { teamIds } from './team-fixtures.ts';

// The compliance dashboard's figures, report and CSV, held against the plain model of
// assignment-oracle.ts over the whole database at several clock times.

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

let t: TestContext;
let admin: string;
let lead: string;
let team: Awaited<ReturnType<typeof teamIds>>;
let course: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
  team = await teamIds(t.db);
  course = Object.fromEntries((await t.db.select().from(courses)).map((row) => [row.name, row.id]));
});
afterAll(() => t.close());

async function figures(query = '', token = admin) {
  const response = await t.call('GET', `${compliancePaths.figures}${query}`, { token });
  return response;
}

async function report(query: string, token = admin) {
  return t.call('GET', `${compliancePaths.report}?${query}`, { token });
}

async function csvRecords(query: string, token = admin) {
  const response = await t.call('GET', `${compliancePaths.export}?${query}`, { token });
  expect(response.status).toBe(200);
  const { records, error } = parseCsv(response.text);
  expect(error).toBeNull();
  return { response, records };
}

/** A new group of new learners assigned a course with an expiry, and one completion each. */
async function recertificationGroup(name: string, completions: number[]) {
  const [group] = await t.db.insert(userGroups).values({ name }).returning({ id: userGroups.id });
  const groupId = group?.id as string;
  const ids: string[] = [];
  for (const [index, daysAgo] of completions.entries()) {
    const user = await t.createUser({
      email: `${name.toLowerCase().replaceAll(' ', '-')}-${index}@example.com`,
      password: 'secret12',
      firstName: index === 0 ? '=HYPERLINK("x")' : name,
      lastName: `Learner ${index}`,
    });
    ids.push(user.id as string);
    await t.db.insert(userGroupMembers).values({ groupId, userId: user.id as string, joinedAt: ago(400) });
    await t.db.insert(courseCompletions).values({
      userId: user.id as string,
      courseId: course['Workplace Safety Essentials'] as string,
      completedAt: ago(daysAgo),
    });
  }
  const created = await t.call('POST', courseAssignmentPaths.list, {
    token: admin,
    body: {
      title: `${name} recertification`,
      courseIds: [course['Workplace Safety Essentials']],
      assigneeKind: 'groups',
      assigneeIds: [groupId],
      dueWithinDays: 30,
      expiryType: 'dynamic',
      expiryValue: 1,
      expiryUnit: 'years',
    },
  });
  expect(created.status).toBe(201);
  return ids;
}

describe('GET /course-assignment/compliance', () => {
  it('answers the figures of the organization, by team and by course, as the plain model has them', async () => {
    const response = await figures();
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    const result = response.body.results as ComplianceResult;
    expect(result.total.assigned).toBeGreaterThan(0);
    const expected = await expectedFigures(t.db, new Date(result.asOf));
    expect(result).toEqual({ asOf: result.asOf, ...expected });
  });

  it('counts an expiring completion, then as overdue once it has expired, with the clock moved', async () => {
    // Completed 340 days ago with a one-year expiry: expires in 25 days; 200 days ago: not soon.
    await recertificationGroup('Expiring crew', [340, 200]);
    for (const days of [0, 30, 200]) {
      const now = new Date(Date.now() + days * DAY_MS);
      t.setNow(now);
      const result = (await figures()).body.results as ComplianceResult;
      expect(result).toEqual({ asOf: now.toISOString(), ...(await expectedFigures(t.db, now)) });
    }
    t.setNow();
    const fire = ((await figures()).body.results as ComplianceResult).courses.find(
      (row) => row._id === course['Workplace Safety Essentials'],
    );
    expect(fire?.expiring).toBeGreaterThanOrEqual(1);
  });

  it('leaves out disabled learners and suggested training', async () => {
    const before = ((await figures()).body.results as ComplianceResult).total;
    const [first] = await recertificationGroup('Disabled crew', [10]);
    const withOne = ((await figures()).body.results as ComplianceResult).total;
    expect(withOne).toEqual({ ...before, assigned: before.assigned + 1, completed: before.completed + 1 });
    await t.db
      .update(users)
      .set({ status: false })
      .where(eq(users.id, first as string));
    expect(((await figures()).body.results as ComplianceResult).total).toEqual(before);
    await t.db
      .update(users)
      .set({ status: true })
      .where(eq(users.id, first as string));

    const suggested = await t.call('POST', courseAssignmentPaths.list, {
      token: admin,
      body: {
        title: 'Optional reading',
        kind: 'suggested',
        courseIds: [course['Workplace Safety Essentials']],
        assigneeKind: 'users',
        assigneeIds: [first],
      },
    });
    expect(suggested.status).toBe(201);
    expect(((await figures()).body.results as ComplianceResult).total).toEqual(withOne);
  });

  it("gives a team's leads their team's figures and refuses them the organization and other teams", async () => {
    const mine = await figures(`?team=${team.growth}`, lead);
    expect(mine.status).toBe(200);
    const result = mine.body.results as ComplianceResult;
    expect(result).toEqual({
      asOf: result.asOf,
      ...(await expectedFigures(t.db, new Date(result.asOf), team.growth)),
    });
    expect(result.teams.map((row) => row._id)).toEqual([team.growth]);

    expect((await figures('', lead)).status).toBe(403);
    expect((await figures(`?team=${team.freedom}`, lead)).status).toBe(403);
    expect((await report(`team=${team.freedom}`, lead)).status).toBe(403);
    expect(
      (await t.call('GET', `${compliancePaths.export}?team=${team.freedom}`, { token: lead })).status,
    ).toBe(403);
    expect((await t.call('GET', compliancePaths.export, { token: lead })).status).toBe(403);

    const user = await t.createUser({ email: 'no-rights@example.com', password: 'secret12' });
    expect(user.id).toBeTruthy();
    const nobody = await t.login('no-rights@example.com', 'secret12');
    expect((await figures('', nobody)).status).toBe(403);
    expect((await report('', nobody)).status).toBe(403);
    expect((await t.call('GET', compliancePaths.figures)).status).toBe(401);
  });
});

describe('GET /course-assignment/compliance/report and /export', () => {
  it('lists as many rows as each figure counts, for the organization, a team and a course', async () => {
    const result = (await figures()).body.results as ComplianceResult;
    const growth = result.teams.find((row) => row._id === team.growth) as ComplianceFigures;
    const fire = result.courses.find(
      (row) => row._id === course['Workplace Safety Essentials'],
    ) as ComplianceFigures;
    for (const status of COMPLIANCE_STATUSES) {
      for (const [filter, expected] of [
        ['', result.total[status]],
        [`&team=${team.growth}`, growth[status]],
        [`&course=${course['Workplace Safety Essentials']}`, fire[status]],
      ] as const) {
        const response = await report(`status=${status}${filter}&limit=10`);
        expect(response.status).toBe(200);
        expect(response.body.results.total, `${status}${filter}`).toBe(expected);
        expect(response.body.results.totalPages).toBe(Math.ceil(expected / 10));
      }
    }
  });

  it('shows each row with its learner, training, course and state, and pages them', async () => {
    const all = await report('status=assigned&limit=100');
    const rows = all.body.results.data as ComplianceReportRow[];
    expect(rows.length).toBeGreaterThan(20);
    const [first] = rows;
    expect(first).toEqual({
      userId: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.stringContaining('@'),
      assignmentId: expect.any(String),
      title: expect.any(String),
      courseId: expect.any(String),
      courseName: expect.any(String),
      deadline: first?.deadline === null ? null : expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      state: expect.any(String),
      completedAt: first?.completedAt === null ? null : expect.stringMatching(/T.*Z$/),
      expiresAt: first?.expiresAt === null ? null : expect.stringMatching(/T.*Z$/),
    });
    const second = await report('status=assigned&limit=10&page=2');
    expect(second.body.results.data).toEqual(rows.slice(10, 20));

    // A year and a half on, every deadline has passed: the overdue list holds only overdue and expired rows.
    t.setNow(new Date(Date.now() + 550 * DAY_MS));
    const overdue = (await report('status=overdue&limit=100')).body.results.data as ComplianceReportRow[];
    t.setNow();
    expect(overdue.length).toBeGreaterThan(1);
    for (const row of overdue) expect(['overdue', 'expired']).toContain(row.state);
  });

  it('reads a status it does not know as every row', async () => {
    const all = await report('limit=10');
    expect((await report('status=bogus&limit=10')).body.results).toEqual(all.body.results);
  });

  it('exports the same rows as CSV with each learner’s teams, formulas defused', async () => {
    await recertificationGroup('Export crew', [350, 20]);
    const { response, records } = await csvRecords('status=assigned');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="compliance-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = records;
    expect(header).toEqual([...COMPLIANCE_CSV_COLUMNS]);
    const total = ((await figures()).body.results as ComplianceResult).total;
    expect(rows).toHaveLength(total.assigned);

    const formula = rows.find((row) => row[2] === 'export-crew-0@example.com');
    expect(formula?.slice(0, 3)).toEqual(['\'=HYPERLINK("x")', 'Learner 0', 'export-crew-0@example.com']);
    expect(formula?.[4]).toBe('Export crew recertification');
    expect(formula?.[5]).toBe('Workplace Safety Essentials');
    expect(formula?.[7]).toBe('completed');

    const growthMembers = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.growth));
    const member = await t.db
      .select()
      .from(users)
      .where(eq(users.id, growthMembers[0]?.userId as string));
    const theirs = rows.filter((row) => row[2] === member[0]?.email);
    for (const row of theirs) expect(row[3]?.split(';')).toContain('Growth Team');

    for (const status of ['overdue', 'expiring'] as ComplianceStatus[]) {
      const { records: filtered } = await csvRecords(`status=${status}&team=${team.growth}`);
      const page = await report(`status=${status}&team=${team.growth}&limit=100`);
      expect(filtered.slice(1).map((row) => [row[2], row[4], row[5]])).toEqual(
        (page.body.results.data as ComplianceReportRow[]).map((row) => [
          row.email,
          row.title,
          row.courseName,
        ]),
      );
    }
  });

  it("exports a lead's own team", async () => {
    const { records } = await csvRecords(`team=${team.growth}`, lead);
    const figuresOfTeam = ((await figures(`?team=${team.growth}`, lead)).body.results as ComplianceResult)
      .total;
    expect(records.length - 1).toBe(figuresOfTeam.assigned);
  });
});
