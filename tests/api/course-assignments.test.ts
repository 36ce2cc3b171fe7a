import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssignmentLearner,
  type CourseAssignmentDetail,
  type CourseAssignmentRow,
  type MyTrainingResult,
  courseAssignmentMessages as m,
  courseAssignmentPaths as p,
} from '../../contract/course-assignments/resource.ts';
import { messages } from '../../contract/messages.ts';
import { userGroupPaths } from '../../contract/user-groups.ts';
import { courseAssignmentAssignees, courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { courseCompletions, courseProgress, courses } from '../../server/db/schema/courses.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { userGroupMembers, userGroups } from '../../server/db/schema/user-groups.ts';
import { loadOracle } from './assignment-oracle.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { takeHollowCoursesAtLink } from './learning-fixtures.ts';

// The administration's door and the model itself: later joiners and leavers, each expiry with the
// clock moved, states and the learner's own list. The team dashboard's door is in
// course-assignments-lead.test.ts.

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number, from = Date.now()) =>
  new Date(from + offset * DAY_MS).toISOString().slice(0, 10);
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

let t: TestContext;
let admin: string;
let course: Record<string, string>;
let serial = 0;
beforeAll(async () => {
  t = await createTestContext();
  await takeHollowCoursesAtLink(t);
  admin = await t.login(demo.admin.email, demo.admin.password);
  course = Object.fromEntries((await t.db.select().from(courses)).map((row) => [row.name, row.id]));
});
afterAll(() => t.close());

/** A new user with no history, and their id. */
async function learner(firstName: string) {
  serial += 1;
  const user = await t.createUser({
    email: `learner-${serial}@example.com`,
    password: 'secret12',
    firstName,
    lastName: `Learner${serial}`,
  });
  return user.id as string;
}

async function group(name: string, members: { userId: string; joinedAt: Date }[]) {
  const [row] = await t.db.insert(userGroups).values({ name }).returning({ id: userGroups.id });
  const groupId = row?.id as string;
  if (members.length > 0)
    await t.db.insert(userGroupMembers).values(members.map((member) => ({ ...member, groupId })));
  return groupId;
}

function create(body: Record<string, unknown>, token = admin) {
  return t.call('POST', p.list, {
    token,
    body: { title: 'Assignment', courseIds: [course['First Aid Basics']], ...body },
  });
}

const detail = async (id: string) =>
  (await t.call('GET', p.one(id), { token: admin })).body.results as CourseAssignmentDetail;
const learners = async (id: string) =>
  (await t.call('GET', p.learners(id), { token: admin })).body.results as AssignmentLearner[];
const statesOf = async (id: string) =>
  Object.fromEntries((await learners(id)).map((one) => [one._id, one.courses.map((c) => c.state)]));
const complete = (userId: string, courseId: string, completedAt: Date) =>
  t.db.insert(courseCompletions).values({ userId, courseId, completedAt });

/** The server's states held against the plain model of assignment-oracle.ts at the clock's time. */
async function expectOracle(id: string, now: Date) {
  const oracle = await loadOracle(t.db);
  const expected = Object.fromEntries(
    [...oracle.learners(id)].map(([userId, at]) => [
      userId,
      oracle.states(id, userId, at, now).map((c) => c.state),
    ]),
  );
  expect(await statesOf(id)).toEqual(expected);
}

describe('a user group assigned with a dynamic expiry', () => {
  it('gives a later joiner a deadline of their own, drops a leaver from the counts and keeps their completions', async () => {
    const [early, late, leaver] = [await learner('Early'), await learner('Late'), await learner('Leaver')];
    const groupId = await group('Recertified', [
      { userId: early, joinedAt: ago(100) },
      { userId: leaver, joinedAt: ago(100) },
    ]);
    await t.db.delete(mailOutbox);
    const created = await create({
      title: 'Annual first aid',
      assigneeKind: 'groups',
      assigneeIds: [groupId],
      dueWithinDays: 30,
      expiryType: 'dynamic',
      expiryValue: 1,
      expiryUnit: 'years',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("Training 'Annual first aid' created.");
    const id = created.body.results._id as string;
    expect(created.body.results).toMatchObject({
      title: 'Annual first aid',
      kind: 'assigned',
      assigneeKind: 'groups',
      teamId: null,
      assignees: [{ _id: groupId, name: 'Recertified' }],
      deadline: null,
      dueWithinDays: 30,
      expiryType: 'dynamic',
      expiryDate: null,
      expiryValue: 1,
      expiryUnit: 'years',
      counts: { assigned: 2, completed: 0, overdue: 0 },
    });
    expect(await t.db.$count(mailOutbox)).toBe(2);

    // The group was assigned 20 days ago; the one who joins today counts 30 days from today.
    await t.db
      .update(courseAssignmentAssignees)
      .set({ addedAt: ago(20) })
      .where(eq(courseAssignmentAssignees.assignmentId, id));
    const joined = await t.call('POST', userGroupPaths.edit, {
      token: admin,
      body: { groupId, userIds: [late], action: 'create' },
    });
    expect(joined.status).toBe(200);
    const deadlines = Object.fromEntries((await learners(id)).map((one) => [one._id, one.deadline]));
    expect(deadlines).toEqual({ [early]: day(10), [leaver]: day(10), [late]: day(30) });
    expect((await detail(id)).counts).toEqual({ assigned: 3, completed: 0, overdue: 0 });

    await complete(early, course['First Aid Basics'] as string, ago(5));
    await complete(leaver, course['First Aid Basics'] as string, ago(400));
    // Fifteen days on: the early learner has done it, the leaver's old completion has expired
    // (due again), the later joiner still has time.
    const later = new Date(Date.now() + 15 * DAY_MS);
    t.setNow(later);
    try {
      expect(await statesOf(id)).toEqual({
        [early]: ['completed'],
        [leaver]: ['expired'],
        [late]: ['not-started'],
      });
      expect((await detail(id)).counts).toEqual({ assigned: 3, completed: 1, overdue: 1 });
      await expectOracle(id, later);

      const left = await t.call('POST', userGroupPaths.edit, {
        token: admin,
        body: { groupId, userIds: [leaver], action: 'delete' },
      });
      expect(left.status).toBe(200);
      expect((await detail(id)).counts).toEqual({ assigned: 2, completed: 1, overdue: 0 });
      expect(await t.db.$count(courseCompletions, eq(courseCompletions.userId, leaver))).toBe(1);
      await expectOracle(id, later);

      // A year after the early learner's completion it expires and the course is due again.
      const nextYear = new Date(ago(5).getTime() + 366 * DAY_MS);
      t.setNow(nextYear);
      expect((await statesOf(id))[early]).toEqual(['expired']);
      expect((await detail(id)).counts).toEqual({ assigned: 2, completed: 0, overdue: 2 });
      await expectOracle(id, nextYear);
    } finally {
      t.setNow();
    }
  });
});

describe('expiry with the clock moved', () => {
  async function assignTo(userId: string, body: Record<string, unknown>) {
    const response = await create({ assigneeKind: 'users', assigneeIds: [userId], ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.results._id as string;
  }

  it('none: a completion counts for good', async () => {
    const user = await learner('Never');
    const id = await assignTo(user, { expiryType: 'none' });
    await complete(user, course['First Aid Basics'] as string, ago(1));
    t.setNow(new Date(Date.now() + 3650 * DAY_MS));
    try {
      expect(await statesOf(id)).toEqual({ [user]: ['completed'] });
    } finally {
      t.setNow();
    }
  });

  it('fixed: completions before the day expire on it; one made after it counts', async () => {
    const user = await learner('Fixed');
    const id = await assignTo(user, { expiryType: 'fixed', expiryDate: day(30) });
    await complete(user, course['First Aid Basics'] as string, ago(2));
    const states = async (at: Date) => {
      t.setNow(at);
      try {
        await expectOracle(id, at);
        return (await statesOf(id))[user];
      } finally {
        t.setNow();
      }
    };
    expect(await states(new Date(Date.now() + 29 * DAY_MS))).toEqual(['completed']);
    expect(await states(new Date(Date.now() + 31 * DAY_MS))).toEqual(['expired']);
    await complete(user, course['First Aid Basics'] as string, new Date(Date.now() + 31 * DAY_MS));
    expect(await states(new Date(Date.now() + 32 * DAY_MS))).toEqual(['completed']);
    const [one] = await learners(id);
    expect(one?.courses[0]?.expiresAt).toBeNull();
  });

  it('dynamic in weeks and months: the completion expires that long after it was made', async () => {
    const user = await learner('Dynamic');
    const weeks = await assignTo(user, { expiryType: 'dynamic', expiryValue: 2, expiryUnit: 'weeks' });
    const months = await assignTo(user, {
      courseIds: [course['Time Management']],
      expiryType: 'dynamic',
      expiryValue: 1,
      expiryUnit: 'months',
    });
    const done = new Date('2026-01-31T10:00:00Z');
    await complete(user, course['First Aid Basics'] as string, done);
    await complete(user, course['Time Management'] as string, done);
    const [weekly] = await learners(weeks);
    expect(weekly?.courses[0]?.expiresAt).toBe('2026-02-14T10:00:00.000Z');
    const [monthly] = await learners(months);
    // A month after January 31 is the last day of February, as PostgreSQL counts it.
    expect(monthly?.courses[0]?.expiresAt).toBe('2026-02-28T10:00:00.000Z');
    for (const [at, weekState, monthState] of [
      ['2026-02-14T09:59:00Z', 'completed', 'completed'],
      ['2026-02-14T10:01:00Z', 'expired', 'completed'],
      ['2026-03-01T00:00:00Z', 'expired', 'expired'],
    ] as const) {
      t.setNow(new Date(at));
      try {
        expect((await statesOf(weeks))[user], at).toEqual([weekState]);
        expect((await statesOf(months))[user], at).toEqual([monthState]);
        await expectOracle(months, new Date(at));
      } finally {
        t.setNow();
      }
    }
  });

  it('overdue once the deadline has passed; in progress once begun', async () => {
    const user = await learner('Begun');
    const id = await assignTo(user, {
      deadline: day(3),
      courseIds: [course['First Aid Basics'], course['Time Management']],
    });
    await t.db.insert(courseProgress).values({ userId: user, courseId: course['Time Management'] as string });
    const byCourse = async () =>
      Object.fromEntries(((await learners(id))[0]?.courses ?? []).map((c) => [c._id, c.state]));
    expect(await byCourse()).toEqual({
      [course['First Aid Basics'] as string]: 'not-started',
      [course['Time Management'] as string]: 'in-progress',
    });
    t.setNow(new Date(Date.now() + 4 * DAY_MS));
    try {
      expect(Object.values(await byCourse())).toEqual(['overdue', 'overdue']);
      expect((await detail(id)).counts).toEqual({ assigned: 1, completed: 0, overdue: 1 });
    } finally {
      t.setNow();
    }
  });
});

describe('GET /user-portal/my-training', () => {
  it("answers the signed-in user's assigned and suggested trainings with their state per course, overdue first", async () => {
    const user = await learner('Mine');
    const groupId = await group('Mine group', [{ userId: user, joinedAt: ago(1) }]);
    const soon = await create({
      title: 'Due soon',
      assigneeKind: 'users',
      assigneeIds: [user],
      deadline: day(5),
    });
    const later = await create({
      title: 'Due later',
      assigneeKind: 'groups',
      assigneeIds: [groupId],
      deadline: day(50),
    });
    const suggested = await create({
      title: 'Worth a look',
      kind: 'suggested',
      assigneeKind: 'users',
      assigneeIds: [user],
      courseIds: [course['Time Management']],
    });
    await create({ title: 'Not mine', assigneeKind: 'users', assigneeIds: [await learner('Other')] });
    await t.db
      .update(courseAssignments)
      .set({ deadline: day(-1) })
      .where(eq(courseAssignments.id, later.body.results._id));
    const token = await t.login(`learner-${serial - 1}@example.com`, 'secret12');
    const response = await t.call('GET', p.myTraining, { token });
    expect(response.status).toBe(200);
    const results = response.body.results as MyTrainingResult;
    expect(results.assigned.map((training) => [training.title, training.deadline])).toEqual([
      ['Due later', day(-1)],
      ['Due soon', day(5)],
    ]);
    expect(results.assigned[0]?.courses).toEqual([
      {
        _id: course['First Aid Basics'],
        name: 'First Aid Basics',
        state: 'overdue',
        completedAt: null,
        expiresAt: null,
        progress: 0,
        // The seeded outline's quizzes; tests/api/learning.test.ts checks their order.
        quizzes: expect.any(Array),
      },
    ]);
    expect(results.suggested).toEqual([
      {
        _id: suggested.body.results._id,
        title: 'Worth a look',
        kind: 'suggested',
        deadline: null,
        courses: [expect.objectContaining({ name: 'Time Management', state: 'not-started' })],
      },
    ]);
    expect(soon.status).toBe(201);
    expect((await t.call('GET', p.myTraining)).status).toBe(401);
  });
});

describe("the administration's list and form", () => {
  it('lists every assignment with counts, searches titles, finds a learner by name and filters by team', async () => {
    const user = await learner('Zebedee');
    await create({ title: 'Listed alpha', assigneeKind: 'users', assigneeIds: [user] });
    const list = async (query: string) =>
      (await t.call('GET', `${p.list}?${query}`, { token: admin })).body.results.data.map(
        (row: CourseAssignmentRow) => row.title,
      );
    expect(await list('search=LISTED%20alp')).toEqual(['Listed alpha']);
    expect(await list(`fullName=${encodeURIComponent(`Zebedee Learner${serial}`)}`)).toEqual([
      'Listed alpha',
    ]);
    const [growth] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Growth Onboarding'));
    const teamTitles = await list(`team=${growth?.teamId}&limit=25`);
    expect(teamTitles).toEqual(['Leadership Track', 'Sales Excellence', 'Growth Onboarding']);
    const all = (await t.call('GET', `${p.list}?limit=50`, { token: admin })).body.results;
    expect(all.total).toBeGreaterThan(7);
    expect(all.data[0]).toMatchObject({ counts: expect.objectContaining({ assigned: expect.any(Number) }) });
  });

  it('answers each message of the form and writes nothing', async () => {
    const before = await t.db.$count(courseAssignments);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { assigneeKind: m.assigneeKindRequired }],
      [{ assigneeKind: 'users' }, { assigneeIds: m.usersRequired }],
      [{ assigneeKind: 'groups' }, { assigneeIds: m.groupsRequired }],
      [{ assigneeKind: 'teams', assigneeIds: [] }, { assigneeIds: m.teamsRequired }],
      [{ assigneeKind: 'groups', assigneeIds: ['not-an-id'] }, { 'assigneeIds.0': m.assigneesInvalid }],
      [
        { assigneeKind: 'groups', assigneeIds: ['00000000-0000-4000-8000-000000000000'] },
        { assigneeIds: m.assigneesNotFound },
      ],
      [{ assigneeKind: 'nobody', assigneeIds: [] }, { assigneeKind: m.assigneeKindRequired }],
      [
        { kind: 'mandatory', assigneeKind: 'users', assigneeIds: [] },
        { kind: m.kindRequired, assigneeIds: m.usersRequired },
      ],
      [
        { deadline: day(3), dueWithinDays: 5, assigneeKind: 'users', assigneeIds: [] },
        { dueWithinDays: m.deadlineTwice, assigneeIds: m.usersRequired },
      ],
      [
        { dueWithinDays: 0, assigneeKind: 'users', assigneeIds: [] },
        { dueWithinDays: m.dueWithinDaysInvalid, assigneeIds: m.usersRequired },
      ],
      [
        { dueWithinDays: 2.5, assigneeKind: 'users', assigneeIds: [] },
        { dueWithinDays: m.dueWithinDaysInvalid, assigneeIds: m.usersRequired },
      ],
      [
        { expiryType: 'forever', assigneeKind: 'users', assigneeIds: [] },
        { expiryType: m.expiryTypeRequired, assigneeIds: m.usersRequired },
      ],
      [
        { expiryType: 'fixed', assigneeKind: 'users', assigneeIds: [] },
        { expiryDate: m.expiryDateRequired, assigneeIds: m.usersRequired },
      ],
      [
        { expiryType: 'dynamic', assigneeKind: 'users', assigneeIds: [] },
        { expiryValue: m.expiryValueInvalid, expiryUnit: m.expiryUnitRequired, assigneeIds: m.usersRequired },
      ],
      [
        {
          expiryType: 'dynamic',
          expiryValue: 3,
          expiryUnit: 'fortnights',
          assigneeKind: 'users',
          assigneeIds: [],
        },
        { expiryUnit: m.expiryUnitRequired, assigneeIds: m.usersRequired },
      ],
      [
        { title: 'x'.repeat(201), assigneeKind: 'users', assigneeIds: [] },
        { title: m.titleTooLong, assigneeIds: m.usersRequired },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body, JSON.stringify(body)).toEqual({ message: messages.validationFailed, errors });
    }
    const user = await learner('Checked');
    const serverCases: [Record<string, unknown>, Record<string, string>][] = [
      [{ expiryType: 'fixed', expiryDate: day(-1) }, { expiryDate: m.expiryDatePast }],
      [{ expiryType: 'fixed', expiryDate: '2031-02-30' }, { expiryDate: m.expiryDateInvalid }],
      [{ deadline: day(-1) }, { deadline: m.deadlinePast }],
      [{ courseIds: [course['Legacy CRM Training']] }, { courseIds: m.courseUnavailable }],
      [{ teamId: '00000000-0000-4000-8000-000000000000' }, { teamId: m.teamRequired }],
    ];
    for (const [body, errors] of serverCases) {
      const response = await create({ assigneeKind: 'users', assigneeIds: [user], ...body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await t.db.$count(courseAssignments)).toBe(before);
  });

  it('edits to another assignee kind, keeping a fixed day that has passed since', async () => {
    const [a, b] = [await learner('Kind'), await learner('Switch')];
    const groupId = await group('Switched to', [{ userId: b, joinedAt: ago(3) }]);
    const id = (
      await create({ assigneeKind: 'users', assigneeIds: [a], expiryType: 'fixed', expiryDate: day(2) })
    ).body.results._id as string;
    await t.db
      .update(courseAssignments)
      .set({ expiryDate: day(-2) })
      .where(eq(courseAssignments.id, id));
    const response = await t.call('PATCH', p.one(id), {
      token: admin,
      body: {
        title: 'Switched',
        courseIds: [course['First Aid Basics']],
        assigneeKind: 'groups',
        assigneeIds: [groupId],
        expiryType: 'fixed',
        expiryDate: day(-2),
        version: 1,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toMatchObject({
      title: 'Switched',
      assigneeKind: 'groups',
      assignees: [{ _id: groupId, name: 'Switched to' }],
      expiryDate: day(-2),
      version: 2,
      counts: { assigned: 1, completed: 0, overdue: 0 },
    });
    expect(await t.db.$count(courseAssignmentAssignees, eq(courseAssignmentAssignees.assignmentId, id))).toBe(
      1,
    );
  });

  it('duplicates with the same courses, assignees and dates, titled as a copy, and deletes in bulk', async () => {
    const user = await learner('Copied');
    const original = (
      await create({
        title: 'Original',
        assigneeKind: 'users',
        assigneeIds: [user],
        dueWithinDays: 14,
        expiryType: 'dynamic',
        expiryValue: 6,
        expiryUnit: 'months',
      })
    ).body.results as CourseAssignmentDetail;
    const copy = await t.call('POST', p.duplicate(original._id), { token: admin });
    expect(copy.status).toBe(201);
    expect(copy.body.message).toBe(m.trainingDuplicated);
    const { _id, createdOn, version, ...same } = original;
    expect(copy.body.results).toEqual({
      ...same,
      _id: expect.any(String),
      createdOn: expect.any(String),
      version: 1,
      title: 'Original (copy)',
    });
    expect(
      (await t.call('POST', p.duplicate('00000000-0000-4000-8000-000000000000'), { token: admin })).status,
    ).toBe(404);

    const ids = [original._id, copy.body.results._id as string];
    const deleted = await t.call('DELETE', p.list, { token: admin, body: { bulkId: ids } });
    expect(deleted.body).toEqual({ message: m.trainingDeleted, results: null });
    expect(await t.db.$count(courseAssignments, inArray(courseAssignments.id, ids))).toBe(0);
    expect(await t.db.$count(courseCompletions, and(eq(courseCompletions.userId, user)))).toBe(0);
  });

  it('offers enabled users, user groups and teams by name for the assignee picker', async () => {
    const options = async (query: string, token = admin) =>
      t.call('GET', `${p.assigneeOptions}?${query}`, { token });
    const teamsAnswer = await options('kind=teams&search=TEAM');
    expect(teamsAnswer.status).toBe(200);
    expect(teamsAnswer.body.results.data.map((row: { name: string }) => row.name)).toEqual([
      'Enterprise Team',
      'Freedom Team',
      'Growth Team',
    ]);
    const user = await learner('Pickable');
    const users = (await options(`kind=users&search=${encodeURIComponent(`Pickable Learner${serial}`)}`)).body
      .results;
    expect(users).toMatchObject({ total: 1, data: [{ _id: user, name: `Pickable Learner${serial}` }] });
    await group('Pickable group', []);
    expect((await options('kind=groups&search=pickable')).body.results.data).toEqual([
      { _id: expect.any(String), name: 'Pickable group' },
    ]);
    const lead = await t.login(demo.lead.email, demo.lead.password);
    expect((await options('kind=users', lead)).status).toBe(403);
  });

  it('is for administrators with the Assignments permission and the leads of its team', async () => {
    const user = await learner('Nobody');
    const token = await t.login(`learner-${serial}@example.com`, 'secret12');
    expect((await t.call('GET', p.list, { token })).status).toBe(403);
    expect((await create({ assigneeKind: 'users', assigneeIds: [user] }, token)).status).toBe(403);
    const [any] = await t.db.select().from(courseAssignments).limit(1);
    expect((await t.call('GET', p.one(any?.id as string), { token })).status).toBe(403);
    expect((await t.call('GET', p.learners(any?.id as string), { token })).status).toBe(403);
  });
});
