import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComplianceResult, compliancePaths } from '../../contract/course-assignments/compliance.ts';
import type { ElearningItem } from '../../contract/elearning/resource.ts';
import type { PlayerCourse, PlayerElearning } from '../../contract/learning/resource.ts';
import { paths } from '../../contract/paths.ts';
import type { ActivityEntry, TeamMemberCard, TranscriptEntry } from '../../contract/team-dashboard.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { newPackage, packageCalls, recordsOf, sco, setOutline } from './elearning-tracking-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { assign, completionsOf, learnerCalls, newCourse, newLearner } from './learning-fixtures.ts';

// When a package's SCOs count as done (SCORM 1.2 and 2004, the package's completion rule, every SCO
// of a multi-SCO package), and what that completes: the package part, the course, and the figures.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Setup = Parameters<typeof newPackage>[1];

/** A learner and a course open to everyone holding one package. */
async function setup(fields: Setup = {}) {
  const packageId = await newPackage(t, fields);
  const courseId = await newCourse(t);
  await setOutline(t, courseId, [{ elearningPackageId: packageId }]);
  const learner = await newLearner(t);
  const calls = packageCalls(t, learner.token);
  const commit = (elements: Record<string, string>, more: Record<string, unknown> = {}) =>
    calls.commit(packageId, { courseId, elements, ...more });
  return { packageId, courseId, learner, calls, commit };
}

/** Whether the commit of `elements` leaves the package done. */
async function doneAfter(
  fields: Setup,
  elements: Record<string, string>,
  more: Record<string, unknown> = {},
) {
  const { commit } = await setup(fields);
  const response = await commit(elements, more);
  expect(response.status, response.text).toBe(200);
  return response.body.results.packageDone as boolean;
}

const packageItem = (course: PlayerCourse) =>
  course.outline.find((item): item is PlayerElearning => item.kind === 'elearning');

describe('SCORM 1.2', () => {
  it('counts completed and passed, not incomplete or failed', async () => {
    expect(await doneAfter({}, { 'cmi.core.lesson_status': 'completed' })).toBe(true);
    expect(await doneAfter({}, { 'cmi.core.lesson_status': 'passed' })).toBe(true);
    expect(await doneAfter({}, { 'cmi.core.lesson_status': 'incomplete' })).toBe(false);
    expect(await doneAfter({}, { 'cmi.core.lesson_status': 'failed' })).toBe(false);
    expect(await doneAfter({}, { 'cmi.core.lesson_status': 'browsed' })).toBe(false);
  });

  it("counts a score at or above the mastery score, the admin's before the manifest's", async () => {
    const manifest70 = [sco('sco-1', { masteryScore: 70 })];
    const score = (raw: string, max = '100') => ({
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.score.raw': raw,
      'cmi.core.score.max': max,
    });
    expect(await doneAfter({ items: manifest70 }, score('75'))).toBe(true);
    expect(await doneAfter({ items: manifest70 }, score('65'))).toBe(false);
    expect(await doneAfter({ items: manifest70, masteryScore: 90 }, score('75'))).toBe(false);
    expect(await doneAfter({ items: manifest70, masteryScore: 90 }, score('18', '20'))).toBe(true);
    // Completed below the mastery score reads as failed.
    const { commit, learner, packageId } = await setup({ items: manifest70 });
    const failed = await commit({ 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '50' });
    expect(failed.body.results).toMatchObject({
      packageDone: false,
      record: { completionStatus: 'completed', successStatus: 'failed', score: 50, done: false },
    });
    const [row] = await recordsOf(t, learner.id, packageId);
    expect(row?.doneAt).toBeNull();
  });
});

describe('SCORM 2004', () => {
  const v2004 = (items?: ElearningItem[], masteryScore?: number) =>
    ({ scormVersion: '2004-4', items, masteryScore }) as Setup;

  it('counts completed and not failed, with the passing score judging a scaled score', async () => {
    const passing = [sco('sco-1', { scaledPassingScore: 0.8 })];
    expect(await doneAfter(v2004(), { 'cmi.completion_status': 'completed' })).toBe(true);
    expect(
      await doneAfter(v2004(), { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed' }),
    ).toBe(true);
    expect(
      await doneAfter(v2004(), { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed' }),
    ).toBe(false);
    expect(
      await doneAfter(v2004(), { 'cmi.completion_status': 'incomplete', 'cmi.success_status': 'passed' }),
    ).toBe(false);
    expect(
      await doneAfter(v2004(passing), { 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.85' }),
    ).toBe(true);
    expect(
      await doneAfter(v2004(passing), { 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.5' }),
    ).toBe(false);
    expect(
      await doneAfter(v2004(passing, 40), {
        'cmi.completion_status': 'completed',
        'cmi.score.scaled': '0.5',
      }),
    ).toBe(true);
    // A completion threshold judges the progress measure, before the status the SCO set.
    const threshold = [sco('sco-1', { completionThreshold: 0.75 })];
    expect(
      await doneAfter(v2004(threshold), {
        'cmi.completion_status': 'incomplete',
        'cmi.progress_measure': '0.8',
      }),
    ).toBe(true);
    expect(
      await doneAfter(v2004(threshold), {
        'cmi.completion_status': 'completed',
        'cmi.progress_measure': '0.5',
      }),
    ).toBe(false);
  });
});

describe('the completion rule for packages that never report', () => {
  it("'launch' counts once launched, 'exit' once finished or left, 'reported' never", async () => {
    expect(await doneAfter({ completionRule: 'launch' }, {}, { event: 'initialize' })).toBe(true);
    expect(await doneAfter({ completionRule: 'exit' }, {}, { event: 'initialize' })).toBe(false);
    expect(await doneAfter({ completionRule: 'exit' }, {}, { event: 'unload' })).toBe(true);
    expect(await doneAfter({ completionRule: 'reported' }, {}, { event: 'finish' })).toBe(false);
    // A status the package does report is what counts.
    expect(
      await doneAfter(
        { completionRule: 'launch' },
        { 'cmi.core.lesson_status': 'incomplete' },
        { event: 'finish' },
      ),
    ).toBe(false);
    const exit = await setup({ completionRule: 'exit' });
    await exit.commit({}, { event: 'initialize' });
    const finished = await exit.commit({}, { event: 'finish', sessionSeconds: 10 });
    expect(finished.body.results).toMatchObject({ packageDone: true, completedCourseIds: [exit.courseId] });
  });
});

describe('a package in a course', () => {
  it('needs every SCO of a multi-SCO package, counts an asset once launched, and completes the course once', async () => {
    const items = [
      { ...sco('folder'), launch: null, scormType: null },
      sco('sco-a', { depth: 1 }),
      sco('sco-b', { depth: 1 }),
      sco('intro', { scormType: 'asset' }),
    ];
    const { courseId, packageId, learner, calls, commit } = await setup({ items });
    const course = async () =>
      (await learnerCalls(t, learner.token).course(courseId)).body.results as PlayerCourse;
    expect(packageItem(await course())).toMatchObject({ done: false, scosDone: 0, scosTotal: 3 });
    const launched = await calls.launch(packageId, courseId);
    expect(launched.body.results.records.map((record: { scoId: string }) => record.scoId)).toEqual([
      'sco-a',
      'sco-b',
      'intro',
    ]);
    const folder = await commit({}, { scoId: 'folder' });
    expect(folder.status).toBe(422);

    const a = await commit({ 'cmi.core.lesson_status': 'passed' }, { scoId: 'sco-a' });
    expect(a.body.results).toMatchObject({
      packageDone: false,
      completedCourseIds: [],
      record: { done: true },
    });
    await commit({}, { scoId: 'intro', event: 'initialize' });
    const half = await course();
    expect(packageItem(half)).toMatchObject({ done: false, scosDone: 2, scosTotal: 3 });
    expect(half.progress).toMatchObject({ state: 'in-progress', done: 0, total: 1 });

    const b = await commit({ 'cmi.core.lesson_status': 'completed' }, { scoId: 'sco-b' });
    expect(b.body.results).toMatchObject({ packageDone: true, completedCourseIds: [courseId] });
    // Later commits of a done SCO complete nothing again.
    const again = await commit({ 'cmi.core.lesson_status': 'completed' }, { scoId: 'sco-b' });
    expect(again.body.results.completedCourseIds).toEqual([]);
    expect(await completionsOf(t, learner.id, courseId)).toHaveLength(1);
    const finished = await course();
    expect(finished.progress).toMatchObject({ state: 'completed', done: 1, total: 1, percent: 100 });
    expect(packageItem(finished)).toMatchObject({ done: true, scosDone: 3, scosTotal: 3 });
  });

  it('begins a new attempt when the course is taken again, keeping the first', async () => {
    const { courseId, packageId, learner, calls, commit } = await setup();
    await commit({ 'cmi.core.lesson_status': 'passed', 'cmi.suspend_data': 'first' });
    expect(await completionsOf(t, learner.id, courseId)).toHaveLength(1);
    // While the course stands completed, the done attempt is the one shown.
    const standing = await calls.launch(packageId, courseId);
    expect(standing.body.results.records[0]).toMatchObject({ attempt: 1, done: true });
    const restarted = await learnerCalls(t, learner.token).restart(courseId);
    expect(restarted.status, restarted.text).toBe(200);
    const fresh = await calls.launch(packageId, courseId);
    expect(fresh.body.results).toMatchObject({ done: false });
    expect(fresh.body.results.records[0]).toEqual({
      scoId: 'sco-1',
      attempt: 2,
      cmi: {},
      completionStatus: 'not attempted',
      successStatus: 'unknown',
      score: null,
      totalSeconds: 0,
      done: false,
    });
    const skipped = await commit({}, { attempt: 3 });
    expect(skipped.status).toBe(422);
    const second = await commit({ 'cmi.core.lesson_status': 'passed' }, { attempt: 2 });
    expect(second.body.results).toMatchObject({ packageDone: true, completedCourseIds: [courseId] });
    const rows = await recordsOf(t, learner.id, packageId);
    expect(rows.map((row) => [row.attempt, row.cmi['cmi.suspend_data'] ?? null])).toEqual([
      [1, 'first'],
      [2, null],
    ]);
    expect(await completionsOf(t, learner.id, courseId)).toHaveLength(2);
  });

  it("drives the member card's course bar, the Transcript, Activity and the compliance figures", async () => {
    const [team] = await t.db
      .insert(teams)
      .values({ title: 'Package Team', teamName: `package-${randomUUID().slice(0, 8)}` })
      .returning({ id: teams.id });
    const teamId = team?.id as string;
    const [leader] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demo.lead.email));
    await t.db.insert(teamLeads).values({ teamId, userId: leader?.id as string });
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const { courseId, learner, commit } = await setup({ title: 'Ladder safety' });
    await t.db.insert(teamMembers).values({ teamId, userId: learner.id });
    await assign(t, learner.id, [courseId], { kind: 'assigned' });
    const card = async () => {
      const response = await t.call('GET', paths.memberList(teamId), { token: lead });
      expect(response.status, response.text).toBe(200);
      return (response.body.results.data ?? response.body.results).find(
        (row: TeamMemberCard) => row._id === learner.id,
      ) as TeamMemberCard;
    };
    expect(await card()).toMatchObject({ coursesAssigned: 1, coursesCompleted: 0 });
    const admin = await t.login(demo.admin.email, demo.admin.password);
    const compliance = async () => {
      const response = await t.call('GET', compliancePaths.figures, { token: admin });
      expect(response.status, response.text).toBe(200);
      return (response.body.results as ComplianceResult).courses.find((row) => row._id === courseId);
    };
    expect(await compliance()).toMatchObject({ assigned: 1, completed: 0 });
    await commit({ 'cmi.core.lesson_status': 'completed' });
    expect(await compliance()).toMatchObject({ assigned: 1, completed: 1 });
    expect(await card()).toMatchObject({ coursesAssigned: 1, coursesCompleted: 1, courseProgress: 100 });
    const transcript = await t.call('GET', paths.memberTranscript(teamId, learner.id), { token: lead });
    expect(
      (transcript.body.results as TranscriptEntry[]).find((entry) => entry._id === courseId),
    ).toMatchObject({ kind: 'course', state: 'completed' });
    const activity = await t.call('GET', paths.memberActivity(teamId, learner.id), { token: lead });
    const kinds = (activity.body.results as ActivityEntry[]).map((entry) => [entry.kind, entry.title]);
    expect(kinds).toContainEqual(['elearning-completed', 'Ladder safety']);
    expect(kinds.filter(([kind]) => kind === 'course-completed')).toHaveLength(1);
  });
});
