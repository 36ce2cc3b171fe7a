import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendeeMessages as am,
  JOIN_OPENS_MINUTES,
  type TeamEvent,
  teamEventPaths as tp,
} from '../../contract/events/attendees.ts';
import type { EventDetail } from '../../contract/events/resource.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { AttendanceEntry } from '../../contract/team-dashboard.ts';
import { eventAttendance, eventAttendees } from '../../server/db/schema/events.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { users } from '../../server/db/schema/users.ts';
import { eventFixtures } from './event-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { memberIdsOf, teamIds } from './team-fixtures.ts';

// The Team Dashboard's Assign Events tab: a lead lists events, registers members of their team
// (seats, then the waiting list), cancels one (the first waiting gets the seat, both mailed), and
// marks attendance once a session has started, a replayed mark counting once. A lead of another
// team reaches none of it.

let t: TestContext;
let admin: string;
let lead: string;
let lead2: string;
let team: Awaited<ReturnType<typeof teamIds>>;
let growth: string[];
let f: Awaited<ReturnType<typeof eventFixtures>>;
const run = `te${Date.now().toString(36)}`;
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
  lead2 = await t.login(demo.lead2.email, demo.lead2.password);
  team = await teamIds(t.db);
  growth = await memberIdsOf(t.db, team.growth);
  f = await eventFixtures(t, admin);
});
afterAll(() => t.close());

/** A two-session event with two seats: the first session began 30 minutes ago, the second is tomorrow. */
async function twoSessionEvent(title: string, overrides: Record<string, unknown> = {}) {
  return f.create(
    f.body({
      title: `${title} ${run}`,
      capacity: 2,
      waitlist: true,
      sessions: [
        f.session({ startsAt: minutes(-30), endsAt: minutes(90) }),
        f.session({
          startsAt: minutes(24 * 60),
          endsAt: minutes(24 * 60 + 120),
          locationId: null,
          address: '1 Yard Road',
        }),
      ],
      ...overrides,
    }),
  );
}

async function listed(eventId: string, token = lead, teamId = team.growth) {
  const response = await t.call('GET', tp.events(teamId), { token });
  expect(response.status, response.text).toBe(200);
  expect(response.body.message).toBe(am.eventsFetched);
  return (response.body.results as TeamEvent[]).find((event) => event._id === eventId);
}

const register = (eventId: string, userIds: string[], token = lead, teamId = team.growth) =>
  t.call('POST', tp.register(teamId, eventId), { token, body: { userIds } });
const cancel = (attendeeId: string, token = lead, teamId = team.growth) =>
  t.call('PATCH', tp.attendee(teamId, attendeeId), { token, body: { state: 'cancelled' } });
const mark = (body: Record<string, unknown>, token = lead, teamId = team.growth, key?: string) =>
  t.call('PUT', tp.attendance(teamId), {
    token,
    body,
    headers: key ? { 'idempotency-key': key } : undefined,
  });

const states = async (eventId: string) =>
  Object.fromEntries(
    (
      await t.db
        .select({ userId: eventAttendees.userId, state: eventAttendees.state })
        .from(eventAttendees)
        .where(eq(eventAttendees.eventId, eventId))
    ).map((row) => [row.userId, row.state]),
  );

async function mailsTo(userId: string) {
  const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, user?.email as string))
    .orderBy(asc(mailOutbox.createdAt));
}

describe('the Assign Events tab', () => {
  let event: EventDetail;
  let a: string;
  let b: string;
  let c: string;
  const attendeeOf = async (userId: string) =>
    (await listed(event._id))?.members.find((member) => member.userId === userId);

  beforeAll(async () => {
    event = await twoSessionEvent('Team seats');
    [a, b, c] = growth as [string, string, string];
  });

  it('lists upcoming published events with seats left, the waiting count and the sessions', async () => {
    const seen = await listed(event._id);
    expect(seen).toMatchObject({
      title: `Team seats ${run}`,
      categoryTitle: f.category.title,
      timeZone: 'Europe/London',
      capacity: 2,
      seatsLeft: 2,
      waitlist: true,
      waitingCount: 0,
      members: [],
    });
    const [first, second] = seen?.sessions ?? [];
    expect(first?.place).toBe(f.location.title);
    expect(second?.place).toBe('1 Yard Road');
    expect(
      new Date(first?.startsAt as string).getTime() - new Date(first?.joinOpensAt as string).getTime(),
    ).toBe(JOIN_OPENS_MINUTES * 60_000);

    const hidden = await twoSessionEvent('Unpublished', { status: false });
    expect(await listed(hidden._id)).toBeUndefined();
    const over = await f.create(
      f.body({
        title: `Over ${run}`,
        sessions: [f.session({ startsAt: minutes(-120), endsAt: minutes(-60) })],
      }),
    );
    expect(await listed(over._id)).toBeUndefined();
    expect(await register(over._id, [a]).then((r) => [r.status, r.body.message])).toEqual([
      409,
      am.eventNotOpen,
    ]);
    expect(await register(hidden._id, [a]).then((r) => [r.status, r.body.message])).toEqual([
      409,
      am.eventNotOpen,
    ]);
  });

  it('registers three members on a two-seat event: two seated, one waiting', async () => {
    const response = await register(event._id, [a, b, c]);
    expect(response.status, response.text).toBe(201);
    expect(response.body.message).toBe(am.added);
    expect(response.body.results).toEqual({
      registered: 2,
      waitlisted: 1,
      invited: 0,
      alreadyOn: 0,
      full: 0,
    });
    const seen = await listed(event._id);
    expect(seen).toMatchObject({ seatsLeft: 0, waitingCount: 1 });
    const byUser = new Map(seen?.members.map((member) => [member.userId, member]));
    expect([a, b, c].map((id) => [byUser.get(id)?.state, byUser.get(id)?.waitlistPosition])).toEqual([
      ['registered', null],
      ['registered', null],
      ['waitlisted', 1],
    ]);
    const [added] = await t.db
      .select({ addedBy: eventAttendees.addedBy })
      .from(eventAttendees)
      .innerJoin(users, eq(users.email, demo.lead.email))
      .where(
        and(
          eq(eventAttendees.eventId, event._id),
          eq(eventAttendees.userId, a),
          eq(eventAttendees.addedBy, users.id),
        ),
      );
    expect(added).toBeDefined();
  });

  it('cancels a member: the first waiting gets the seat, and both are mailed', async () => {
    const first = await attendeeOf(a);
    const response = await cancel(first?.attendeeId as string);
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(am.updated);
    expect(await states(event._id)).toMatchObject({ [a]: 'cancelled', [b]: 'registered', [c]: 'registered' });
    const seen = response.body.results as TeamEvent;
    expect(seen.members.map((member) => member.userId).sort()).toEqual([b, c].sort());
    expect(seen).toMatchObject({ seatsLeft: 0, waitingCount: 0 });

    await t.idle();
    const cancelled = (await mailsTo(a)).at(-1);
    expect(cancelled?.subject).toBe(`Cancelled: Team seats ${run}`);
    expect(cancelled?.calendarMethod).toBe('CANCEL');
    expect(cancelled?.calendar).toContain('METHOD:CANCEL');
    const seated = (await mailsTo(c)).filter((mail) => mail.subject === `You have a seat: Team seats ${run}`);
    expect(seated).toHaveLength(1);
    expect(seated[0]?.calendarMethod).toBe('REQUEST');
    expect(seated[0]?.calendar).toContain('METHOD:REQUEST');
  });

  it('refuses a lead of another team, registering, cancelling or marking, and changes nothing', async () => {
    const before = await states(event._id);
    const marksBefore = await t.db.$count(eventAttendance);
    const seatedB = await attendeeOf(b);
    const session = event.sessions[0]?.id as string;
    const other = growth[5] as string;

    // On their own team's path, naming this team's members.
    for (const response of [
      await register(event._id, [other], lead2, team.freedom),
      await cancel(seatedB?.attendeeId as string, lead2, team.freedom),
      await mark(
        { attendeeId: seatedB?.attendeeId, sessionId: session, state: 'attended' },
        lead2,
        team.freedom,
      ),
    ]) {
      expect([response.status, response.body.message]).toEqual([403, am.notMember]);
    }
    // On this team's path: not their team at all.
    for (const response of [
      await register(event._id, [other], lead2),
      await mark({ attendeeId: seatedB?.attendeeId, sessionId: session, state: 'attended' }, lead2),
      await t.call('GET', tp.events(team.growth), { token: lead2 }),
    ]) {
      expect([response.status, response.body.message]).toEqual([403, messages.forbidden]);
    }
    // The lead's own team, with one person of another team among the members: none is added.
    const freedomMember = (await memberIdsOf(t.db, team.freedom))[0] as string;
    const mixed = await register(event._id, [other, freedomMember]);
    expect([mixed.status, mixed.body.message]).toEqual([403, am.notMember]);

    expect(await states(event._id)).toEqual(before);
    expect(await t.db.$count(eventAttendance)).toBe(marksBefore);
  });

  it('marks attendance once the session has started, and a mark sent twice is one mark', async () => {
    const seatedB = await attendeeOf(b);
    const [first, second] = event.sessions;
    const early = await mark({ attendeeId: seatedB?.attendeeId, sessionId: second?.id, state: 'attended' });
    expect(early.status, early.text).toBe(422);
    expect(early.body.message).toBe(am.attendanceTooEarly);

    const body = { attendeeId: seatedB?.attendeeId, sessionId: first?.id, state: 'attended' };
    for (const key of ['mark-1', 'mark-2', 'mark-2']) {
      const response = await mark(body, lead, team.growth, `${run}-${key}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.message).toBe(am.attendanceMarked);
    }
    const rows = await t.db
      .select()
      .from(eventAttendance)
      .where(eq(eventAttendance.attendeeId, seatedB?.attendeeId as string));
    expect(rows.map((row) => [row.sessionId, row.state])).toEqual([[first?.id, 'attended']]);
    expect((await attendeeOf(b))?.attendance).toEqual({ [first?.id as string]: 'attended' });

    // The member card's Attendance lists the event once.
    const report = await t.call('GET', paths.memberAttendance(team.growth, b), { token: lead });
    expect(report.status, report.text).toBe(200);
    expect(
      (report.body.results as AttendanceEntry[]).filter((entry) => entry.eventId === event._id),
    ).toHaveLength(1);
  });

  it('marks only those holding a seat', async () => {
    const [cancelled] = await t.db
      .select({ id: eventAttendees.id })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event._id), eq(eventAttendees.userId, a)));
    const response = await mark({
      attendeeId: cancelled?.id,
      sessionId: event.sessions[0]?.id,
      state: 'absent',
    });
    expect([response.status, response.body.message]).toEqual([422, am.attendanceNotSeated]);
    const elsewhere = await mark({
      attendeeId: (await attendeeOf(c))?.attendeeId,
      sessionId: (await f.create(f.body({ title: `Elsewhere ${run}` }))).sessions[0]?.id,
      state: 'absent',
    });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([422, am.attendanceSessionOther]);
  });

  it('answers the contract messages for bad bodies, and an administrator who manages teams gets in', async () => {
    const empty = await register(event._id, []);
    expect([empty.status, empty.body.errors?.userIds]).toEqual([422, am.peopleRequired]);
    const notCancel = await t.call(
      'PATCH',
      tp.attendee(team.growth, (await attendeeOf(b))?.attendeeId as string),
      {
        token: lead,
        body: { state: 'registered' },
      },
    );
    expect([notCancel.status, notCancel.body.errors?.state]).toEqual([422, am.stateInvalid]);
    const badMark = await mark({
      attendeeId: (await attendeeOf(b))?.attendeeId,
      sessionId: event.sessions[0]?.id,
      state: 'late',
    });
    expect([badMark.status, badMark.body.errors?.state]).toEqual([422, am.attendanceInvalid]);
    const seatedB = await attendeeOf(b);
    const stale = await t.call('PATCH', tp.attendee(team.growth, seatedB?.attendeeId as string), {
      token: lead,
      body: { state: 'cancelled', version: (seatedB?.version as number) + 1 },
    });
    expect(stale.status, stale.text).toBe(409);
    expect((await states(event._id))[b]).toBe('registered');
    const missing = await register('00000000-0000-4000-8000-000000000000', [growth[6] as string]);
    expect([missing.status, missing.body.message]).toEqual([404, am.eventNotFound]);
    expect(await listed(event._id, admin)).toBeDefined();
  });

  it('refuses a full event without a waiting list', async () => {
    const full = await twoSessionEvent('No list', { capacity: 1, waitlist: false });
    expect((await register(full._id, [growth[7] as string])).status).toBe(201);
    const refused = await register(full._id, [growth[8] as string]);
    expect([refused.status, refused.body.message]).toEqual([409, am.eventFull]);
    const rows = await t.db
      .select({ id: eventAttendees.id })
      .from(eventAttendees)
      .where(
        and(eq(eventAttendees.eventId, full._id), inArray(eventAttendees.userId, [growth[8] as string])),
      );
    expect(rows).toEqual([]);
  });
});
