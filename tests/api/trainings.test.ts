import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import {
  type AssignedTraining,
  type AssignedTrainingDetail,
  trainingMessages,
} from '../../contract/training.ts';
import { rateLimits } from '../../server/db/schema/auth.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { trainingCourses, trainingMembers, trainings } from '../../server/db/schema/trainings.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { memberIdsOf, teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
let lead2: string;
let course: Record<string, string>;
let growth: string[];
beforeAll(async () => {
  t = await createTestContext();
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
  return t.call('POST', paths.trainings, {
    token,
    body: {
      teamId: team.growth,
      trainingTitle: 'Test training',
      courseIds: [course['Time Management']],
      ...body,
    },
  });
}

describe('GET trainings', () => {
  it("lists the team's trainings newest first with counts", async () => {
    const response = await t.call('GET', `${paths.trainings}?team=${team.growth}`, { token: lead });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.listFetched);
    const [leadership] = await t.db.select().from(trainings).where(eq(trainings.title, 'Leadership Track'));
    expect(response.body.results).toEqual({
      data: [
        {
          _id: leadership?.id,
          trainingTitle: 'Leadership Track',
          teamId: team.growth,
          courseCount: 3,
          memberCount: 6,
          createdOn: leadership?.createdAt.toISOString(),
          deadline: leadership?.deadline,
          version: 1,
        },
        expect.objectContaining({
          trainingTitle: 'Sales Excellence',
          courseCount: 3,
          memberCount: 25,
          deadline: null,
        }),
        expect.objectContaining({ trainingTitle: 'Growth Onboarding', courseCount: 3, memberCount: 25 }),
      ],
      page: 1,
      limit: 10,
      totalPages: 1,
      total: 3,
    });
    expect(leadership?.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('pages, and answers past the end with no rows but the totals', async () => {
    const second = await t.call('GET', `${paths.trainings}?team=${team.growth}&limit=2&page=2`, {
      token: lead,
    });
    expect(second.body.results).toMatchObject({ page: 2, limit: 2, totalPages: 2, total: 3 });
    expect(second.body.results.data.map((row: AssignedTraining) => row.trainingTitle)).toEqual([
      'Growth Onboarding',
    ]);
    const beyond = await t.call('GET', `${paths.trainings}?team=${team.growth}&limit=2&page=3`, {
      token: lead,
    });
    expect(beyond.body.results).toEqual({ data: [], page: 3, limit: 2, totalPages: 2, total: 3 });
  });

  it('searches titles, and filters by the full name of an included member', async () => {
    const titles = async (query: string) =>
      (
        await t.call('GET', `${paths.trainings}?team=${team.growth}&${query}`, { token: lead })
      ).body.results.data.map((row: AssignedTraining) => row.trainingTitle);
    expect(await titles('search=SALES')).toEqual(['Sales Excellence']);

    const [leadership] = await t.db.select().from(trainings).where(eq(trainings.title, 'Leadership Track'));
    const chosen = (
      await t.db
        .select()
        .from(trainingMembers)
        .where(eq(trainingMembers.trainingId, leadership?.id as string))
    ).map((row) => row.userId);
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

  it('needs a team, and the team must be led by the caller', async () => {
    const none = await t.call('GET', paths.trainings, { token: lead });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ team: trainingMessages.teamRequired });
    expect((await t.call('GET', `${paths.trainings}?team=${team.growth}`, { token: lead2 })).status).toBe(
      403,
    );
  });
});

describe('POST trainings', () => {
  it('assigns a training to chosen members and mails each of them once', async () => {
    await clearMail();
    const chosen = growth.slice(0, 2);
    const deadline = day(10);
    const response = await assign({
      trainingTitle: 'Safety refresh',
      courseIds: [course['Workplace Safety Essentials'], course['First Aid Basics']],
      assignTo: 'some',
      memberIds: chosen,
      deadline,
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(trainingMessages.trainingAssigned);
    const detail = response.body.results as AssignedTrainingDetail;
    expect(detail).toMatchObject({
      trainingTitle: 'Safety refresh',
      teamId: team.growth,
      courseCount: 2,
      memberCount: 2,
      deadline,
      version: 1,
      assignTo: 'some',
      courses: [
        { _id: course['First Aid Basics'], name: 'First Aid Basics' },
        { _id: course['Workplace Safety Essentials'], name: 'Workplace Safety Essentials' },
      ],
    });
    expect(detail.members.map((member) => member._id).sort()).toEqual([...chosen].sort());

    const mails = await mailsTo(growth);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.subject === 'New training assigned: Safety refresh')).toBe(true);
    expect(mails[0]?.text).toContain('First Aid Basics');
    expect(mails[0]?.text).toContain(deadline);
    const rows = await t.db.select().from(trainingMembers).where(eq(trainingMembers.trainingId, detail._id));
    expect(rows.every((row) => row.lastEmailedAt !== null)).toBe(true);
  });

  it('assigns to the whole team, mailing every member', async () => {
    await clearMail();
    const response = await assign({ trainingTitle: 'Everyone', assignTo: 'all', memberIds: [growth[0]] });
    expect(response.status).toBe(201);
    expect(response.body.results).toMatchObject({
      assignTo: 'all',
      members: [],
      memberCount: 25,
      deadline: null,
    });
    expect(
      await t.db.$count(trainingMembers, eq(trainingMembers.trainingId, response.body.results._id)),
    ).toBe(0);
    expect(await mailsTo(growth)).toHaveLength(25);
  });

  it('answers 422 with the contract messages', async () => {
    const [freedomMember] = await memberIdsOf(t.db, team.freedom);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ teamId: undefined }, { teamId: trainingMessages.teamRequired }],
      [{ deadline: day(-1) }, { deadline: trainingMessages.deadlinePast }],
      [{ deadline: '2031-02-30' }, { deadline: trainingMessages.deadlineInvalid }],
      [{ deadline: 'soon' }, { deadline: trainingMessages.deadlineInvalid }],
      [{ courseIds: [course['Legacy CRM Training']] }, { courseIds: trainingMessages.courseUnavailable }],
      [{ courseIds: [] }, { courseIds: trainingMessages.coursesRequired }],
      [{ assignTo: 'some', memberIds: [] }, { memberIds: trainingMessages.membersRequired }],
      [{ assignTo: 'some', memberIds: [freedomMember] }, { memberIds: trainingMessages.memberNotInTeam }],
      [{ trainingTitle: '  ' }, { trainingTitle: trainingMessages.titleRequired }],
    ];
    const before = await t.db.$count(trainings);
    for (const [body, errors] of cases) {
      const response = await assign(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toEqual({ message: messages.validationFailed, errors });
    }
    expect(await t.db.$count(trainings)).toBe(before);
    expect((await assign({ deadline: day(0) })).status).toBe(201);
  });

  it('answers 403 for a team the caller does not lead', async () => {
    const response = await assign({ teamId: team.freedom });
    expect(response.status).toBe(403);
    expect(await t.db.$count(trainings, eq(trainings.teamId, team.freedom))).toBe(1);
  });
});

describe('GET, PATCH and DELETE one training', () => {
  it('answers the detail to the lead only', async () => {
    const created = (await assign({ trainingTitle: 'Readable' })).body.results as AssignedTrainingDetail;
    const response = await t.call('GET', paths.training(created._id), { token: lead });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual(created);
    expect((await t.call('GET', paths.training(created._id), { token: lead2 })).status).toBe(403);
    expect(
      (await t.call('GET', paths.training('00000000-0000-4000-8000-000000000000'), { token: lead })).status,
    ).toBe(404);
  });

  it('updates with the version, mails only members it brings in, and keeps the others', async () => {
    const [a, b, c] = growth;
    const created = (await assign({ assignTo: 'some', memberIds: [a, b] })).body
      .results as AssignedTrainingDetail;
    const [kept] = await t.db
      .select()
      .from(trainingMembers)
      .where(and(eq(trainingMembers.trainingId, created._id), eq(trainingMembers.userId, b as string)));
    await clearMail();
    const response = await t.call('PATCH', paths.training(created._id), {
      token: lead,
      body: {
        teamId: team.growth,
        trainingTitle: 'Renamed',
        courseIds: [course['Conflict Resolution']],
        assignTo: 'some',
        memberIds: [b, c],
        deadline: day(5),
        version: 1,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(trainingMessages.trainingUpdated);
    expect(response.body.results).toMatchObject({
      trainingTitle: 'Renamed',
      version: 2,
      deadline: day(5),
      courses: [{ _id: course['Conflict Resolution'], name: 'Conflict Resolution' }],
    });
    expect((response.body.results as AssignedTrainingDetail).members.map((m) => m._id).sort()).toEqual(
      [b, c].sort(),
    );
    expect((await mailsTo(growth)).map((mail) => mail.to)).toHaveLength(1);
    const [stillB] = await t.db
      .select()
      .from(trainingMembers)
      .where(and(eq(trainingMembers.trainingId, created._id), eq(trainingMembers.userId, b as string)));
    expect(stillB?.assignedAt).toEqual(kept?.assignedAt);
    expect(await t.db.$count(trainingCourses, eq(trainingCourses.trainingId, created._id))).toBe(1);
  });

  it('answers 409 with the current record for a stale version', async () => {
    const created = (await assign({ trainingTitle: 'Contested' })).body.results as AssignedTrainingDetail;
    const body = {
      teamId: team.growth,
      trainingTitle: 'First',
      courseIds: [course['Time Management']],
      version: 1,
    };
    expect((await t.call('PATCH', paths.training(created._id), { token: lead, body })).status).toBe(200);
    const stale = await t.call('PATCH', paths.training(created._id), {
      token: lead,
      body: { ...body, trainingTitle: 'Second' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: trainingMessages.staleVersion,
      results: expect.objectContaining({ _id: created._id, trainingTitle: 'First', version: 2 }),
    });
  });

  it('keeps a deadline that has passed since, but refuses setting a new past one', async () => {
    const created = (await assign({ trainingTitle: 'Overdue', deadline: day(3) })).body.results;
    await t.db
      .update(trainings)
      .set({ deadline: day(-3) })
      .where(eq(trainings.id, created._id));
    const body = {
      teamId: team.growth,
      trainingTitle: 'Overdue, renamed',
      courseIds: [course['Time Management']],
    };
    const same = await t.call('PATCH', paths.training(created._id), {
      token: lead,
      body: { ...body, deadline: day(-3) },
    });
    expect(same.status).toBe(200);
    const earlier = await t.call('PATCH', paths.training(created._id), {
      token: lead,
      body: { ...body, deadline: day(-4) },
    });
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors).toEqual({ deadline: trainingMessages.deadlinePast });
  });

  it('deletes trainings of led teams only, all or nothing', async () => {
    const mine = (await assign({ trainingTitle: 'Disposable' })).body.results._id as string;
    const [freedomTraining] = await t.db.select().from(trainings).where(eq(trainings.teamId, team.freedom));
    const mixed = await t.call('DELETE', paths.trainings, {
      token: lead,
      body: { bulkId: [mine, freedomTraining?.id] },
    });
    expect(mixed.status).toBe(403);
    const unknown = await t.call('DELETE', paths.trainings, {
      token: lead,
      body: { bulkId: [mine, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
    expect(await t.db.$count(trainings, inArray(trainings.id, [mine, freedomTraining?.id as string]))).toBe(
      2,
    );

    const response = await t.call('DELETE', paths.trainings, { token: lead, body: { bulkId: [mine] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: trainingMessages.trainingDeleted, results: null });
    expect(await t.db.$count(trainings, eq(trainings.id, mine))).toBe(0);
    expect(await t.db.$count(trainingCourses, eq(trainingCourses.trainingId, mine))).toBe(0);
  });
});

describe('reassign and resend', () => {
  it('sets the new deadline and mails only members who have not completed every course', async () => {
    const [done, halfway, untouched] = growth;
    const created = (
      await assign({
        trainingTitle: 'Two courses',
        courseIds: [course['Sales Conversations'], course['Advanced Negotiation']],
        assignTo: 'some',
        memberIds: [done, halfway, untouched],
      })
    ).body.results as AssignedTrainingDetail;
    await t.db
      .insert(courseCompletions)
      .values([
        { userId: done as string, courseId: course['Sales Conversations'] as string },
        { userId: done as string, courseId: course['Advanced Negotiation'] as string },
        { userId: halfway as string, courseId: course['Sales Conversations'] as string },
      ])
      .onConflictDoNothing();
    await t.db
      .delete(courseCompletions)
      .where(
        and(
          inArray(courseCompletions.userId, [halfway as string, untouched as string]),
          eq(courseCompletions.courseId, course['Advanced Negotiation'] as string),
        ),
      );
    await clearMail();

    const response = await t.call('POST', paths.trainingReassign(created._id), {
      token: lead,
      body: { deadline: day(20) },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(trainingMessages.trainingReassigned);
    expect(response.body.results).toMatchObject({ deadline: day(20), version: 2 });
    const mailed = await mailsTo(growth);
    expect(mailed.map((mail) => mail.to).sort()).toEqual(
      (
        await t.db
          .select()
          .from(users)
          .where(inArray(users.id, [halfway as string, untouched as string]))
      )
        .map((user) => user.email)
        .sort(),
    );
    expect(mailed[0]?.subject).toBe('Training reassigned: Two courses');

    const keep = await t.call('POST', paths.trainingReassign(created._id), { token: lead, body: {} });
    expect(keep.body.results).toMatchObject({ deadline: day(20), version: 2 });
    const past = await t.call('POST', paths.trainingReassign(created._id), {
      token: lead,
      body: { deadline: day(-2) },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ deadline: trainingMessages.deadlinePast });
    expect(
      (await t.call('POST', paths.trainingReassign(created._id), { token: lead2, body: {} })).status,
    ).toBe(403);
  });

  it('resends the mail to every assigned member', async () => {
    const [sales] = await t.db.select().from(trainings).where(eq(trainings.title, 'Sales Excellence'));
    await clearMail();
    const response = await t.call('POST', paths.trainingResendEmail(sales?.id as string), { token: lead });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: trainingMessages.emailResent, results: { mailed: 25 } });
    const mails = await mailsTo(growth);
    expect(mails).toHaveLength(25);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(25);
    expect(mails[0]?.subject).toBe('Reminder: Sales Excellence');
    expect(
      (await t.call('POST', paths.trainingResendEmail(sales?.id as string), { token: lead2 })).status,
    ).toBe(403);
  });

  it('resends once a minute per training: the next call answers 429 with the seconds left and mails no one', async () => {
    const [sales] = await t.db.select().from(trainings).where(eq(trainings.title, 'Sales Excellence'));
    const key = `resend:training:${sales?.id}`;
    await clearMail();
    const again = await t.call('POST', paths.trainingResendEmail(sales?.id as string), { token: lead });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: messages.tooManyAttempts });
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailsTo(growth)).toHaveLength(0);

    await t.db
      .update(rateLimits)
      .set({ resetAt: sql`now() + interval '25 seconds'` })
      .where(eq(rateLimits.key, key));
    const later = await t.call('POST', paths.trainingResendEmail(sales?.id as string), { token: lead });
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('retry-after'))).toBeGreaterThanOrEqual(24);
    expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(25);

    await t.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, key));
    const afterWindow = await t.call('POST', paths.trainingResendEmail(sales?.id as string), { token: lead });
    expect(afterWindow.status).toBe(200);
    expect(await mailsTo(growth)).toHaveLength(25);
  });

  it('counts no resend that is refused or names no training', async () => {
    const [sales] = await t.db.select().from(trainings).where(eq(trainings.title, 'Sales Excellence'));
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `resend:training:${sales?.id}`));
    const refused = await t.call('POST', paths.trainingResendEmail(sales?.id as string), { token: lead2 });
    expect(refused.status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.call('POST', paths.trainingResendEmail(unknown), { token: lead })).status).toBe(404);
    expect(await t.db.$count(rateLimits, sql`${rateLimits.key} like 'resend:training:%'`)).toBe(0);
    await clearMail();
    const allowed = await t.call('POST', paths.trainingResendEmail(sales?.id as string), { token: lead });
    expect(allowed.status).toBe(200);
  });
});

describe('GET course options', () => {
  it('lists enabled courses by name, paged and searchable', async () => {
    const enabled = (await t.db.select().from(courses).where(eq(courses.status, true)))
      .map((row) => row.name)
      .sort();
    const first = await t.call('GET', `${paths.courseOptions}?limit=10`, { token: lead });
    expect(first.status).toBe(200);
    expect(first.body.results).toMatchObject({ page: 1, limit: 10, total: enabled.length, totalPages: 2 });
    expect(first.body.results.data).toEqual(
      enabled.slice(0, 10).map((name) => ({ _id: course[name], name })),
    );
    const second = await t.call('GET', `${paths.courseOptions}?limit=10&page=2`, { token: lead2 });
    expect(second.body.results.data.map((row: { name: string }) => row.name)).toEqual(enabled.slice(10));
    expect(enabled).not.toContain('Legacy CRM Training');

    const search = await t.call('GET', `${paths.courseOptions}?search=SAFETY`, { token: lead });
    expect(search.body.results.data).toEqual([
      { _id: course['Workplace Safety Essentials'], name: 'Workplace Safety Essentials' },
    ]);
  });

  it('is for team leads and administrators of teams', async () => {
    await t.createUser({ email: 'learner@example.com', password: 'secret1' });
    const learner = await t.login('learner@example.com', 'secret1');
    expect((await t.call('GET', paths.courseOptions, { token: learner })).status).toBe(403);
    const admin = await t.login(demo.admin.email, demo.admin.password);
    expect((await t.call('GET', paths.courseOptions, { token: admin })).status).toBe(200);
    expect(await t.db.$count(users, sql`${users.email} = 'learner@example.com'`)).toBe(1);
  });
});
