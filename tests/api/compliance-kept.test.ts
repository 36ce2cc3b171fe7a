import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLIANCE_STATUSES,
  type ComplianceReportRow,
  type ComplianceResult,
  compliancePaths,
} from '../../contract/course-assignments/compliance.ts';
import { courseAssignmentPaths } from '../../contract/course-assignments/resource.ts';
import { parseCsv } from '../../contract/csv.ts';
import { queryRows } from '../../server/db/rows.ts';
import {
  courseAssignmentCourses,
  courseAssignmentLearners,
  courseAssignments,
} from '../../server/db/schema/course-assignments.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { compliancePageSql } from '../../server/modules/course-assignments/compliance-queries.ts';
import { expectedFigures } from './compliance-expected.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { teamIds } from './team-fixtures.ts';

// The compliance figures are kept up to date as completions, assignments and memberships change
// (server/db/compliance.ts). After each kind of change, and at clock times on both sides of
// deadlines and expiries (forward and back, near and far from the last one), the figures must
// equal the plain model's (assignment-oracle.ts), and the report's rows must equal the CSV's,
// which the export still works out from the model itself.

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.now();
const ago = (days: number) => new Date(START - days * DAY_MS);
const isoDay = (days: number) => new Date(START + days * DAY_MS).toISOString().slice(0, 10);
/** Days from the start the figures are read at: now, past an expiry, back, and far on. */
const CLOCK_DAYS = [0, 26, -40, 400];

let t: TestContext;
let admin: string;
let team: Awaited<ReturnType<typeof teamIds>>;
let course: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  team = await teamIds(t.db);
  course = Object.fromEntries((await t.db.select().from(courses)).map((row) => [row.name, row.id]));
});
afterAll(() => t.close());

const get = (path: string) => t.call('GET', path, { token: admin });

/** Every row of the report under `query`, page after page, as the fields the CSV has too. */
async function reportRows(query: string) {
  const rows: string[][] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const response = await get(`${compliancePaths.report}?${query}&limit=100&page=${page}`);
    expect(response.status).toBe(200);
    total = response.body.results.total;
    const data = response.body.results.data as ComplianceReportRow[];
    rows.push(
      ...data.map((row) => [
        row.email,
        row.title,
        row.courseName,
        row.deadline ?? '',
        row.state,
        row.completedAt ?? '',
        row.expiresAt ?? '',
      ]),
    );
    if (page >= response.body.results.totalPages) break;
  }
  return { rows, total };
}

async function csvRows(query: string) {
  const response = await get(`${compliancePaths.export}?${query}`);
  expect(response.status).toBe(200);
  const { records } = parseCsv(response.text);
  // email, training, course, deadline, state, completedAt, expiresAt
  return records.slice(1).map((row) => [2, 4, 5, 6, 7, 8, 9].map((index) => row[index] ?? ''));
}

/** The figures and the report agree with the model at every clock time of CLOCK_DAYS. */
async function expectAgreement(step: string) {
  try {
    for (const days of CLOCK_DAYS) {
      const now = new Date(START + days * DAY_MS);
      t.setNow(now);
      const label = `${step}, ${days} days on`;
      const organization = (await get(compliancePaths.figures)).body.results as ComplianceResult;
      expect(organization, label).toEqual({
        asOf: now.toISOString(),
        ...(await expectedFigures(t.db, now)),
      });
      const growth = (await get(`${compliancePaths.figures}?team=${team.growth}`)).body
        .results as ComplianceResult;
      expect(growth, label).toEqual({
        asOf: now.toISOString(),
        ...(await expectedFigures(t.db, now, team.growth)),
      });
      for (const [query, figure] of [
        ...COMPLIANCE_STATUSES.map((status) => [`status=${status}`, organization.total[status]] as const),
        [`status=assigned&team=${team.growth}`, growth.total.assigned] as const,
      ]) {
        const { rows, total } = await reportRows(query);
        expect(total, `${label}: ${query}`).toBe(figure);
        expect(rows, `${label}: ${query}`).toEqual(await csvRows(query));
      }
    }
  } finally {
    t.setNow();
  }
}

describe('the kept compliance figures', () => {
  it('agree with the model and the export after every kind of change, at clock times across deadlines and expiries', async () => {
    await expectAgreement('as seeded');

    // A course assignment made through the API: two courses for the Growth team, a year's expiry.
    const safety = course['Workplace Safety Essentials'] as string;
    const [other] = (await t.db.select().from(courses)).filter((row) => row.id !== safety);
    const created = await t.call('POST', courseAssignmentPaths.list, {
      token: admin,
      body: {
        title: 'Kept figures drill',
        courseIds: [safety, other?.id],
        assigneeKind: 'teams',
        assigneeIds: [team.growth],
        dueWithinDays: 10,
        expiryType: 'dynamic',
        expiryValue: 1,
        expiryUnit: 'years',
      },
    });
    expect(created.status).toBe(201);
    const assignmentId = created.body.results._id as string;
    await expectAgreement('a team assigned');

    // Completions: one that expires in 25 days, one today.
    const growthMembers = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.growth));
    const [first, second] = growthMembers.map((row) => row.userId);
    await t.db.insert(courseCompletions).values([
      { userId: first as string, courseId: safety, completedAt: ago(340) },
      { userId: second as string, courseId: other?.id as string, completedAt: ago(0) },
    ]);
    await expectAgreement('two completions');

    // Memberships: a Freedom member joins Growth, a Growth member leaves it.
    const [incomer] = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.freedom));
    await t.db
      .insert(teamMembers)
      .values({ teamId: team.growth, userId: incomer?.userId as string, joinedAt: ago(5) })
      .onConflictDoNothing();
    await t.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.growth), eq(teamMembers.userId, second as string)));
    await expectAgreement('a member joined and one left');

    // The assignment's deadline and expiry change; a third course joins it.
    await t.db
      .update(courseAssignments)
      .set({
        deadline: isoDay(3),
        dueWithinDays: null,
        expiryType: 'fixed',
        expiryDate: isoDay(20),
        expiryValue: null,
        expiryUnit: null,
      })
      .where(eq(courseAssignments.id, assignmentId));
    const [extra] = await t.db.insert(courses).values({ name: 'Kept figures extra' }).returning();
    await t.db.insert(courseAssignmentCourses).values({ assignmentId, courseId: extra?.id as string });
    await expectAgreement('the deadline, expiry and courses changed');

    // A learner is reassigned: a new round with a deadline of their own; a completion is taken back.
    await t.db
      .insert(courseAssignmentLearners)
      .values({ assignmentId, userId: first as string, startedAt: ago(1), deadline: isoDay(2) });
    await t.db
      .delete(courseCompletions)
      .where(
        and(
          eq(courseCompletions.userId, second as string),
          eq(courseCompletions.courseId, other?.id as string),
        ),
      );
    await expectAgreement('a learner reassigned and a completion taken back');

    // A learner disabled, a new member added and then deleted, a course deleted.
    await t.db
      .update(users)
      .set({ status: false })
      .where(eq(users.id, first as string));
    const passing = await t.createUser({ email: 'kept-passing@example.com', password: 'secret12' });
    await t.db
      .insert(teamMembers)
      .values({ teamId: team.growth, userId: passing.id as string, joinedAt: ago(2) });
    await expectAgreement('a learner disabled, another added');
    await t.db.delete(users).where(eq(users.id, passing.id as string));
    await t.db.delete(courses).where(eq(courses.id, extra?.id as string));
    await expectAgreement('a learner and a course deleted');

    // A whole team deleted: its memberships and assignments to it go with it.
    await t.db.delete(teams).where(eq(teams.id, team.freedom));
    await expectAgreement('a team deleted');
  }, 240_000);

  it('finds the same report page whether it walks the learners in name order or finds the rows first', async () => {
    // The server picks the way by the figure's size; either must give the same rows.
    await get(compliancePaths.figures);
    const safety = course['Workplace Safety Essentials'] as string;
    for (const status of COMPLIANCE_STATUSES) {
      for (const scope of [{}, { team: team.growth }, { course: safety }]) {
        const filters = { status, team: undefined, course: undefined, ...scope };
        for (const page of [
          { offset: 0, limit: 10 },
          { offset: 10, limit: 10 },
        ]) {
          const [walked, found] = await Promise.all(
            [false, true].map((few) => queryRows(t.db, compliancePageSql(filters, page, new Date(), few))),
          );
          expect(found, JSON.stringify({ filters, page })).toEqual(walked);
        }
      }
    }
    const all = await queryRows(
      t.db,
      compliancePageSql(
        { status: 'assigned', team: undefined, course: undefined },
        { offset: 0, limit: 10 },
        new Date(),
      ),
    );
    expect(all).toHaveLength(10);
  });
});
