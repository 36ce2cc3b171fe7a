import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CalendarFeedAnswer,
  learnerEventPaths as lp,
  type MyEvent,
  type MyRegistration,
  attendeeMessages as m,
  type OpenEvent,
} from '../../contract/events/attendees.ts';
import type { EventDetail } from '../../contract/events/resource.ts';
import { eventPaths } from '../../contract/events/resource.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { eventAttendance, eventAttendees, events } from '../../server/db/schema/events.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { users } from '../../server/db/schema/users.ts';
import { eventFixtures } from './event-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { validateIcs } from './ics-validator.ts';

// The learner's events: registering (300 at once for 100 seats), cancelling and the waiting list
// served in order, the registration window, the Join link, the event's .ics and the private feed,
// and the mails with their calendars.

let t: TestContext;
let admin: string;
let f: Awaited<ReturnType<typeof eventFixtures>>;
const run = `le${Date.now().toString(36)}`;
let passwordHash: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  f = await eventFixtures(t, admin);
  passwordHash = await hashPassword('learner-pass-1');
});
afterAll(() => t.close());

/** People made directly in the database, each with a live session: no sign-in per person. */
async function newPeople(count: number, label: string) {
  const made = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        firstName: `${label}${index}`,
        lastName: run,
        email: `${label}-${index}-${run}@example.com`,
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return Promise.all(made.map(async (user) => ({ ...user, token: await createSession(t.db, user.id) })));
}

async function newPerson(label: string) {
  const [person] = await newPeople(1, label);
  if (!person) throw new Error('No person made');
  return person;
}

async function newEvent(overrides: Record<string, unknown> = {}) {
  return f.create(f.body({ title: `Event ${run} ${Math.random().toString(36).slice(2, 8)}`, ...overrides }));
}

async function register(eventId: string, token: string, status = 201) {
  const response = await t.call('POST', lp.register(eventId), { token });
  expect(response.status, response.text).toBe(status);
  return response.body as { message: string; results: MyRegistration };
}

async function cancel(eventId: string, token: string, status = 200) {
  const response = await t.call('POST', lp.cancel(eventId), { token });
  expect(response.status, response.text).toBe(status);
  return response.body as { message: string; results: MyRegistration };
}

const stateOf = async (eventId: string, userId: string) => {
  const [row] = await t.db
    .select({ state: eventAttendees.state })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  return row?.state;
};

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));

describe('registering', () => {
  it('seats exactly 100 of 300 registering at once and puts 200 on the waiting list', async () => {
    const event = await newEvent({ capacity: 100, waitlist: true });
    const people = await newPeople(300, 'crowd');
    const answers = await Promise.all(
      people.map((person) => t.call('POST', lp.register(event._id), { token: person.token })),
    );
    expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.text)).toEqual([]);
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const results = answers.map((answer) => answer.body.results as MyRegistration);
    expect(results.filter((result) => result.state === 'registered')).toHaveLength(100);
    const waiting = results.filter((result) => result.state === 'waitlisted');
    expect(waiting).toHaveLength(200);
    // Every place in line is given once, 1 to 200.
    expect(waiting.map((result) => result.waitlistPosition).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
    expect(answers.find((answer) => answer.body.results.state === 'waitlisted')?.body.message).toBe(
      m.waitlisted,
    );

    const rows = await t.db
      .select({ state: eventAttendees.state })
      .from(eventAttendees)
      .where(eq(eventAttendees.eventId, event._id));
    expect(rows.filter((row) => row.state === 'registered')).toHaveLength(100);
    expect(rows.filter((row) => row.state === 'waitlisted')).toHaveLength(200);
  }, 120_000);

  it('answers a second registration with the place they have, unchanged', async () => {
    const event = await newEvent({ capacity: 1 });
    const [first, second] = await newPeople(2, 'twice');
    if (!first || !second) throw new Error('No people');
    expect((await register(event._id, first.token)).results.state).toBe('registered');
    const again = await register(event._id, first.token, 200);
    expect(again.results).toEqual({ eventId: event._id, state: 'registered', waitlistPosition: null });
    expect(again.message).toBe(m.registered);
    expect((await register(event._id, second.token)).results.waitlistPosition).toBe(1);
    expect((await register(event._id, second.token, 200)).results).toMatchObject({
      state: 'waitlisted',
      waitlistPosition: 1,
    });
  });

  it('promotes the waiting list in order as seats are given up', async () => {
    const event = await newEvent({ capacity: 2 });
    const [a, b, c, d] = await newPeople(4, 'line');
    if (!a || !b || !c || !d) throw new Error('No people');
    for (const person of [a, b, c, d]) await register(event._id, person.token);
    expect((await register(event._id, d.token, 200)).results.waitlistPosition).toBe(2);

    const cancelled = await cancel(event._id, a.token);
    expect(cancelled.message).toBe(m.cancelled);
    expect(cancelled.results.state).toBe('cancelled');
    expect(await stateOf(event._id, c.id)).toBe('registered');
    expect(await stateOf(event._id, d.id)).toBe('waitlisted');
    expect((await register(event._id, d.token, 200)).results.waitlistPosition).toBe(1);

    await cancel(event._id, b.token);
    expect(await stateOf(event._id, d.id)).toBe('registered');
    // Cancelling twice answers the same.
    expect((await cancel(event._id, b.token)).results.state).toBe('cancelled');
  });

  it('refuses a full event with no waiting list, and an event not open for registration', async () => {
    const full = await newEvent({ capacity: 1, waitlist: false });
    const [a, b, c] = await newPeople(3, 'closed');
    if (!a || !b || !c) throw new Error('No people');
    await register(full._id, a.token);
    expect((await register(full._id, b.token, 409)).message).toBe(m.eventFull);

    const closed = await newEvent();
    await t.db
      .update(events)
      .set({ registrationClosesAt: new Date(Date.now() - 60_000) })
      .where(eq(events.id, closed._id));
    expect((await register(closed._id, c.token, 409)).message).toBe(m.eventNotOpen);

    const notYet = await newEvent();
    await t.db
      .update(events)
      .set({ registrationOpensAt: new Date(Date.now() + 86_400_000) })
      .where(eq(events.id, notYet._id));
    expect((await register(notYet._id, c.token, 409)).message).toBe(m.eventNotOpen);

    const unpublished = await newEvent();
    await t.db.update(events).set({ status: false }).where(eq(events.id, unpublished._id));
    expect((await register(unpublished._id, c.token, 409)).message).toBe(m.eventNotOpen);

    const started = await newEvent();
    t.setNow(new Date('2030-03-30T08:30:00Z'));
    try {
      expect((await register(started._id, c.token, 409)).message).toBe(m.eventNotOpen);
    } finally {
      t.setNow();
    }
    expect(await stateOf(closed._id, c.id)).toBeUndefined();
    expect((await t.call('POST', lp.register(crypto.randomUUID()), { token: c.token })).status).toBe(404);
  });

  it('lists the open events with seats left and my place, and my own upcoming events', async () => {
    const event = await newEvent({ capacity: 2, title: `Listed ${run}` });
    const [a, b, c] = await newPeople(3, 'lister');
    if (!a || !b || !c) throw new Error('No people');
    await register(event._id, a.token);
    await register(event._id, b.token);
    await register(event._id, c.token);
    const open = await t.call('GET', `${lp.open}?search=${encodeURIComponent(`Listed ${run}`)}`, {
      token: c.token,
    });
    expect(open.status, open.text).toBe(200);
    const row = (open.body.results.data as OpenEvent[])[0];
    expect(row).toMatchObject({ _id: event._id, seatsLeft: 0, waitlist: true, myState: 'waitlisted' });
    expect(row?.waitlistPosition).toBe(1);
    expect(row?.sessions[0]?.joinOpensAt).toBe('2030-03-30T07:45:00.000Z');

    const mine = await t.call('GET', lp.mine, { token: c.token });
    expect(mine.status).toBe(200);
    expect(mine.body.results as MyEvent[]).toEqual([
      expect.objectContaining({ _id: event._id, state: 'waitlisted', waitlistPosition: 1 }),
    ]);
    expect((mine.body.results as MyEvent[])[0]?.sessions[0]?.place).toBe(f.location.title);
  });
});

describe('joining', () => {
  it('opens the Join link from 15 minutes before the start to the end, and records the first join once', async () => {
    const event = await newEvent({
      sessions: [f.session({ meetingUrl: 'https://us02web.zoom.us/j/123456789' })],
    });
    const session = event.sessions[0];
    if (!session) throw new Error('No session');
    const [seated, waiting] = await newPeople(2, 'joiner');
    if (!seated || !waiting) throw new Error('No people');
    await register(event._id, seated.token);
    try {
      t.setNow(new Date('2030-03-30T07:44:00Z'));
      const early = await t.call('POST', lp.join(session.id), { token: seated.token });
      expect(early.status, early.text).toBe(409);
      expect(early.body.message).toBe(m.joinClosed);

      t.setNow(new Date('2030-03-30T07:50:00Z'));
      const first = await t.call('POST', lp.join(session.id), { token: seated.token });
      expect(first.status, first.text).toBe(200);
      expect(first.body.results).toEqual({ url: 'https://us02web.zoom.us/j/123456789' });
      t.setNow(new Date('2030-03-30T09:00:00Z'));
      expect((await t.call('POST', lp.join(session.id), { token: seated.token })).status).toBe(200);
      const marks = await t.db
        .select({ joinedAt: eventAttendance.joinedAt })
        .from(eventAttendance)
        .where(eq(eventAttendance.sessionId, session.id));
      expect(marks).toEqual([{ joinedAt: new Date('2030-03-30T07:50:00Z') }]);

      t.setNow(new Date('2030-03-30T11:00:00Z'));
      expect((await t.call('POST', lp.join(session.id), { token: seated.token })).status).toBe(409);
      // Someone without a seat has no Join link.
      t.setNow(new Date('2030-03-30T08:00:00Z'));
      const outsider = await t.call('POST', lp.join(session.id), { token: waiting.token });
      expect(outsider.status).toBe(404);
      expect(outsider.body.message).toBe(m.notOnEvent);
    } finally {
      t.setNow();
    }
  });
});

describe('calendars', () => {
  it('answers the event .ics and the feed, valid, with the same UIDs and a higher SEQUENCE after an update', async () => {
    const event = await newEvent({ title: `Calendar ${run}` });
    const person = await newPerson('calendar');
    const stranger = await newPerson('stranger');
    await register(event._id, person.token);

    const file = await t.call('GET', lp.calendar(event._id), { token: person.token });
    expect(file.status, file.text).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.ics"$/);
    const before = await validateIcs(file.text);
    expect(before.stderr).toBe('');
    expect(before.parsed?.events).toHaveLength(1);
    expect((await t.call('GET', lp.calendar(event._id), { token: stranger.token })).status).toBe(404);

    const made = await t.call('POST', lp.feed, { token: person.token });
    expect(made.status, made.text).toBe(201);
    const answer = made.body.results as CalendarFeedAnswer;
    expect(made.body.message).toBe(m.feedCreated);
    expect(answer.url).toMatch(/^http:\/\/app\.test\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const shown = await t.call('GET', lp.feed, { token: person.token });
    expect(shown.body.results).toMatchObject({ url: null, active: true });

    const feedPath = new URL(answer.url as string).pathname;
    const feed = await t.call('GET', feedPath);
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('private, max-age=300');
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const feedBefore = await validateIcs(feed.text);
    expect(feedBefore.stderr).toBe('');
    const uid = before.parsed?.events[0]?.uid;
    expect(feedBefore.parsed?.events.map((entry) => entry.uid)).toContain(uid);

    // The admin moves the session: same UID, a higher SEQUENCE, in the file and in the feed.
    const detail = await f.read(event._id);
    const updated = await t.call('PATCH', eventPaths.one(event._id), {
      token: admin,
      body: {
        ...f.body({ title: `Calendar ${run}` }),
        sessions: [
          {
            ...f.session({ startsAt: '2030-03-30T09:00:00Z', endsAt: '2030-03-30T12:00:00Z' }),
            id: detail.sessions[0]?.id,
          },
        ],
        version: detail.version,
      },
    });
    expect(updated.status, updated.text).toBe(200);
    expect((updated.body.results as EventDetail).sequence).toBeGreaterThan(detail.sequence);
    const after = await validateIcs(
      (await t.call('GET', lp.calendar(event._id), { token: person.token })).text,
    );
    expect(after.parsed?.events[0]?.uid).toBe(uid);
    expect(after.parsed?.events[0]?.sequence).toBeGreaterThan(before.parsed?.events[0]?.sequence ?? 0);
    expect(after.parsed?.events[0]?.start.utc).toBe('2030-03-30T09:00:00Z');
    const feedAfter = await validateIcs((await t.call('GET', feedPath)).text);
    expect(feedAfter.stderr).toBe('');
    const entry = feedAfter.parsed?.events.find((one) => one.uid === uid);
    expect(entry?.sequence).toBe(after.parsed?.events[0]?.sequence);

    // A new address stops the old one; revoking stops the new one.
    const again = await t.call('POST', lp.feed, { token: person.token });
    const newPath = new URL(again.body.results.url as string).pathname;
    expect(newPath).not.toBe(feedPath);
    expect((await t.call('GET', feedPath)).status).toBe(404);
    expect((await t.call('GET', newPath)).status).toBe(200);
    const revoked = await t.call('DELETE', lp.feed, { token: person.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(m.feedRevoked);
    expect((await t.call('GET', newPath)).status).toBe(404);
    expect((await t.call('GET', lp.feed, { token: person.token })).body.results).toEqual({
      url: null,
      active: false,
      createdAt: null,
    });
    const fresh = await t.call('POST', lp.feed, { token: person.token });
    expect((await t.call('GET', new URL(fresh.body.results.url as string).pathname)).status).toBe(200);
    // A write that takes no input refuses one.
    expect((await t.call('POST', lp.feed, { token: person.token, body: {} })).status).toBe(422);
  });

  it('records an invitation (METHOD:REQUEST) on registering and a cancellation (METHOD:CANCEL) on cancelling', async () => {
    const event = await newEvent({ title: `Mailed ${run}` });
    const person = await newPerson('mailed');
    await register(event._id, person.token);
    await cancel(event._id, person.token);
    const mails = await mailsTo(person.email);
    expect(mails.map((mail) => mail.calendarMethod)).toEqual(['REQUEST', 'CANCEL']);
    for (const mail of mails) {
      const checked = await validateIcs(mail.calendar as string);
      expect(checked.stderr).toBe('');
      expect(checked.parsed?.method).toBe(mail.calendarMethod);
    }
    const cancelled = await validateIcs(mails[1]?.calendar as string);
    expect(cancelled.parsed?.events[0]?.status).toBe('CANCELLED');
  });

  it('asks for a session on every learner route', async () => {
    const eventId = crypto.randomUUID();
    const calls: [string, string][] = [
      ['GET', lp.mine],
      ['GET', lp.open],
      ['POST', lp.register(eventId)],
      ['POST', lp.cancel(eventId)],
      ['GET', lp.calendar(eventId)],
      ['POST', lp.join(eventId)],
      ['GET', lp.feed],
      ['POST', lp.feed],
      ['DELETE', lp.feed],
    ];
    for (const [method, path] of calls) expect((await t.call(method, path)).status, path).toBe(401);
    const rows = await t.db
      .select({ id: eventAttendees.id })
      .from(eventAttendees)
      .where(inArray(eventAttendees.eventId, [eventId]));
    expect(rows).toEqual([]);
  });
});
