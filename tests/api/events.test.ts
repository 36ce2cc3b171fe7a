import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import type { AttendeeState } from '../../contract/events/model.ts';
import {
  type EventDetail,
  eventInstructorOptionsPath,
  eventMessages as m,
  eventPaths as p,
} from '../../contract/events/resource.ts';
import { messages } from '../../contract/messages.ts';
import type { RoleModule } from '../../contract/roles.ts';
import type { PermissionAction } from '../../contract/session.ts';
import { eventAttendance, eventAttendees, eventSessions, events } from '../../server/db/schema/events.ts';
import { users } from '../../server/db/schema/users.ts';
import { eventFixtures } from './event-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

// What is special to events: sessions in their zones, seat counts, replacing sessions by id and
// the calendar sequence. The shared list, toggle, bulk, 404, 409 and 422 behaviour runs over them
// in conformance.test.ts; each field's refusals are in events-validation.test.ts.

let t: TestContext;
let admin: string;
let f: Awaited<ReturnType<typeof eventFixtures>>;
let people: { id: string; name: string }[];
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  f = await eventFixtures(t, admin);
  people = (
    await t.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .orderBy(asc(users.id))
      .limit(8)
  ).map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}` }));
});
afterAll(() => t.close());

const run = `ev${Date.now().toString(36)}`;

describe('POST and GET /event', () => {
  it('creates an event with two sessions in different zones and reads it back in order', async () => {
    const [first, second] = people as [(typeof people)[0], (typeof people)[0]];
    const response = await t.call('POST', p.list, {
      token: admin,
      body: f.body({
        title: `  Two-day workshop ${run} `,
        timeZone: 'Europe/Berlin',
        registrationOpensAt: '2030-03-01T09:00:00+01:00',
        registrationClosesAt: '2030-03-20T17:00:00Z',
        instructorIds: [second.id, first.id, first.id],
        sessions: [
          f.session({
            startsAt: '2030-03-30T09:00:00+02:00',
            endsAt: '2030-03-30T17:00:00+02:00',
            timeZone: 'Europe/Berlin',
            locationId: f.location.id,
          }),
          f.session({
            startsAt: '2030-03-31T09:00:00-04:00',
            endsAt: '2030-03-31T12:30:00-04:00',
            timeZone: 'America/New_York',
            locationId: null,
            address: '1 Main Street, Springfield',
            meetingUrl: 'https://teams.microsoft.com/l/meetup-join/abc',
          }),
        ],
      }),
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.message).toBe(`Event 'Two-day workshop ${run}' created.`);
    const created = response.body.results as EventDetail;
    expect(created).toMatchObject({
      title: `Two-day workshop ${run}`,
      categoryId: f.category.id,
      categoryTitle: f.category.title,
      description: 'Half a day on the yard.',
      timeZone: 'Europe/Berlin',
      capacity: 12,
      waitlist: true,
      registrationOpensAt: '2030-03-01T08:00:00.000Z',
      registrationClosesAt: '2030-03-20T17:00:00.000Z',
      status: true,
      version: 1,
      sequence: 0,
      sessionCount: 2,
      firstSessionStartsAt: '2030-03-30T07:00:00.000Z',
      seatsTaken: 0,
      waitingCount: 0,
    });
    expect(created.sessions).toEqual([
      {
        id: expect.any(String),
        startsAt: '2030-03-30T07:00:00.000Z',
        endsAt: '2030-03-30T15:00:00.000Z',
        timeZone: 'Europe/Berlin',
        locationId: f.location.id,
        locationTitle: f.location.title,
        address: null,
        meetingUrl: null,
        meetingProvider: null,
      },
      {
        id: expect.any(String),
        startsAt: '2030-03-31T13:00:00.000Z',
        endsAt: '2030-03-31T16:30:00.000Z',
        timeZone: 'America/New_York',
        locationId: null,
        locationTitle: null,
        address: '1 Main Street, Springfield',
        meetingUrl: 'https://teams.microsoft.com/l/meetup-join/abc',
        meetingProvider: 'teams',
      },
    ]);
    expect(created.instructors.map((person) => person._id).sort()).toEqual([first.id, second.id].sort());
    expect(created.instructors.map((person) => person.name).sort()).toEqual([first.name, second.name].sort());
    const read = await t.call('GET', p.one(created._id), { token: admin });
    expect(read.body).toEqual({ message: adminMessages.fetched, results: created });
  });
});

describe('GET /event', () => {
  it('searches titles, filters by status and category, pages, and counts seats and the waiting list', async () => {
    const first = await f.create(f.body({ title: `Rigging ${run} A`, capacity: null }));
    const second = await f.create(
      f.body({
        title: `Rigging ${run} B`,
        categoryId: f.otherCategory.id,
        status: false,
        // The earlier session is listed second: the row shows the earliest start.
        sessions: [
          f.session({ startsAt: '2030-06-02T08:00:00Z', endsAt: '2030-06-02T10:00:00Z' }),
          f.session({ startsAt: '2030-06-01T08:00:00Z', endsAt: '2030-06-01T10:00:00Z' }),
        ],
      }),
    );
    const third = await f.create(f.body({ title: `Rigging ${run} C` }));
    const states: AttendeeState[] = [
      'registered',
      'attended',
      'absent',
      'waitlisted',
      'waitlisted',
      'cancelled',
      'invited',
    ];
    await t.db.insert(eventAttendees).values(
      states.map((state, index) => ({
        eventId: second._id,
        userId: (people[index] as { id: string }).id,
        state,
        waitlistedAt: state === 'waitlisted' ? new Date(Date.UTC(2030, 0, index + 1)) : null,
      })),
    );

    const all = await f.list({ search: `rigging ${run}` });
    expect(all).toMatchObject({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(all.data.map((row) => row._id)).toEqual([third._id, second._id, first._id]);
    expect(all.data[1]).toEqual({
      _id: second._id,
      title: `Rigging ${run} B`,
      categoryId: f.otherCategory.id,
      categoryTitle: f.otherCategory.title,
      timeZone: 'Europe/London',
      firstSessionStartsAt: '2030-06-01T08:00:00.000Z',
      sessionCount: 2,
      capacity: 12,
      seatsTaken: 3,
      waitingCount: 2,
      status: false,
      version: 1,
      createdAt: second.createdAt,
    });
    expect(all.data[2]).toMatchObject({ capacity: null, seatsTaken: 0, waitingCount: 0, sessionCount: 1 });
    expect(await f.read(second._id)).toMatchObject({ seatsTaken: 3, waitingCount: 2 });

    const paged = await f.list({ search: `Rigging ${run}`, page: 2, limit: 2 });
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(paged.data.map((row) => row._id)).toEqual([first._id]);
    expect((await f.list({ search: `Rigging ${run}`, status: 'false' })).data.map((row) => row._id)).toEqual([
      second._id,
    ]);
    const byCategory = await f.list({ search: `Rigging ${run}`, category: f.category.id });
    expect(byCategory.data.map((row) => row._id)).toEqual([third._id, first._id]);
    expect((await f.list({ search: `Rigging ${run}`, category: f.otherCategory.id })).total).toBe(1);
    // A category that is not an id is no filter.
    expect((await f.list({ search: `Rigging ${run}`, category: 'nope' })).total).toBe(3);
    expect((await f.list({ search: `${run} D` })).total).toBe(0);
  });
});

describe('PATCH /event/{id}', () => {
  it('keeps a session sent with its id and its attendance, replaces the others, and raises the sequence', async () => {
    const created = await f.create(
      f.body({
        title: `Replace ${run}`,
        sessions: [
          f.session({ startsAt: '2030-04-01T08:00:00Z', endsAt: '2030-04-01T10:00:00Z' }),
          f.session({ startsAt: '2030-04-02T08:00:00Z', endsAt: '2030-04-02T10:00:00Z' }),
        ],
      }),
    );
    const [kept, dropped] = created.sessions as [EventDetail['sessions'][0], EventDetail['sessions'][0]];
    const [attendee] = await t.db
      .insert(eventAttendees)
      .values({ eventId: created._id, userId: (people[0] as { id: string }).id, state: 'registered' })
      .returning({ id: eventAttendees.id });
    const attendeeId = (attendee as { id: string }).id;
    await t.db.insert(eventAttendance).values([
      { attendeeId, sessionId: kept.id, state: 'attended', markedAt: new Date() },
      { attendeeId, sessionId: dropped.id, state: 'absent', markedAt: new Date() },
    ]);

    const sessions = [
      f.session({
        startsAt: '2030-04-03T13:00:00Z',
        endsAt: '2030-04-03T15:00:00Z',
        meetingUrl: 'https://meet.google.com/abc-defg-hij',
        locationId: null,
      }),
      f.session({ id: kept.id, startsAt: '2030-04-01T09:00:00Z', endsAt: '2030-04-01T11:00:00Z' }),
    ];
    const updated = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: f.body({ title: `Replaced ${run}`, capacity: 20, sessions, version: 1 }),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.message).toBe(`Event 'Replaced ${run}' updated.`);
    const results = updated.body.results as EventDetail;
    expect(results).toMatchObject({
      title: `Replaced ${run}`,
      capacity: 20,
      version: 2,
      sequence: 1,
      sessionCount: 2,
    });
    expect(results.sessions.map((session) => session.id)).not.toContain(dropped.id);
    expect(results.sessions[1]).toMatchObject({ id: kept.id, startsAt: '2030-04-01T09:00:00.000Z' });
    expect(results.sessions[0]).toMatchObject({ meetingProvider: 'meet', locationId: null });
    const marks = await t.db
      .select({ sessionId: eventAttendance.sessionId, state: eventAttendance.state })
      .from(eventAttendance)
      .where(eq(eventAttendance.attendeeId, attendeeId));
    expect(marks).toEqual([{ sessionId: kept.id, state: 'attended' }]);
    const positions = await t.db
      .select({ id: eventSessions.id, position: eventSessions.position })
      .from(eventSessions)
      .where(eq(eventSessions.eventId, created._id))
      .orderBy(asc(eventSessions.position));
    expect(positions.map((row) => [row.id, row.position])).toEqual([
      [results.sessions[0]?.id, 1],
      [kept.id, 2],
    ]);

    // The same list sent again still raises the sequence: every update is one a calendar sees.
    const again = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: f.body({ title: `Replaced ${run}`, capacity: 20, sessions: results.sessions, version: 2 }),
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.results).toMatchObject({ version: 3, sequence: 2, sessions: results.sessions });
  });

  it('answers a stale version 409 with the current event and changes nothing', async () => {
    const created = await f.create(f.body({ title: `Stale ${run}` }));
    const fresh = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: f.body({ title: `Fresh ${run}`, sessions: created.sessions, version: 1 }),
    });
    expect(fresh.status, fresh.text).toBe(200);
    const before = await f.counts();
    const stale = await t.call('PATCH', p.one(created._id), {
      token: admin,
      body: f.body({ title: `Lost ${run}`, sessions: [f.session()], version: 1 }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: adminMessages.staleVersion, results: fresh.body.results });
    expect(await f.read(created._id)).toEqual(fresh.body.results);
    expect(await f.counts()).toEqual(before);
  });

  it("refuses a session id that is not the event's, or one sent twice, changing nothing", async () => {
    const mine = await f.create(f.body({ title: `Mine ${run}` }));
    const theirs = await f.create(f.body({ title: `Theirs ${run}` }));
    const [own] = mine.sessions as [EventDetail['sessions'][0]];
    const [foreign] = theirs.sessions as [EventDetail['sessions'][0]];
    const before = await f.counts();
    for (const [sessions, errors] of [
      [[f.session({ id: foreign.id })], { 'sessions.0.id': m.sessionIdInvalid }],
      [[f.session({ id: own.id }), f.session({ id: own.id })], { 'sessions.1.id': m.sessionIdRepeated }],
    ] as const) {
      const refused = await t.call('PATCH', p.one(mine._id), {
        token: admin,
        body: f.body({ sessions, version: 1 }),
      });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body).toEqual({ message: messages.validationFailed, errors });
    }
    expect(await f.read(mine._id)).toEqual(mine);
    expect(await f.read(theirs._id)).toEqual(theirs);
    expect(await f.counts()).toEqual(before);
  });
});

describe('who may see and change events', () => {
  const none = { view: false, add: false, edit: false, delete: false, publish: false };
  async function roleUser(grants: Partial<Record<PermissionAction, boolean>>) {
    const modules = (await t.call('GET', '/administrator-role/module-submodule', { token: admin })).body
      .results as RoleModule[];
    const submodule = modules
      .find((module) => module.slug === 'event-management')
      ?.submodules.find((entry) => entry.slug === 'event');
    if (!submodule) throw new Error('No submodule event');
    const role = await t.call('POST', '/administrator-role', {
      token: admin,
      body: {
        name: `Event role ${uniqueEmail()}`,
        status: true,
        permissions: [{ submoduleId: submodule._id, ...none, ...grants }],
      },
    });
    expect(role.status, role.text).toBe(201);
    const email = uniqueEmail();
    await t.createUser({ email, password: 'event-pass-1', administrativeRoleId: role.body.results._id });
    return t.login(email, 'event-pass-1');
  }

  it('refuses writes to a viewer and a learner, and publishing from the form to an editor without the right', async () => {
    const event = await f.create(f.body({ title: `Guarded ${run}` }));
    const viewer = await roleUser({ view: true });
    const learner = await t.login(demo.lead.email, demo.lead.password);
    expect((await f.list({ search: `Guarded ${run}` }, viewer)).total).toBe(1);
    expect((await t.call('GET', p.one(event._id), { token: learner })).status).toBe(403);
    const calls: [string, string, unknown][] = [
      ['POST', p.list, f.body({ title: `Nope ${run}` })],
      ['PATCH', p.one(event._id), f.body({ title: 'Nope', version: 1 })],
      ['POST', p.one(event._id), undefined],
      ['POST', p.bulkOff, { bulkId: [event._id] }],
      ['DELETE', p.bulkDelete, { bulkId: [event._id] }],
    ];
    for (const token of [viewer, learner]) {
      for (const [method, path, body] of calls) {
        const response = await t.call(method, path, { token, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ message: messages.forbidden });
      }
    }
    const editor = await roleUser({ view: true, edit: true });
    const unpublish = await t.call('PATCH', p.one(event._id), {
      token: editor,
      body: f.body({ title: `Guarded ${run}`, status: false, sessions: event.sessions, version: 1 }),
    });
    expect(unpublish.status).toBe(403);
    expect(await f.read(event._id)).toEqual(event);
    const edited = await t.call('PATCH', p.one(event._id), {
      token: editor,
      body: f.body({ title: `Guarded edited ${run}`, sessions: event.sessions, version: 1 }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.results).toMatchObject({ status: true, version: 2, sequence: 1 });
    expect(await t.db.$count(events, eq(events.title, `Nope ${run}`))).toBe(0);
  });

  it('offers users as instructors to those who may see events, and to no one else', async () => {
    const viewer = await roleUser({ view: true });
    const learner = await t.login(demo.lead.email, demo.lead.password);
    const found = await t.call(
      'GET',
      `${eventInstructorOptionsPath}?search=${encodeURIComponent('Taylor Morgan')}`,
      {
        token: viewer,
      },
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.results.data).toEqual([{ _id: expect.any(String), name: 'Taylor Morgan' }]);
    // Users only, whatever `kind` says.
    const teams = await t.call('GET', `${eventInstructorOptionsPath}?kind=teams&search=Taylor`, {
      token: viewer,
    });
    expect(teams.body.results.data.map((row: { name: string }) => row.name)).toContain('Taylor Morgan');
    expect((await t.call('GET', eventInstructorOptionsPath, { token: learner })).status).toBe(403);
  });
});
