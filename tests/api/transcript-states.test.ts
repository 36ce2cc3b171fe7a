import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnerState } from '../../contract/course-assignments/resource.ts';
import { paths } from '../../contract/paths.ts';
import type { TeamMemberCard, TranscriptEntry } from '../../contract/team-dashboard.ts';
import { checklists } from '../../server/db/schema/checklists.ts';
import {
  courseAssignmentAssignees,
  courseAssignmentCourses,
  courseAssignments,
} from '../../server/db/schema/course-assignments.ts';
import {
  courseCompletions,
  courseOutlineItems,
  courseProgress,
  courses,
} from '../../server/db/schema/courses.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { newChecklist, writeRecord } from './checklist-record-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// The state of each course on a member's Transcript, which is also what their card's course bar
// breaks down, on courses, assignments and records this file makes itself, at two clock times.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight UTC of a fixed day, so the dates below never straddle a day boundary. */
const BASE = Date.UTC(2031, 2, 3);
const day = (n: number) => new Date(BASE + n * DAY_MS);
const isoDay = (n: number) => day(n).toISOString().slice(0, 10);

let t: TestContext;
let lead: string;
let teamId: string;
let memberId: string;
let email: string;
const course: Record<string, string> = {};

async function assignment(
  title: string,
  courseIds: string[],
  fields: Partial<typeof courseAssignments.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(courseAssignments)
    .values({ title, kind: 'assigned', assigneeKind: 'users', ...fields })
    .returning({ id: courseAssignments.id });
  const id = row?.id as string;
  await t.db
    .insert(courseAssignmentAssignees)
    .values({ assignmentId: id, userId: memberId, addedAt: day(0) });
  await t.db
    .insert(courseAssignmentCourses)
    .values(courseIds.map((courseId) => ({ assignmentId: id, courseId })));
}

beforeAll(async () => {
  t = await createTestContext();
  lead = await t.login(demo.lead.email, demo.lead.password);
  // A team of its own, so no training of the demo's teams reaches the member.
  const [team] = await t.db
    .insert(teams)
    .values({ title: 'States Team', teamName: 'states' })
    .returning({ id: teams.id });
  teamId = team?.id as string;
  const [leader] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demo.lead.email));
  await t.db.insert(teamLeads).values({ teamId, userId: leader?.id as string });
  email = 'transcript-states@example.com';
  const member = await t.createUser({ email, password: 'secret12', firstName: 'Tess', lastName: 'States' });
  memberId = member.id;
  await t.db.insert(teamMembers).values({ teamId, userId: memberId });
  for (const name of ['Done', 'Lapsed', 'Late', 'Begun', 'Untouched']) {
    const [row] = await t.db
      .insert(courses)
      .values({ name: `States ${name}` })
      .returning({ id: courses.id });
    course[name] = row?.id as string;
  }
  const c = course as Record<'Done' | 'Lapsed' | 'Late' | 'Begun' | 'Untouched', string>;
  // No deadline, no expiry.
  await assignment('States Open', [c.Done, c.Begun, c.Untouched]);
  // Due on day 10; it also gives Done, which its completion answers there too.
  await assignment('States Due', [c.Late, c.Done], { deadline: isoDay(10) });
  // A completion counts for five days.
  await assignment('States Lapsing', [c.Lapsed], {
    expiryType: 'dynamic',
    expiryValue: 5,
    expiryUnit: 'days',
  });
  await t.db.insert(courseCompletions).values([
    { userId: memberId, courseId: c.Done, completedAt: day(3) },
    { userId: memberId, courseId: c.Lapsed, completedAt: day(1) },
  ]);
  await t.db
    .insert(courseProgress)
    .values({ userId: memberId, courseId: c.Begun, startedAt: day(2), lastActivityAt: day(2) });
  // Checklists reach the member through the outlines of assigned courses: one completed by the
  // lead's sign-off on day 2 (after a 'not yet' on day 1), one with an item of two done.
  const done = await newChecklist(t, [{ required: true }, { required: true, type: 'leadSignOff' }, {}]);
  const half = await newChecklist(t, [{ required: true }, { required: true }]);
  await t.db.update(checklists).set({ title: 'States Checklist' }).where(eq(checklists.id, done.checklistId));
  await t.db.update(checklists).set({ title: 'States Half' }).where(eq(checklists.id, half.checklistId));
  await t.db.insert(courseOutlineItems).values([
    { courseId: c.Done, position: 1, checklistId: done.checklistId },
    { courseId: c.Begun, position: 1, checklistId: half.checklistId },
  ]);
  const signer = { id: leader?.id as string, name: 'Taylor Morgan', role: 'lead' as const };
  const [tick, signOff] = done.itemIds as [string, string];
  const record = (
    checklistId: string,
    activityId: string,
    fields: Partial<Parameters<typeof writeRecord>[1]>,
  ) => writeRecord(t, { userId: memberId, checklistId, activityId, ...fields });
  await record(done.checklistId, tick, { doneAt: day(1) });
  await record(done.checklistId, signOff, { action: 'notYet', doneAt: day(1), actor: signer });
  await record(done.checklistId, signOff, { doneAt: day(2), actor: signer });
  await record(half.checklistId, half.itemIds[0] as string, { doneAt: day(2) });
});
afterAll(() => t.close());

async function transcriptAt(now: Date) {
  t.setNow(now);
  const response = await t.call('GET', paths.memberTranscript(teamId, memberId), { token: lead });
  t.setNow();
  expect(response.status, response.text).toBe(200);
  return response.body.results as TranscriptEntry[];
}

const rows = (entries: TranscriptEntry[]) =>
  entries.map((entry) => ({ title: entry.title, state: entry.state, completedAt: entry.completedAt }));

describe('GET member transcript: states, latest first', () => {
  it('gives each course its state, completed with its date, and lists the latest first', async () => {
    expect(rows(await transcriptAt(day(12)))).toEqual([
      { title: 'States Done', state: 'completed', completedAt: day(3).toISOString() },
      { title: 'States Checklist', state: 'completed', completedAt: day(2).toISOString() },
      { title: 'States Lapsed', state: 'expired', completedAt: day(1).toISOString() },
      { title: 'States Begun', state: 'in-progress', completedAt: null },
      { title: 'States Half', state: 'in-progress', completedAt: null },
      { title: 'States Late', state: 'overdue', completedAt: null },
      { title: 'States Untouched', state: 'not-started', completedAt: null },
    ]);
  });

  it('follows the clock: before the deadline and the expiry nothing is late or lapsed', async () => {
    const states = Object.fromEntries(
      (await transcriptAt(day(4))).map((entry) => [entry.title, entry.state]),
    ) as Record<string, LearnerState>;
    expect(states).toEqual({
      'States Done': 'completed',
      'States Checklist': 'completed',
      'States Lapsed': 'completed',
      'States Begun': 'in-progress',
      'States Half': 'in-progress',
      'States Late': 'not-started',
      'States Untouched': 'not-started',
    });
  });

  it("matches the member card's course bar: its courses, and as many completed", async () => {
    for (const now of [day(4), day(12)]) {
      const entries = await transcriptAt(now);
      t.setNow(now);
      const list = await t.call('GET', `${paths.memberList(teamId)}?search=${email}`, { token: lead });
      t.setNow();
      const card = (list.body.results.data as TeamMemberCard[]).find((row) => row._id === memberId);
      const courseEntries = entries.filter((entry) => entry.kind === 'course');
      expect(courseEntries).toHaveLength(card?.coursesAssigned as number);
      expect(courseEntries.filter((entry) => entry.state === 'completed')).toHaveLength(
        card?.coursesCompleted as number,
      );
    }
  });

  it("matches the member card's checklist bar, from the records", async () => {
    t.setNow(day(12));
    const list = await t.call('GET', `${paths.memberList(teamId)}?search=${email}`, { token: lead });
    t.setNow();
    const card = (list.body.results.data as TeamMemberCard[]).find((row) => row._id === memberId);
    expect(card).toMatchObject({ checklistsAssigned: 2, checklistsCompleted: 1, checklistProgress: 50 });
  });
});

describe('GET member activity: checklists', () => {
  it('lists a completed checklist at the time of the record that completed it, and no half-done one', async () => {
    const response = await t.call('GET', paths.memberActivity(teamId, memberId), { token: lead });
    expect(response.status, response.text).toBe(200);
    const checklistEntries = (response.body.results as { kind: string; title: string; at: string }[]).filter(
      (entry) => entry.kind === 'checklist-completed',
    );
    expect(checklistEntries).toEqual([
      { kind: 'checklist-completed', title: 'States Checklist', at: day(2).toISOString() },
    ]);
  });
});
