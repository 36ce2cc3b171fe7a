import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttendeeRow, attendeePaths as ap } from '../../contract/events/attendees.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { sweepEventReminders } from '../../server/modules/events/reminders.ts';
import { eventFixtures } from './event-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// The day-before reminder of an event's sessions: one mail per seated attendee and session, however
// many times the sweep runs, and none for those waiting or cancelled.

let t: TestContext;
let admin: string;
let f: Awaited<ReturnType<typeof eventFixtures>>;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  f = await eventFixtures(t, admin);
});
afterAll(() => t.close());

const deps = () => ({ db: t.db, mailer: t.mailer, config: t.config });
const sweep = (now: Date) => sweepEventReminders(deps(), now);

/** The mails to these addresses, in the order recorded. */
const mailsTo = async (emails: string[]) =>
  t.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, emails))
    .orderBy(mailOutbox.createdAt);

const reminders = async (emails: string[]) =>
  (await mailsTo(emails)).filter((mail) => mail.subject.startsWith('Tomorrow: '));

let serial = 0;
async function person() {
  serial += 1;
  const email = `event-reminded-${run}-${serial}@example.com`;
  const user = await t.createUser({ email, password: 'secret12', firstName: `Reminded${serial}` });
  return { id: user.id as string, email };
}

describe('event reminders a day before', () => {
  it('mails each seated attendee once per session, a session two days away only once the clock moves; the waiting get none', async () => {
    const event = await f.create(
      f.body({
        title: `Reminded ${run}`,
        capacity: 2,
        waitlist: true,
        sessions: [
          f.session({ startsAt: '2030-09-10T08:00:00Z', endsAt: '2030-09-10T12:00:00Z' }),
          f.session({
            startsAt: '2030-09-12T13:00:00Z',
            endsAt: '2030-09-12T15:00:00Z',
            timeZone: 'America/New_York',
            locationId: null,
            meetingUrl: 'https://teams.microsoft.com/l/meetup-join/reminded',
          }),
        ],
      }),
    );
    const [a, b, waiting] = [await person(), await person(), await person()];
    const added = await t.call('POST', ap.list, {
      token: admin,
      body: { eventId: event._id, userIds: [a.id, b.id, waiting.id] },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.results).toMatchObject({ registered: 2, waitlisted: 1 });
    const emails = [a, b, waiting].map((one) => one.email);

    // Two days before the first session: nothing yet.
    expect(await sweep(new Date('2030-09-08T07:00:00Z'))).toEqual({ sent: 0 });
    expect(await reminders(emails)).toEqual([]);

    // The day before: a and b hear of the first session, once, however often the sweep runs.
    const dayBefore = new Date('2030-09-09T09:00:00Z');
    expect(await sweep(dayBefore)).toEqual({ sent: 2 });
    expect(await sweep(dayBefore)).toEqual({ sent: 0 });
    expect(await sweep(new Date('2030-09-09T20:00:00Z'))).toEqual({ sent: 0 });
    const first = await reminders(emails);
    expect(first.map((mail) => mail.to).sort()).toEqual([a.email, b.email].sort());
    expect(first[0]?.subject).toBe(`Tomorrow: Reminded ${run}`);
    expect(first[0]?.text).toContain('Tue 10 September 2030, 09:00–13:00 (Europe/London)');
    expect(first[0]?.text).toContain(`Where: ${f.location.title}`);

    // The second session, two days after the first: only once the clock is within a day of it.
    expect(await sweep(new Date('2030-09-11T12:00:00Z'))).toEqual({ sent: 0 });
    expect(await sweep(new Date('2030-09-11T13:30:00Z'))).toEqual({ sent: 2 });
    expect(await sweep(new Date('2030-09-11T14:00:00Z'))).toEqual({ sent: 0 });
    const all = await reminders(emails);
    expect(all).toHaveLength(4);
    const online = all.filter((mail) => mail.text.includes('America/New_York'));
    expect(online.map((mail) => mail.to).sort()).toEqual([a.email, b.email].sort());
    expect(online[0]?.text).toContain('Thu 12 September 2030, 09:00–11:00 (America/New_York)');
    expect(online[0]?.text).toContain('Online: https://teams.microsoft.com/l/meetup-join/reminded');
    // The waiting list hears nothing.
    expect(all.some((mail) => mail.to === waiting.email)).toBe(false);
  });

  it('leaves out someone who cancelled their seat', async () => {
    const event = await f.create(
      f.body({
        title: `Cancelled ${run}`,
        sessions: [f.session({ startsAt: '2030-10-10T08:00:00Z', endsAt: '2030-10-10T12:00:00Z' })],
      }),
    );
    const [kept, gone] = [await person(), await person()];
    await t.call('POST', ap.list, {
      token: admin,
      body: { eventId: event._id, userIds: [kept.id, gone.id] },
    });
    const list = await t.call('GET', `${ap.list}?event=${event._id}`, { token: admin });
    const rows = list.body.results.data as AttendeeRow[];
    const goneRow = rows.find((row) => row.userId === gone.id);
    expect(goneRow).toBeDefined();
    const cancel = await t.call('PATCH', ap.one(goneRow?._id as string), {
      token: admin,
      body: { version: goneRow?.version, state: 'cancelled' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await sweep(new Date('2030-10-09T10:00:00Z'))).toEqual({ sent: 1 });
    expect((await reminders([kept.email, gone.email])).map((mail) => mail.to)).toEqual([kept.email]);
  });

  it('sends each reminder once when sweeps run at the same time', async () => {
    const event = await f.create(
      f.body({
        title: `Racing ${run}`,
        sessions: [f.session({ startsAt: '2030-11-10T08:00:00Z', endsAt: '2030-11-10T12:00:00Z' })],
      }),
    );
    const people = [await person(), await person(), await person()];
    await t.call('POST', ap.list, {
      token: admin,
      body: { eventId: event._id, userIds: people.map((p) => p.id) },
    });
    const now = new Date('2030-11-09T10:00:00Z');
    const results = await Promise.all([sweep(now), sweep(now), sweep(now)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(3);
    expect(await reminders(people.map((one) => one.email))).toHaveLength(3);
  });
});
