import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssignmentLearner,
  type CourseAssignmentDetail,
  type CourseAssignmentRow,
  courseAssignmentMessages,
  courseAssignmentPaths,
} from '../../contract/course-assignments/resource.ts';
import { messages } from '../../contract/messages.ts';
import { rateLimits } from '../../server/db/schema/auth.ts';
import {
  assignmentReminders,
  courseAssignmentAssignees,
  courseAssignmentCourses,
  courseAssignments,
} from '../../server/db/schema/course-assignments.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { userGroups } from '../../server/db/schema/user-groups.ts';
import { users } from '../../server/db/schema/users.ts';
import { mailDate } from '../../server/mail/mail-text.ts';
import { sweepReminders } from '../../server/modules/course-assignments/reminders.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { takeHollowCoursesAtLink } from './learning-fixtures.ts';
import { memberIdsOf, teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
let lead2: string;
let course: Record<string, string>;
let growth: string[];
beforeAll(async () => {
  t = await createTestContext();
  await takeHollowCoursesAtLink(t);
  team = await teamIds(t.db);
  lead = await t.login(demo.lead.email, demo.lead.password);
  lead2 = await t.login(demo.lead2.email, demo.lead2.password);
  course = Object.fromEntries((await t.db.select().from(courses)).map((row) => [row.name, row.id]));
  growth = await memberIdsOf(t.db, team.growth);
});
afterAll(() => t.close());

const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const mailsTo = async (ids: string[]) =>
  t.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .innerJoin(users, eq(users.email, mailOutbox.to))
    .where(inArray(users.id, ids));
const clearMail = () => t.db.delete(mailOutbox);

async function assign(body: Record<string, unknown>, token = lead) {
  return t.call('POST', courseAssignmentPaths.list, {
    token,
    body: {
      teamId: team.growth,
      title: 'Test training',
      courseIds: [course['Time Management']],
      assigneeKind: 'teams',
      assigneeIds: [team.growth],
      ...body,
    },
  });
}

describe('GET trainings', () => {
  it("lists the team's trainings newest first with counts", async () => {
    const response = await t.call('GET', `${courseAssignmentPaths.list}?team=${team.growth}`, {
      token: lead,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    const [leadership] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Leadership Track'));
    const learners = new Set(
      (
        await t.db
          .select({ userId: courseAssignmentAssignees.userId })
          .from(courseAssignmentAssignees)
          .where(eq(courseAssignmentAssignees.assignmentId, leadership?.id as string))
      ).map((row) => row.userId),
    );
    expect(learners.size).toBe(6);
    expect(response.body.results).toEqual({
      data: [
        {
          _id: leadership?.id,
          title: 'Leadership Track',
          kind: 'assigned',
          assigneeKind: 'users',
          teamId: team.growth,
          courseCount: 3,
          createdOn: leadership?.createdAt.toISOString(),
          deadline: leadership?.deadline,
          dueWithinDays: null,
          counts: { assigned: 6, completed: expect.any(Number), overdue: 0 },
          version: 1,
        },
        expect.objectContaining({
          title: 'Sales Excellence',
          assigneeKind: 'teams',
          courseCount: 3,
          counts: expect.objectContaining({ assigned: 25 }),
          deadline: null,
        }),
        expect.objectContaining({
          title: 'Growth Onboarding',
          courseCount: 3,
          counts: expect.objectContaining({ assigned: 25 }),
        }),
      ],
      page: 1,
      limit: 10,
      totalPages: 1,
      total: 3,
    });
    expect(leadership?.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('pages, and answers past the end with no rows but the totals', async () => {
    const second = await t.call('GET', `${courseAssignmentPaths.list}?team=${team.growth}&limit=2&page=2`, {
      token: lead,
    });
    expect(second.body.results).toMatchObject({ page: 2, limit: 2, totalPages: 2, total: 3 });
    expect(second.body.results.data.map((row: CourseAssignmentRow) => row.title)).toEqual([
      'Growth Onboarding',
    ]);
    const beyond = await t.call('GET', `${courseAssignmentPaths.list}?team=${team.growth}&limit=2&page=3`, {
      token: lead,
    });
    expect(beyond.body.results).toEqual({ data: [], page: 3, limit: 2, totalPages: 2, total: 3 });
  });

  it('searches titles, and filters by the full name of an included member', async () => {
    const titles = async (query: string) =>
      (
        await t.call('GET', `${courseAssignmentPaths.list}?team=${team.growth}&${query}`, { token: lead })
      ).body.results.data.map((row: CourseAssignmentRow) => row.title);
    expect(await titles('search=SALES')).toEqual(['Sales Excellence']);

    const [leadership] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Leadership Track'));
    const chosen = (
      await t.db
        .select({ userId: courseAssignmentAssignees.userId })
        .from(courseAssignmentAssignees)
        .where(eq(courseAssignmentAssignees.assignmentId, leadership?.id as string))
    ).map((row) => row.userId as string);
    const people = await t.db.select().from(users).where(inArray(users.id, growth));
    const fullName = (id: string) => {
      const person = people.find((row) => row.id === id);
      return `${person?.firstName} ${person?.lastName}`;
    };
    const insider = fullName(chosen[0] as string);
    const outsider = growth.map(fullName).find((name) => !chosen.map(fullName).includes(name)) as string;
    expect(await titles(`fullName=${encodeURIComponent(insider)}`)).toContain('Leadership Track');
    expect(await titles(`fullName=${encodeURIComponent(outsider)}`)).toEqual([
      'Sales Excellence',
      'Growth Onboarding',
    ]);
    expect(await titles('fullName=Nobody%20Atall')).toEqual([]);
  });

  it("needs a team the caller leads: without one it is the administration's list", async () => {
    const none = await t.call('GET', courseAssignmentPaths.list, { token: lead });
    expect(none.status).toBe(403);
    expect(none.body).toEqual({ message: messages.forbidden });
    expect(
      (await t.call('GET', `${courseAssignmentPaths.list}?team=${team.growth}`, { token: lead2 })).status,
    ).toBe(403);
  });
});

describe('POST trainings', () => {
  it('assigns a training to chosen members and mails each of them once', async () => {
    await clearMail();
    const chosen = growth.slice(0, 2);
    const deadline = day(10);
    const response = await assign({
      title: 'Safety refresh',
      courseIds: [course['Workplace Safety Essentials'], course['First Aid Basics']],
      assigneeKind: 'users',
      assigneeIds: chosen,
      deadline,
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe("Training 'Safety refresh' created.");
    const detail = response.body.results as CourseAssignmentDetail;
    expect(detail).toMatchObject({
      title: 'Safety refresh',
      teamId: team.growth,
      courseCount: 2,
      counts: { assigned: 2, completed: 0, overdue: 0 },
      deadline,
      version: 1,
      assigneeKind: 'users',
      courses: [
        { _id: course['First Aid Basics'], name: 'First Aid Basics' },
        { _id: course['Workplace Safety Essentials'], name: 'Workplace Safety Essentials' },
      ],
    });
    expect(detail.assignees.map((member) => member._id).sort()).toEqual([...chosen].sort());

    const mails = await mailsTo(growth);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.subject === 'New training assigned: Safety refresh')).toBe(true);
    expect(mails[0]?.text).toContain('First Aid Basics');
    // Written as people read dates: '7 December 2026', not the stored day.
    expect(mails[0]?.text).toContain(mailDate(deadline));
    // Each mail is a reminder owed once: a second sweep sends nothing more.
    const rows = await t.db
      .select()
      .from(assignmentReminders)
      .where(eq(assignmentReminders.assignmentId, detail._id));
    expect(rows.map((row) => [row.kind, row.deadline, row.sentAt !== null])).toEqual([
      ['assigned', deadline, true],
      ['assigned', deadline, true],
    ]);
    expect(await sweepReminders({ db: t.db, mailer: t.mailer, config: t.config }, new Date())).toMatchObject({
      sent: 0,
    });
    expect(await mailsTo(growth)).toHaveLength(2);
  });

  it('assigns to the whole team, mailing every member', async () => {
    await clearMail();
    const response = await assign({ title: 'Everyone' });
    expect(response.status).toBe(201);
    expect(response.body.results).toMatchObject({
      assigneeKind: 'teams',
      assignees: [{ _id: team.growth, name: 'Growth Team' }],
      counts: expect.objectContaining({ assigned: 25, overdue: 0 }),
      deadline: null,
    });
    expect(await mailsTo(growth)).toHaveLength(25);
  });

  it('answers 422 with the contract messages', async () => {
    const [freedomMember] = await memberIdsOf(t.db, team.freedom);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ deadline: day(-1) }, { deadline: courseAssignmentMessages.deadlinePast }],
      [{ deadline: '2031-02-30' }, { deadline: courseAssignmentMessages.deadlineInvalid }],
      [{ deadline: 'soon' }, { deadline: courseAssignmentMessages.deadlineInvalid }],
      [
        { courseIds: [course['Legacy CRM Training']] },
        { courseIds: courseAssignmentMessages.courseUnavailable },
      ],
      [{ courseIds: [] }, { courseIds: courseAssignmentMessages.coursesRequired }],
      [{ assigneeKind: 'users', assigneeIds: [] }, { assigneeIds: courseAssignmentMessages.membersRequired }],
      [
        { assigneeKind: 'users', assigneeIds: [freedomMember] },
        { assigneeIds: courseAssignmentMessages.memberNotInTeam },
      ],
      [{ title: '  ' }, { title: courseAssignmentMessages.titleRequired }],
    ];
    const before = await t.db.$count(courseAssignments);
    for (const [body, errors] of cases) {
      const response = await assign(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toEqual({ message: messages.validationFailed, errors });
    }
    expect(await t.db.$count(courseAssignments)).toBe(before);
    expect((await assign({ deadline: day(0) })).status).toBe(201);
  });

  it("refuses another lead's team, a team not led, user groups and no team at all, writing nothing", async () => {
    const before = await t.db.$count(courseAssignments);
    const [group] = await t.db.select({ id: userGroups.id }).from(userGroups).limit(1);
    const refusals: [Record<string, unknown>, string][] = [
      [{ teamId: team.freedom, assigneeIds: [team.freedom] }, messages.forbidden],
      [{ teamId: team.freedom }, messages.forbidden],
      [{ assigneeIds: [team.freedom] }, courseAssignmentMessages.teamNotLed],
      [
        { assigneeKind: 'groups', assigneeIds: [group?.id] },
        courseAssignmentMessages.groupsForAdministrators,
      ],
      [{ teamId: undefined }, messages.forbidden],
      [{ teamId: undefined, assigneeKind: 'users', assigneeIds: [growth[0]] }, messages.forbidden],
    ];
    for (const [body, message] of refusals) {
      const response = await assign(body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(response.body).toEqual({ message });
    }
    expect(await t.db.$count(courseAssignments)).toBe(before);
  });
});

describe('GET, PATCH and DELETE one training', () => {
  it('answers the detail to the lead only', async () => {
    const created = (await assign({ title: 'Readable' })).body.results as CourseAssignmentDetail;
    const response = await t.call('GET', courseAssignmentPaths.one(created._id), { token: lead });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual(created);
    expect((await t.call('GET', courseAssignmentPaths.one(created._id), { token: lead2 })).status).toBe(403);
    expect(
      (
        await t.call('GET', courseAssignmentPaths.one('00000000-0000-4000-8000-000000000000'), {
          token: lead,
        })
      ).status,
    ).toBe(404);
  });

  it('updates with the version, mails only members it brings in, and keeps the others', async () => {
    const [a, b, c] = growth;
    const created = (await assign({ assigneeKind: 'users', assigneeIds: [a, b] })).body
      .results as CourseAssignmentDetail;
    const assigneeB = () =>
      t.db
        .select()
        .from(courseAssignmentAssignees)
        .where(
          and(
            eq(courseAssignmentAssignees.assignmentId, created._id),
            eq(courseAssignmentAssignees.userId, b as string),
          ),
        );
    const [kept] = await assigneeB();
    await clearMail();
    const response = await t.call('PATCH', courseAssignmentPaths.one(created._id), {
      token: lead,
      body: {
        teamId: team.growth,
        title: 'Renamed',
        courseIds: [course['Conflict Resolution']],
        assigneeKind: 'users',
        assigneeIds: [b, c],
        deadline: day(5),
        version: 1,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Training 'Renamed' updated.");
    expect(response.body.results).toMatchObject({
      title: 'Renamed',
      version: 2,
      deadline: day(5),
      courses: [{ _id: course['Conflict Resolution'], name: 'Conflict Resolution' }],
    });
    expect((response.body.results as CourseAssignmentDetail).assignees.map((m) => m._id).sort()).toEqual(
      [b, c].sort(),
    );
    expect((await mailsTo(growth)).map((mail) => mail.to)).toHaveLength(1);
    const [stillB] = await assigneeB();
    expect(stillB?.addedAt).toEqual(kept?.addedAt);
    expect(
      await t.db.$count(courseAssignmentCourses, eq(courseAssignmentCourses.assignmentId, created._id)),
    ).toBe(1);
  });

  it('answers 409 with the current record for a stale version', async () => {
    const created = (await assign({ title: 'Contested' })).body.results as CourseAssignmentDetail;
    const body = {
      teamId: team.growth,
      title: 'First',
      courseIds: [course['Time Management']],
      assigneeKind: 'teams',
      assigneeIds: [team.growth],
      version: 1,
    };
    expect(
      (await t.call('PATCH', courseAssignmentPaths.one(created._id), { token: lead, body })).status,
    ).toBe(200);
    const stale = await t.call('PATCH', courseAssignmentPaths.one(created._id), {
      token: lead,
      body: { ...body, title: 'Second' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: courseAssignmentMessages.staleVersion,
      results: expect.objectContaining({ _id: created._id, title: 'First', version: 2 }),
    });
  });

  it('keeps a deadline that has passed since, but refuses setting a new past one', async () => {
    const created = (await assign({ title: 'Overdue', deadline: day(3) })).body.results;
    await t.db
      .update(courseAssignments)
      .set({ deadline: day(-3) })
      .where(eq(courseAssignments.id, created._id));
    const body = {
      teamId: team.growth,
      title: 'Overdue, renamed',
      courseIds: [course['Time Management']],
      assigneeKind: 'teams',
      assigneeIds: [team.growth],
    };
    const same = await t.call('PATCH', courseAssignmentPaths.one(created._id), {
      token: lead,
      body: { ...body, deadline: day(-3) },
    });
    expect(same.status).toBe(200);
    const earlier = await t.call('PATCH', courseAssignmentPaths.one(created._id), {
      token: lead,
      body: { ...body, deadline: day(-4) },
    });
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors).toEqual({ deadline: courseAssignmentMessages.deadlinePast });
  });

  it('deletes trainings of led teams only, all or nothing', async () => {
    const mine = (await assign({ title: 'Disposable' })).body.results._id as string;
    const [freedomTraining] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.teamId, team.freedom));
    const mixed = await t.call('DELETE', courseAssignmentPaths.list, {
      token: lead,
      body: { bulkId: [mine, freedomTraining?.id] },
    });
    expect(mixed.status).toBe(403);
    const unknown = await t.call('DELETE', courseAssignmentPaths.list, {
      token: lead,
      body: { bulkId: [mine, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
    expect(
      await t.db.$count(
        courseAssignments,
        inArray(courseAssignments.id, [mine, freedomTraining?.id as string]),
      ),
    ).toBe(2);

    const response = await t.call('DELETE', courseAssignmentPaths.list, {
      token: lead,
      body: { bulkId: [mine] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Training 'Disposable' deleted.", results: null });
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.id, mine))).toBe(0);
    expect(await t.db.$count(courseAssignmentCourses, eq(courseAssignmentCourses.assignmentId, mine))).toBe(
      0,
    );
  });
});

describe('reassign and resend', () => {
  it('starts a new round for every learner: earlier completions stop counting, the new deadline applies', async () => {
    const [done, halfway, untouched] = growth as [string, string, string];
    const created = (
      await assign({
        title: 'Two courses',
        courseIds: [course['Sales Conversations'], course['Advanced Negotiation']],
        assigneeKind: 'users',
        assigneeIds: [done, halfway, untouched],
      })
    ).body.results as CourseAssignmentDetail;
    const earlier = new Date(Date.now() - 60_000);
    await t.db
      .delete(courseCompletions)
      .where(
        and(
          inArray(courseCompletions.userId, [done, halfway, untouched]),
          inArray(courseCompletions.courseId, [
            course['Sales Conversations'] as string,
            course['Advanced Negotiation'] as string,
          ]),
        ),
      );
    await t.db.insert(courseCompletions).values([
      { userId: done, courseId: course['Sales Conversations'] as string, completedAt: earlier },
      { userId: done, courseId: course['Advanced Negotiation'] as string, completedAt: earlier },
      { userId: halfway, courseId: course['Sales Conversations'] as string, completedAt: earlier },
    ]);
    const counts = async () =>
      (await t.call('GET', courseAssignmentPaths.one(created._id), { token: lead })).body.results.counts;
    expect(await counts()).toEqual({ assigned: 3, completed: 1, overdue: 0 });
    await clearMail();

    const response = await t.call('POST', courseAssignmentPaths.reassign(created._id), {
      token: lead,
      body: { deadline: day(20) },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: courseAssignmentMessages.trainingReassigned,
      results: { mailed: 3 },
    });
    expect(await counts()).toEqual({ assigned: 3, completed: 0, overdue: 0 });
    const learners = (await t.call('GET', courseAssignmentPaths.learners(created._id), { token: lead })).body
      .results as AssignmentLearner[];
    expect(learners.map((learner) => learner.deadline)).toEqual([day(20), day(20), day(20)]);
    expect(learners.flatMap((learner) => learner.courses.map((one) => one.state))).toEqual(
      Array(6).fill('not-started'),
    );
    const [row] = await t.db.select().from(courseAssignments).where(eq(courseAssignments.id, created._id));
    expect(row).toMatchObject({ deadline: day(20), version: 2 });
    const mailed = await mailsTo(growth);
    expect(mailed).toHaveLength(3);
    expect(mailed[0]?.subject).toBe('Training reassigned: Two courses');
    expect(mailed[0]?.text).toContain(mailDate(day(20)));

    const past = await t.call('POST', courseAssignmentPaths.reassign(created._id), {
      token: lead,
      body: { deadline: day(-2) },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ deadline: courseAssignmentMessages.deadlinePast });
    expect(
      (await t.call('POST', courseAssignmentPaths.reassign(created._id), { token: lead2, body: {} })).status,
    ).toBe(403);
  });

  it('reassigns chosen learners only, with their own deadline, and refuses one who is not assigned', async () => {
    const [a, b, c] = growth as [string, string, string];
    const created = (await assign({ title: 'Chosen round', assigneeKind: 'users', assigneeIds: [a, b] })).body
      .results as CourseAssignmentDetail;
    await clearMail();
    const outsider = await t.call('POST', courseAssignmentPaths.reassign(created._id), {
      token: lead,
      body: { userIds: [a, c], deadline: day(9) },
    });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors).toEqual({ userIds: courseAssignmentMessages.learnerNotAssigned });
    const response = await t.call('POST', courseAssignmentPaths.reassign(created._id), {
      token: lead,
      body: { userIds: [a], deadline: day(9) },
    });
    expect(response.body.results).toEqual({ mailed: 1 });
    const learners = (await t.call('GET', courseAssignmentPaths.learners(created._id), { token: lead })).body
      .results as AssignmentLearner[];
    expect(Object.fromEntries(learners.map((learner) => [learner._id, learner.deadline]))).toEqual({
      [a]: day(9),
      [b]: null,
    });
    const [row] = await t.db.select().from(courseAssignments).where(eq(courseAssignments.id, created._id));
    expect(row).toMatchObject({ deadline: null, version: 1 });
    expect(await mailsTo(growth)).toHaveLength(1);
    // The reassigned learner's earlier completions no longer count for this training.
    expect(learners.find((learner) => learner._id === a)?.courses).toEqual([
      expect.objectContaining({
        _id: course['Time Management'],
        name: 'Time Management',
        state: 'not-started',
      }),
    ]);

    // Again without a day: they keep their own. A disabled learner can be chosen too, and is not
    // mailed; nor is one told of a reassignment of this training already today.
    await t.db.update(users).set({ status: false }).where(eq(users.id, b));
    const again = await t.call('POST', courseAssignmentPaths.reassign(created._id), {
      token: lead,
      body: { userIds: [a, b] },
    });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual({ mailed: 0 });
    expect(await mailsTo(growth)).toHaveLength(1);
    const after = (await t.call('GET', courseAssignmentPaths.learners(created._id), { token: lead })).body
      .results as AssignmentLearner[];
    expect(Object.fromEntries(after.map((learner) => [learner._id, learner.deadline]))).toEqual({
      [a]: day(9),
      [b]: null,
    });
    await t.db.update(users).set({ status: true }).where(eq(users.id, b));
  });

  it("reassigns several trainings in one step, each of them the caller's", async () => {
    const first = (
      await assign({ title: 'Bulk one', assigneeKind: 'users', assigneeIds: growth.slice(0, 2) })
    ).body.results._id as string;
    const second = (
      await assign({ title: 'Bulk two', assigneeKind: 'users', assigneeIds: growth.slice(2, 3) })
    ).body.results._id as string;
    const [freedomTraining] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.teamId, team.freedom));
    await clearMail();
    const mixed = await t.call('POST', courseAssignmentPaths.bulkReassign, {
      token: lead,
      body: { bulkId: [first, freedomTraining?.id], deadline: day(4) },
    });
    expect(mixed.status).toBe(403);
    expect(await mailsTo(growth)).toHaveLength(0);
    const response = await t.call('POST', courseAssignmentPaths.bulkReassign, {
      token: lead,
      body: { bulkId: [first, second], deadline: day(4) },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual({ mailed: 3 });
    const rows = await t.db
      .select({ deadline: courseAssignments.deadline })
      .from(courseAssignments)
      .where(inArray(courseAssignments.id, [first, second]));
    expect(rows.map((row) => row.deadline)).toEqual([day(4), day(4)]);
  });

  it('resends the mail to every assigned member', async () => {
    const [sales] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Sales Excellence'));
    await clearMail();
    const response = await t.call('POST', courseAssignmentPaths.resendEmail(sales?.id as string), {
      token: lead,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: courseAssignmentMessages.emailResent, results: { mailed: 25 } });
    const mails = await mailsTo(growth);
    expect(mails).toHaveLength(25);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(25);
    expect(mails[0]?.subject).toBe('Reminder: Sales Excellence');
    expect(
      (await t.call('POST', courseAssignmentPaths.resendEmail(sales?.id as string), { token: lead2 })).status,
    ).toBe(403);
  });

  it('resends once a minute per training and caller: the next call answers 429 with the seconds left and mails no one', async () => {
    const [sales] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Sales Excellence'));
    const key = sql`${rateLimits.key} like ${`resend:training:${sales?.id}:%`}`;
    await clearMail();
    const again = await t.call('POST', courseAssignmentPaths.resendEmail(sales?.id as string), {
      token: lead,
    });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: messages.tooManyAttempts });
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailsTo(growth)).toHaveLength(0);

    await t.db.update(rateLimits).set({ resetAt: sql`now() + interval '25 seconds'` }).where(key);
    const later = await t.call('POST', courseAssignmentPaths.resendEmail(sales?.id as string), {
      token: lead,
    });
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('retry-after'))).toBeGreaterThanOrEqual(24);
    expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(25);

    await t.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(key);
    const afterWindow = await t.call('POST', courseAssignmentPaths.resendEmail(sales?.id as string), {
      token: lead,
    });
    expect(afterWindow.status).toBe(200);
    // Reminded of it today already: the next reminder may go tomorrow.
    expect(afterWindow.body.results).toEqual({ mailed: 0 });
    expect(await mailsTo(growth)).toHaveLength(0);
  });

  it('counts no resend that is refused or names no training', async () => {
    const [sales] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Sales Excellence'));
    await t.db.delete(rateLimits).where(sql`${rateLimits.key} like ${`resend:training:${sales?.id}:%`}`);
    const refused = await t.call('POST', courseAssignmentPaths.resendEmail(sales?.id as string), {
      token: lead2,
    });
    expect(refused.status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.call('POST', courseAssignmentPaths.resendEmail(unknown), { token: lead })).status).toBe(
      404,
    );
    expect(await t.db.$count(rateLimits, sql`${rateLimits.key} like 'resend:training:%'`)).toBe(0);
    await clearMail();
    const allowed = await t.call('POST', courseAssignmentPaths.resendEmail(sales?.id as string), {
      token: lead,
    });
    expect(allowed.status).toBe(200);
  });
});

describe('GET course options', () => {
  it('lists enabled courses by name, paged and searchable', async () => {
    const enabled = (await t.db.select().from(courses).where(eq(courses.status, true)))
      .map((row) => row.name)
      .sort();
    const first = await t.call('GET', `${courseAssignmentPaths.courseOptions}?limit=10`, { token: lead });
    expect(first.status).toBe(200);
    expect(first.body.results).toMatchObject({ page: 1, limit: 10, total: enabled.length, totalPages: 2 });
    expect(first.body.results.data).toEqual(
      enabled.slice(0, 10).map((name) => expect.objectContaining({ _id: course[name], name })),
    );
    const second = await t.call('GET', `${courseAssignmentPaths.courseOptions}?limit=10&page=2`, {
      token: lead2,
    });
    expect(second.body.results.data.map((row: { name: string }) => row.name)).toEqual(enabled.slice(10));
    expect(enabled).not.toContain('Legacy CRM Training');

    const search = await t.call('GET', `${courseAssignmentPaths.courseOptions}?search=SAFETY`, {
      token: lead,
    });
    expect(search.body.results.data).toEqual([
      // Its outline holds the lessons the seed placed in it.
      {
        _id: course['Workplace Safety Essentials'],
        name: 'Workplace Safety Essentials',
        nothingToTake: false,
      },
    ]);
  });

  it('is for team leads and administrators of teams', async () => {
    await t.createUser({ email: 'learner@example.com', password: 'secret1' });
    const learner = await t.login('learner@example.com', 'secret1');
    expect((await t.call('GET', courseAssignmentPaths.courseOptions, { token: learner })).status).toBe(403);
    const admin = await t.login(demo.admin.email, demo.admin.password);
    expect((await t.call('GET', courseAssignmentPaths.courseOptions, { token: admin })).status).toBe(200);
    expect(await t.db.$count(users, sql`${users.email} = 'learner@example.com'`)).toBe(1);
  });
});
