import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { ActivityEntry, AttendanceEntry, TranscriptEntry } from '../../contract/team-dashboard.ts';
import { hashPassword, unusablePasswordHash } from '../../server/auth/password.ts';
import { sessions } from '../../server/db/schema/auth.ts';
import { courseAssignmentAssignees, courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { eventAttendees, eventSessions, events } from '../../server/db/schema/events.ts';
import { quizAttempts } from '../../server/db/schema/learning.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { expectedCards, expectedChecklistCompletions, memberIdsOf, teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
let growth: string[];
beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  lead = await t.login(demo.lead.email, demo.lead.password);
  growth = await memberIdsOf(t.db, team.growth);
});
afterAll(() => t.close());

const get = (path: string, token = lead) => t.call('GET', path, { token });
const thirtyDaysAgo = sql`now() - interval '30 days'`;
/** The checklists of `userIds` completed in the last 30 days. */
const checklistsCompletedSince = async (userIds: string[]) =>
  (await expectedChecklistCompletions(t.db, userIds)).filter(
    (completion) => completion.completedAt.getTime() > Date.now() - 30 * 24 * 60 * 60 * 1000,
  ).length;
const isNewestFirst = (times: string[]) =>
  times.every((time, index) => index === 0 || (times[index - 1] as string) >= time);

describe('GET team report', () => {
  it('counts members, available users and the last 30 days of activity', async () => {
    // The seed's members are invited: none has set a password yet. Three set one; one of them is
    // then disabled, and another must change theirs at the next sign-in (which they can still do).
    const [ready, mustChange, disabled] = growth as [string, string, string];
    const passwordHash = await hashPassword('secret12');
    await t.db
      .update(users)
      .set({ passwordHash })
      .where(inArray(users.id, [ready, mustChange, disabled]));
    await t.db.update(users).set({ requirePasswordReset: true }).where(eq(users.id, mustChange));
    await t.db.update(users).set({ status: false }).where(eq(users.id, disabled));
    const response = await get(paths.teamReport(team.growth));
    await t.db
      .update(users)
      .set({ status: true, passwordHash: unusablePasswordHash(), requirePasswordReset: false })
      .where(inArray(users.id, [ready, mustChange, disabled]));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: messages.listFetched,
      results: {
        membersCount: 25,
        availableUsers: 2,
        activity: {
          signIns: await t.db.$count(
            sessions,
            and(inArray(sessions.userId, growth), gt(sessions.createdAt, thirtyDaysAgo)),
          ),
          courseCompletions: await t.db.$count(
            courseCompletions,
            and(inArray(courseCompletions.userId, growth), gt(courseCompletions.completedAt, thirtyDaysAgo)),
          ),
          checklistCompletions: await checklistsCompletedSince(growth),
        },
        virtualAttendance: { invited: 0, attended: 0 },
      },
    });
    expect(response.body.results.activity.signIns).toBeGreaterThan(0);
    expect(response.body.results.activity.courseCompletions).toBeGreaterThan(0);
  });

  it("answers 403 to another team's lead", async () => {
    const lead2 = await t.login(demo.lead2.email, demo.lead2.password);
    expect((await get(paths.teamReport(team.growth), lead2)).status).toBe(403);
    expect((await get(paths.teamActivity(team.growth), lead2)).status).toBe(403);
    expect((await get(paths.teamAttendance(team.growth), lead2)).status).toBe(403);
    expect((await get(paths.memberSummary(team.growth, growth[0] as string), lead2)).status).toBe(403);
  });
});

describe('GET team activity', () => {
  it('lists sign-ins and completions of the last 30 days, newest first, with the member', async () => {
    const [member] = growth;
    const [course] = await t.db.select().from(courses).limit(1);
    // Outside the window: must not show.
    await t.db.insert(courseCompletions).values({
      userId: member as string,
      courseId: course?.id as string,
      completedAt: sql`now() - interval '40 days'`,
    });

    const response = await get(paths.teamActivity(team.growth));
    expect(response.status).toBe(200);
    const entries = response.body.results as ActivityEntry[];
    const inWindow =
      (await t.db.$count(
        sessions,
        and(inArray(sessions.userId, growth), gt(sessions.createdAt, thirtyDaysAgo)),
      )) +
      (await t.db.$count(
        courseCompletions,
        and(inArray(courseCompletions.userId, growth), gt(courseCompletions.completedAt, thirtyDaysAgo)),
      )) +
      (await checklistsCompletedSince(growth)) +
      (await t.db.$count(
        quizAttempts,
        and(inArray(quizAttempts.userId, growth), gt(quizAttempts.submittedAt, thirtyDaysAgo)),
      ));
    expect(entries).toHaveLength(Math.min(100, inWindow));
    expect(new Set(entries.map((entry) => entry.kind))).toEqual(
      new Set(['sign-in', 'course-completed', 'quiz-passed', 'quiz-failed', 'checklist-completed']),
    );
    expect(isNewestFirst(entries.map((entry) => entry.at))).toBe(true);
    const since = Date.now() - 30 * 24 * 60 * 60 * 1000;
    expect(entries.every((entry) => Date.parse(entry.at) > since)).toBe(true);
    expect(entries.every((entry) => growth.includes(entry.member?._id as string))).toBe(true);
    expect(entries[0]).toEqual({
      kind: expect.any(String),
      title: expect.any(String),
      at: expect.any(String),
      member: { _id: expect.any(String), firstName: expect.any(String), lastName: expect.any(String) },
    });
    expect(entries.find((entry) => entry.kind === 'sign-in')?.title).toBe('Signed in');
  });
});

describe('attendance', () => {
  it('is empty with no events, then lists who was put on each event with its first session and attendance, latest first, leaving out the cancelled', async () => {
    expect((await get(paths.teamAttendance(team.growth))).body.results).toEqual([]);
    const [meeting, event] = await t.db
      .insert(events)
      .values([
        { title: 'Monthly sync', timeZone: 'Europe/London' },
        { title: 'Summer meetup', timeZone: 'Europe/Berlin' },
      ])
      .returning();
    await t.db.insert(eventSessions).values([
      {
        eventId: meeting?.id as string,
        position: 0,
        startsAt: new Date('2030-01-10T15:00:00Z'),
        endsAt: new Date('2030-01-10T16:00:00Z'),
        timeZone: 'Europe/London',
        meetingUrl: 'https://example.zoom.us/j/123',
        meetingProvider: 'zoom',
      },
      // Two days: the event starts with its first session, whatever the order they were added in.
      {
        eventId: event?.id as string,
        position: 1,
        startsAt: new Date('2029-07-02T07:00:00Z'),
        endsAt: new Date('2029-07-02T15:00:00Z'),
        timeZone: 'Europe/Berlin',
        address: 'Hall 2',
      },
      {
        eventId: event?.id as string,
        position: 0,
        startsAt: new Date('2029-07-01T09:00:00Z'),
        endsAt: new Date('2029-07-01T15:00:00Z'),
        timeZone: 'Europe/Berlin',
        address: 'Hall 2',
      },
    ]);
    const [first, second, third] = growth;
    await t.db.insert(eventAttendees).values([
      { eventId: meeting?.id as string, userId: first as string, state: 'attended' },
      { eventId: meeting?.id as string, userId: second as string, state: 'absent' },
      {
        eventId: meeting?.id as string,
        userId: third as string,
        state: 'cancelled',
      },
      { eventId: event?.id as string, userId: first as string, state: 'attended' },
    ]);

    // The team's view is its virtual meetings, as many rows as the card's figure counts.
    const teamWide = (await get(paths.teamAttendance(team.growth))).body.results as AttendanceEntry[];
    expect(
      teamWide.map((entry) => [entry.title, entry.kind, entry.member?._id, entry.attended]).sort(),
    ).toEqual(
      [
        ['Monthly sync', 'virtual-meeting', first, true],
        ['Monthly sync', 'virtual-meeting', second, false],
      ].sort(),
    );
    // A member's view has every event, starting with its first session.
    const firsts = await get(paths.memberAttendance(team.growth, first as string));
    expect(firsts.body.results[1]).toEqual({
      eventId: event?.id,
      title: 'Summer meetup',
      startsAt: '2029-07-01T09:00:00.000Z',
      kind: 'event',
      attended: true,
    });

    const mine = await get(paths.memberAttendance(team.growth, second as string));
    expect(mine.body.results).toEqual([
      {
        eventId: meeting?.id,
        title: 'Monthly sync',
        startsAt: '2030-01-10T15:00:00.000Z',
        kind: 'virtual-meeting',
        attended: false,
      },
    ]);
    const report = await get(paths.teamReport(team.growth));
    expect(report.body.results.virtualAttendance).toEqual({ invited: 2, attended: 1 });
  });
});

describe('member views', () => {
  it('summarises a member: the card, the last sign-in and their teams', async () => {
    const cards = await expectedCards(t.db, team.growth);
    const card = cards.find((entry) => entry.coursesCompleted > 0) ?? cards[0];
    const response = await get(paths.memberSummary(team.growth, card?._id as string));
    expect(response.status).toBe(200);
    const [last] = await t.db
      .select({ at: sql<string>`max(${sessions.createdAt})` })
      .from(sessions)
      .where(eq(sessions.userId, card?._id as string));
    expect(response.body.results).toEqual({
      member: {
        ...card,
        lastSignInAt: last?.at ? new Date(last.at).toISOString() : null,
        teams: [{ _id: team.growth, title: 'Growth Team' }],
      },
    });
  });

  it('lists the transcript: each assigned course once, with its training and completion, and checklists, latest first', async () => {
    const [leadership] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Leadership Track'));
    const [chosen] = await t.db
      .select({ userId: courseAssignmentAssignees.userId })
      .from(courseAssignmentAssignees)
      .where(eq(courseAssignmentAssignees.assignmentId, leadership?.id as string));
    const memberId = chosen?.userId as string;
    const response = await get(paths.memberTranscript(team.growth, memberId));
    expect(response.status).toBe(200);
    const entries = response.body.results as TranscriptEntry[];
    const [card] = (await expectedCards(t.db, team.growth)).filter((entry) => entry._id === memberId);
    const courseEntries = entries.filter((entry) => entry.kind === 'course');
    expect(courseEntries).toHaveLength(card?.coursesAssigned as number);
    expect(new Set(courseEntries.map((entry) => entry._id)).size).toBe(courseEntries.length);
    expect(courseEntries.filter((entry) => entry.completedAt !== null)).toHaveLength(
      card?.coursesCompleted as number,
    );
    const checklistEntries = entries.filter((entry) => entry.kind === 'checklist');
    expect(checklistEntries).toHaveLength(card?.checklistsAssigned as number);
    expect(checklistEntries.filter((entry) => entry.state === 'completed')).toHaveLength(
      card?.checklistsCompleted as number,
    );
    const completions = await expectedChecklistCompletions(t.db, [memberId]);
    for (const entry of checklistEntries)
      expect(entry.completedAt, entry.title).toBe(
        completions.find((completion) => completion.checklistId === entry._id)?.completedAt.toISOString() ??
          null,
      );
    const latest = (entry: TranscriptEntry) =>
      entry.completedAt && entry.completedAt > entry.assignedAt ? entry.completedAt : entry.assignedAt;
    expect(isNewestFirst(entries.map((entry) => new Date(latest(entry)).toISOString()))).toBe(true);
    const meeting = courseEntries.find((entry) => entry.title === 'Leading Effective Meetings');
    expect(meeting).toMatchObject({ trainingTitle: 'Leadership Track', deadline: leadership?.deadline });
    expect(entries.find((entry) => entry.kind === 'checklist')).toMatchObject({
      trainingTitle: null,
      deadline: null,
    });
  });

  it("lists a member's own sign-ins and completions, newest first", async () => {
    const user = await t.createUser({ email: 'signs-in@example.com', password: 'secret1' });
    await t.db.insert(teamMembers).values({ teamId: team.growth, userId: user.id });
    await t.login('signs-in@example.com', 'secret1');
    const [course] = await t.db.select().from(courses).where(eq(courses.name, 'Time Management'));
    await t.db.insert(courseCompletions).values({
      userId: user.id,
      courseId: course?.id as string,
      completedAt: sql`now() - interval '3 days'`,
    });

    const response = await get(paths.memberActivity(team.growth, user.id));
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      { kind: 'sign-in', title: 'Signed in', at: expect.any(String) },
      { kind: 'course-completed', title: 'Time Management', at: expect.any(String) },
    ]);
    const seeded = growth[1] as string;
    const history = (await get(paths.memberActivity(team.growth, seeded))).body.results as ActivityEntry[];
    expect(isNewestFirst(history.map((entry) => entry.at))).toBe(true);
    expect(history.every((entry) => entry.member === undefined)).toBe(true);
    // A member's graded quiz attempts show passed or failed, with the score.
    const [tried] = await t.db
      .select({ userId: quizAttempts.userId })
      .from(quizAttempts)
      .innerJoin(teamMembers, eq(teamMembers.userId, quizAttempts.userId))
      .where(and(eq(teamMembers.teamId, team.growth), eq(quizAttempts.passed, false)))
      .limit(1);
    const own = (await get(paths.memberActivity(team.growth, tried?.userId as string))).body
      .results as ActivityEntry[];
    const failed = own.find((entry) => entry.kind === 'quiz-failed');
    expect(failed?.title).toMatch(/ \(\d+%\)$/);
  });

  it('answers 404 for a member who is not in the team, whichever view', async () => {
    const [enterpriseMember] = await memberIdsOf(t.db, team.enterprise);
    for (const path of [
      paths.memberSummary,
      paths.memberTranscript,
      paths.memberActivity,
      paths.memberAttendance,
    ]) {
      const response = await get(path(team.growth, enterpriseMember as string));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: messages.notFound });
      expect((await get(path(team.growth, 'not-an-id'))).status).toBe(404);
    }
  });
});
