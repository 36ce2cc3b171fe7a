import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddAttendeesResult,
  type AttendeeDetail,
  type AttendeeRow,
  attendeeMessages as am,
  attendeePaths as ap,
  type VirtualMeetingRow,
} from '../../contract/events/attendees.ts';
import type { EventDetail } from '../../contract/events/resource.ts';
import { eventPaths } from '../../contract/events/resource.ts';
import { messages } from '../../contract/messages.ts';
import { eventAttendance, eventAttendees } from '../../server/db/schema/events.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { teamMembers, teams } from '../../server/db/schema/teams.ts';
import { userGroupMembers, userGroups } from '../../server/db/schema/user-groups.ts';
import { eventFixtures } from './event-fixtures.ts';
import { createTestContext, createUser, demo, type TestContext } from './helpers.ts';
import { validateIcs } from './ics-validator.ts';
import { uniqueEmail } from './route-samples.ts';

// The Attendees API: seats under the event's lock, the waiting list and its order, people added
// from groups and teams, attendance per session, the mails with their .ics, the Virtual Meetings
// list, and who may do it. The 300-at-once registration is in learner-events.test.ts.

let t: TestContext;
let admin: string;
let learner: string;
let f: Awaited<ReturnType<typeof eventFixtures>>;
const run = `at${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  const plain = await createUser(t.db, { email: uniqueEmail(), password: 'learner-pass-1' });
  learner = await t.login(plain.email, 'learner-pass-1');
  f = await eventFixtures(t, admin);
});
afterAll(() => t.close());

async function newPeople(count: number, label: string) {
  const made = [];
  for (let index = 0; index < count; index += 1)
    made.push(
      await createUser(t.db, {
        email: uniqueEmail(),
        password: 'person-pass-1',
        firstName: `${label}${index}`,
        lastName: run,
      }),
    );
  return made;
}

async function add(body: Record<string, unknown>, status = 201) {
  const response = await t.call('POST', ap.list, { token: admin, body });
  expect(response.status, response.text).toBe(status);
  return response.body;
}

async function list(query: Record<string, string>) {
  const response = await t.call('GET', `${ap.list}?${new URLSearchParams(query)}`, { token: admin });
  expect(response.status, response.text).toBe(200);
  return response.body.results.data as AttendeeRow[];
}

async function detail(id: string) {
  const response = await t.call('GET', ap.one(id), { token: admin });
  expect(response.status, response.text).toBe(200);
  return response.body.results as AttendeeDetail;
}

async function patch(id: string, body: Record<string, unknown>, status = 200) {
  const response = await t.call('PATCH', ap.one(id), { token: admin, body });
  expect(response.status, response.text).toBe(status);
  return response.body;
}

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));

const stateOf = async (eventId: string) =>
  Object.fromEntries(
    (
      await t.db
        .select({ userId: eventAttendees.userId, state: eventAttendees.state })
        .from(eventAttendees)
        .where(eq(eventAttendees.eventId, eventId))
    ).map((row) => [row.userId, row.state]),
  );

describe('adding people', () => {
  it('seats two of three on a two-seat event and puts the third on the waiting list, each mailed', async () => {
    const event = await f.create(f.body({ title: `Two seats ${run}`, capacity: 2 }));
    const [a, b, c] = await newPeople(3, 'seat');
    const body = await add({ eventId: event._id, userIds: [a?.id, b?.id, c?.id] });
    expect(body.message).toBe(am.added);
    expect(body.results).toEqual({
      registered: 2,
      waitlisted: 1,
      invited: 0,
      alreadyOn: 0,
      full: 0,
    } satisfies AddAttendeesResult);

    const rows = await list({ event: event._id, limit: '50' });
    expect(rows.map((row) => [row.email, row.state, row.waitlistPosition]).sort()).toEqual(
      [
        [a?.email, 'registered', null],
        [b?.email, 'registered', null],
        [c?.email, 'waitlisted', 1],
      ].sort(),
    );

    await t.idle();
    const [seatMail] = await mailsTo(a?.email as string);
    expect(seatMail?.subject).toBe(`Registered: Two seats ${run}`);
    expect(seatMail?.calendarMethod).toBe('REQUEST');
    const ics = await validateIcs(seatMail?.calendar as string);
    expect(ics.code, ics.stderr).toBe(0);
    expect(ics.parsed?.method).toBe('REQUEST');
    expect(ics.parsed?.events[0]?.uid).toBe(`${event.sessions[0]?.id}@app.test`);
    expect(ics.parsed?.events[0]?.attendees[0]?.address.toLowerCase()).toBe(`mailto:${a?.email}`);

    const [waitMail] = await mailsTo(c?.email as string);
    expect(waitMail?.subject).toBe(`On the waiting list: Two seats ${run}`);
    expect(waitMail?.text).toContain('number 1 on its waiting list');
    expect(waitMail?.calendar).toBeNull();

    // The same people again are on already; nothing changes.
    const again = await add({ eventId: event._id, userIds: [a?.id, c?.id] });
    expect(again.results).toMatchObject({ registered: 0, waitlisted: 0, alreadyOn: 2 });
  });

  it('adds the members of a user group and of a team, each once, and refuses a full event without a waiting list', async () => {
    const event = await f.create(f.body({ title: `Groups ${run}`, capacity: 3, waitlist: false }));
    const people = await newPeople(4, 'grp');
    const [group] = await t.db
      .insert(userGroups)
      .values({ name: `Group ${run}` })
      .returning({ id: userGroups.id });
    const [team] = await t.db
      .insert(teams)
      .values({ title: `Team ${run}`, teamName: `team-${run}` })
      .returning({ id: teams.id });
    await t.db
      .insert(userGroupMembers)
      .values(people.slice(0, 2).map((person) => ({ groupId: group?.id as string, userId: person.id })));
    await t.db
      .insert(teamMembers)
      .values(people.slice(1).map((person) => ({ teamId: team?.id as string, userId: person.id })));
    const body = await add({ eventId: event._id, groupIds: [group?.id], teamIds: [team?.id] });
    expect(body.results).toEqual({ registered: 3, waitlisted: 0, invited: 0, alreadyOn: 0, full: 1 });
    const states = await stateOf(event._id);
    expect(Object.keys(states)).toHaveLength(3);
    expect(Object.values(states)).toEqual(['registered', 'registered', 'registered']);
  });

  it('invites without taking a seat', async () => {
    const event = await f.create(f.body({ title: `Invite ${run}`, capacity: 1 }));
    const [a, b] = await newPeople(2, 'inv');
    const body = await add({ eventId: event._id, userIds: [a?.id, b?.id], state: 'invited' });
    expect(body.results).toMatchObject({ invited: 2, registered: 0 });
    await t.idle();
    const [mail] = await mailsTo(a?.email as string);
    expect(mail?.subject).toBe(`Invitation: Invite ${run}`);
    const ics = await validateIcs(mail?.calendar as string);
    expect(ics.parsed?.events[0]?.attendees[0]?.partstat).toBe('NEEDS-ACTION');
  });

  it("refuses bad input with the contract's messages and changes nothing", async () => {
    const event = await f.create(f.body({ title: `Refusals ${run}` }));
    const before = await t.db.$count(eventAttendees);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ eventId: event._id }, { userIds: am.peopleRequired }],
      [{ eventId: event._id, userIds: ['nope'] }, { 'userIds.0': am.peopleInvalid }],
      [{ eventId: event._id, userIds: [crypto.randomUUID()] }, { userIds: am.peopleNotFound }],
      [{ eventId: event._id, teamIds: [crypto.randomUUID()] }, { teamIds: am.peopleNotFound }],
      [{ eventId: crypto.randomUUID(), userIds: [f.location.id] }, { eventId: am.eventNotFound }],
      [{ eventId: event._id, userIds: [], state: 'attended' }, { state: am.addStateInvalid }],
    ];
    for (const [body, errors] of cases) {
      const response = await t.call('POST', ap.list, { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors).toMatchObject(errors);
    }
    expect(await t.db.$count(eventAttendees)).toBe(before);
  });
});

describe('cancelling and the waiting list', () => {
  it('gives a seat given up to the first waiting, then the next, in the order they came', async () => {
    const event = await f.create(f.body({ title: `One seat ${run}`, capacity: 1 }));
    const [a, b, c] = await newPeople(3, 'line');
    for (const person of [a, b, c]) await add({ eventId: event._id, userIds: [person?.id] });
    const byUser = async () =>
      new Map((await list({ event: event._id, limit: '50' })).map((row) => [row.userId, row]));
    let rows = await byUser();
    expect(rows.get(c?.id as string)?.waitlistPosition).toBe(2);

    const first = rows.get(a?.id as string) as AttendeeRow;
    const cancelled = await patch(first._id, { version: first.version, state: 'cancelled' });
    expect(cancelled.message).toBe(am.updated);
    rows = await byUser();
    expect(rows.get(a?.id as string)?.state).toBe('cancelled');
    expect(rows.get(b?.id as string)?.state).toBe('registered');
    expect(rows.get(c?.id as string)).toMatchObject({ state: 'waitlisted', waitlistPosition: 1 });

    const second = rows.get(b?.id as string) as AttendeeRow;
    await patch(second._id, { version: second.version, state: 'cancelled' });
    rows = await byUser();
    expect(rows.get(c?.id as string)?.state).toBe('registered');

    await t.idle();
    const cancelMail = (await mailsTo(a?.email as string)).at(-1);
    expect(cancelMail?.subject).toBe(`Cancelled: One seat ${run}`);
    const cancel = await validateIcs(cancelMail?.calendar as string);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.parsed?.method).toBe('CANCEL');
    expect(cancel.parsed?.events[0]?.status).toBe('CANCELLED');
    const seatMail = (await mailsTo(b?.email as string)).find((mail) =>
      mail.subject.startsWith('You have a seat'),
    );
    expect(seatMail?.subject).toBe(`You have a seat: One seat ${run}`);
    expect(seatMail?.calendarMethod).toBe('REQUEST');

    // Registering again when full joins the end of the line; a stale version is 409 with the record.
    const back = (await byUser()).get(a?.id as string) as AttendeeRow;
    const rejoined = await patch(back._id, { version: back.version, state: 'registered' });
    expect(rejoined.results).toMatchObject({ state: 'waitlisted', waitlistPosition: 1 });
    const stale = await patch(back._id, { version: back.version, state: 'cancelled' }, 409);
    expect(stale.results.state).toBe('waitlisted');
  });

  it('answers 409 when registering on a full event without a waiting list', async () => {
    const event = await f.create(f.body({ title: `No line ${run}`, capacity: 1, waitlist: false }));
    const [a, b] = await newPeople(2, 'noline');
    await add({ eventId: event._id, userIds: [a?.id] });
    await add({ eventId: event._id, userIds: [b?.id], state: 'invited' });
    const invited = (await list({ event: event._id, state: 'invited' }))[0] as AttendeeRow;
    const body = await patch(invited._id, { version: invited.version, state: 'registered' }, 409);
    expect(body.message).toBe(am.eventFull);
    expect((await stateOf(event._id))[b?.id as string]).toBe('invited');
  });

  it('seats those waiting when the capacity rises, and mails the others the updated entries', async () => {
    const event = await f.create(
      f.body({
        title: `Grows ${run}`,
        capacity: 1,
        sessions: [
          f.session(),
          f.session({ startsAt: '2030-03-31T08:00:00Z', endsAt: '2030-03-31T10:00:00Z' }),
        ],
      }),
    );
    const [a, b] = await newPeople(2, 'grow');
    await add({ eventId: event._id, userIds: [a?.id, b?.id] });
    const [kept] = event.sessions;
    const response = await t.call('PATCH', eventPaths.one(event._id), {
      token: admin,
      body: {
        ...f.body({ title: `Grows ${run}`, capacity: 2 }),
        sessions: [
          {
            ...f.session({ startsAt: '2030-03-30T09:00:00Z', endsAt: '2030-03-30T12:00:00Z' }),
            id: kept?.id,
          },
        ],
        version: event.version,
      },
    });
    expect(response.status, response.text).toBe(200);
    const updated = response.body.results as EventDetail;
    expect(updated.sequence).toBe(event.sequence + 1);
    expect(await stateOf(event._id)).toEqual({
      [a?.id as string]: 'registered',
      [b?.id as string]: 'registered',
    });

    await t.idle();
    const mails = await mailsTo(a?.email as string);
    const update = mails.find((mail) => mail.subject === `Updated: Grows ${run}`);
    const parsed = await validateIcs(update?.calendar as string);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.parsed?.events.map((entry) => [entry.uid, entry.sequence, entry.start.utc])).toEqual([
      [`${kept?.id}@app.test`, event.sequence + 1, '2030-03-30T09:00:00Z'],
    ]);
    const removed = mails.find((mail) => mail.subject === `Session cancelled: Grows ${run}`);
    const cancel = await validateIcs(removed?.calendar as string);
    expect(cancel.parsed?.method).toBe('CANCEL');
    expect(cancel.parsed?.events.map((entry) => entry.uid)).toEqual([`${event.sessions[1]?.id}@app.test`]);
    expect((await mailsTo(b?.email as string)).at(-1)?.subject).toBe(`You have a seat: Grows ${run}`);
  });
});

describe('deleting an event', () => {
  it('tells everyone on it and cancels the entries of those with a seat or an invitation', async () => {
    const event = await f.create(f.body({ title: `Called off ${run}`, capacity: 1 }));
    const [a, b, c] = await newPeople(3, 'off');
    await add({ eventId: event._id, userIds: [a?.id, b?.id] });
    await add({ eventId: event._id, userIds: [c?.id], state: 'invited' });
    const response = await t.call('DELETE', eventPaths.bulkDelete, {
      token: admin,
      body: { bulkId: [event._id] },
    });
    expect(response.status, response.text).toBe(200);
    await t.idle();
    const last = async (email: string) => (await mailsTo(email)).at(-1);
    const seat = await last(a?.email as string);
    expect(seat?.subject).toBe(`Event cancelled: Called off ${run}`);
    const parsed = await validateIcs(seat?.calendar as string);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.parsed?.method).toBe('CANCEL');
    expect(parsed.parsed?.events[0]).toMatchObject({
      uid: `${event.sessions[0]?.id}@app.test`,
      sequence: event.sequence + 1,
    });
    expect((await last(b?.email as string))?.calendar).toBeNull();
    expect((await last(c?.email as string))?.calendarMethod).toBe('CANCEL');
    expect(await t.db.$count(eventAttendees, eq(eventAttendees.eventId, event._id))).toBe(0);
  });
});

describe('attendance', () => {
  it('marks a session for everyone seated in one step and settles attended or absent once every session is marked', async () => {
    const event = await f.create(
      f.body({
        title: `Two days ${run}`,
        capacity: 2,
        sessions: [
          f.session({ startsAt: '2030-05-01T08:00:00Z', endsAt: '2030-05-01T16:00:00Z' }),
          f.session({ startsAt: '2030-05-02T08:00:00Z', endsAt: '2030-05-02T16:00:00Z' }),
        ],
      }),
    );
    const [a, b, c] = await newPeople(3, 'mark');
    await add({ eventId: event._id, userIds: [a?.id, b?.id, c?.id] });
    const [day1, day2] = event.sessions;

    const early = await t.call('PUT', ap.attendance, {
      token: admin,
      body: { sessionId: day1?.id, state: 'attended' },
    });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ state: am.attendanceTooEarly });

    t.setNow(new Date('2030-05-02T17:00:00Z'));
    try {
      const first = await t.call('PUT', ap.attendance, {
        token: admin,
        body: { sessionId: day1?.id, state: 'attended' },
      });
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({ message: am.attendanceMarked, results: { marked: 2 } });
      // Replayed: still one mark per person and session.
      await t.call('PUT', ap.attendance, { token: admin, body: { sessionId: day1?.id, state: 'attended' } });
      expect(await t.db.$count(eventAttendance, eq(eventAttendance.sessionId, day1?.id as string))).toBe(2);
      expect(Object.values(await stateOf(event._id)).sort()).toEqual([
        'registered',
        'registered',
        'waitlisted',
      ]);

      const rows = await list({ event: event._id, state: 'registered' });
      const [one, two] = rows as [AttendeeRow, AttendeeRow];
      await t.call('PUT', ap.attendance, {
        token: admin,
        body: { sessionId: day2?.id, state: 'attended', attendeeIds: [one._id] },
      });
      await t.call('PUT', ap.attendance, {
        token: admin,
        body: { sessionId: day2?.id, state: 'absent', attendeeIds: [two._id] },
      });
      expect((await detail(one._id)).state).toBe('attended');
      const absent = await detail(two._id);
      expect(absent.state).toBe('absent');
      expect(absent.attendedSessions).toBe(1);
      expect(absent.sessions.map((session) => session.attendance)).toEqual(['attended', 'absent']);

      // Clearing a mark in the edit screen brings the state back to registered; the waiting have no attendance.
      await patch(two._id, { version: absent.version, attendance: [{ sessionId: day2?.id, state: null }] });
      expect((await detail(two._id)).state).toBe('registered');
      const waiting = (await list({ event: event._id, state: 'waitlisted' }))[0] as AttendeeRow;
      const refused = await patch(
        waiting._id,
        { version: waiting.version, attendance: [{ sessionId: day1?.id, state: 'attended' }] },
        422,
      );
      expect(refused.message).toBe(am.attendanceNotSeated);
      const other = await patch(
        one._id,
        {
          version: (await detail(one._id)).version,
          attendance: [{ sessionId: crypto.randomUUID(), state: 'absent' }],
        },
        422,
      );
      expect(other.errors).toEqual({ 'attendance.0.sessionId': am.attendanceSessionOther });
    } finally {
      t.setNow();
    }
  });
});

describe('the lists', () => {
  it('filters by state and searches by name or email', async () => {
    const event = await f.create(f.body({ title: `Search ${run}`, capacity: 5 }));
    const [a] = await newPeople(1, 'findme');
    await add({ eventId: event._id, userIds: [a?.id] });
    const found = await list({ search: `findme0 ${run}` });
    expect(found.map((row) => row.userId)).toEqual([a?.id]);
    expect(found[0]).toMatchObject({ eventTitle: `Search ${run}`, sessionCount: 1, attendedSessions: 0 });
    expect(await list({ search: a?.email as string, state: 'waitlisted' })).toEqual([]);
  });

  it('lists sessions with a meeting link, upcoming soonest first, past latest first', async () => {
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    const iso = (date: Date) => date.toISOString();
    const hour = 60 * 60 * 1000;
    const event = await f.create(
      f.body({
        title: `Webinar ${run}`,
        sessions: [
          f.session({
            startsAt: iso(new Date(soon.getTime() + 48 * hour)),
            endsAt: iso(new Date(soon.getTime() + 49 * hour)),
            locationId: null,
            meetingUrl: 'https://example.zoom.us/j/123',
          }),
          f.session({
            startsAt: iso(soon),
            endsAt: iso(new Date(soon.getTime() + hour)),
            locationId: null,
            meetingUrl: 'https://teams.microsoft.com/l/meetup-join/x',
          }),
          f.session({
            startsAt: iso(new Date(soon.getTime() + 24 * hour)),
            endsAt: iso(new Date(soon.getTime() + 25 * hour)),
          }),
        ],
      }),
    );
    const response = await t.call(
      'GET',
      `${ap.virtualMeetings}?search=${encodeURIComponent(`Webinar ${run}`)}`,
      {
        token: admin,
      },
    );
    expect(response.status, response.text).toBe(200);
    const rows = response.body.results.data as VirtualMeetingRow[];
    expect(rows.map((row) => row.meetingProvider)).toEqual(['teams', 'zoom']);
    expect(rows[0]).toMatchObject({ eventId: event._id, seated: 0, joined: 0 });

    t.setNow(new Date(soon.getTime() + 72 * hour));
    try {
      const past = await t.call(
        'GET',
        `${ap.virtualMeetings}?when=past&search=${encodeURIComponent(`Webinar ${run}`)}`,
        {
          token: admin,
        },
      );
      expect((past.body.results.data as VirtualMeetingRow[]).map((row) => row.meetingProvider)).toEqual([
        'zoom',
        'teams',
      ]);
    } finally {
      t.setNow();
    }
  });

  it('offers people, user groups and teams to add to anyone with the Attendees add right', async () => {
    const [a] = await newPeople(1, 'pickme');
    const response = await t.call(
      'GET',
      `${ap.peopleOptions}?kind=users&search=${encodeURIComponent(`pickme0 ${run}`)}`,
      {
        token: admin,
      },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.results.data).toEqual([{ _id: a?.id, name: `pickme0 ${run}` }]);
    const teamsPage = await t.call('GET', `${ap.peopleOptions}?kind=teams`, { token: admin });
    expect(teamsPage.body.results.total).toBeGreaterThan(0);
    expect((await t.call('GET', `${ap.peopleOptions}?kind=users`, { token: learner })).status).toBe(403);
  });

  it('needs the Attendees permission', async () => {
    const event = await f.create(f.body({ title: `Gate ${run}` }));
    const [a] = await newPeople(1, 'gate');
    for (const [method, path, body] of [
      ['GET', ap.list, undefined],
      ['POST', ap.list, { eventId: event._id, userIds: [a?.id] }],
      ['GET', ap.virtualMeetings, undefined],
      ['PUT', ap.attendance, { sessionId: event.sessions[0]?.id, state: 'attended' }],
    ] as const) {
      const response = await t.call(method, path, { token: learner, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.message).toBe(messages.forbidden);
    }
    expect(
      await t.db.$count(
        eventAttendees,
        and(eq(eventAttendees.eventId, event._id), inArray(eventAttendees.userId, [a?.id as string])),
      ),
    ).toBe(0);
  });
});
