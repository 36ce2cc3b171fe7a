import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_EMAIL_RATE_LIMIT } from '../../contract/constants.ts';
import {
  ASSIGNMENT_MAIL_RATE_LIMIT,
  courseAssignmentPaths as p,
} from '../../contract/course-assignments/resource.ts';
import { messages } from '../../contract/messages.ts';
import { rateLimits } from '../../server/db/schema/auth.ts';
import { courseAssignmentLearners } from '../../server/db/schema/course-assignments.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { users } from '../../server/db/schema/users.ts';
import { sweepReminders } from '../../server/modules/course-assignments/reminders.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { newCourse, TAKEN_AT_LINK } from './learning-fixtures.ts';
import { memberIdsOf, teamIds } from './team-fixtures.ts';

// How often the routes that mail learners may be used (429 with Retry-After per training and
// caller), and the cap that holds whatever is clicked: one mail of each kind per learner, training
// and day, the reminder sweep's included.

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number, from = Date.now()) =>
  new Date(from + offset * DAY_MS).toISOString().slice(0, 10);

let t: TestContext;
let lead: string;
let admin: string;
let teamId: string;
let course: string;
let chosen: string[];
let emails: string[];
beforeAll(async () => {
  t = await createTestContext();
  lead = await t.login(demo.lead.email, demo.lead.password);
  admin = await t.login(demo.admin.email, demo.admin.password);
  teamId = (await teamIds(t.db)).growth;
  // A course of its own: none of the learners has completed it, so every reminder is due.
  course = await newCourse(t, TAKEN_AT_LINK);
  chosen = (await memberIdsOf(t.db, teamId)).slice(0, 3);
  const people = await t.db.select({ email: users.email }).from(users).where(inArray(users.id, chosen));
  emails = people.map((one) => one.email);
});
afterEach(() => t.setNow());
afterAll(() => t.close());

async function training(title: string, more: Record<string, unknown> = {}): Promise<string> {
  const body = { teamId, title, courseIds: [course], assigneeKind: 'users', assigneeIds: chosen, ...more };
  const response = await t.call('POST', p.list, { token: lead, body });
  expect(response.status).toBe(201);
  return response.body.results._id as string;
}

/** Rows in the outbox with this subject, to the three learners. */
const outbox = (subject: string) =>
  t.db.$count(mailOutbox, and(inArray(mailOutbox.to, emails), eq(mailOutbox.subject, subject)));

/** Ends every open window of the limits, as a minute's wait would. */
const waitOutLimits = () => t.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });

function expectTooMany(response: Awaited<ReturnType<TestContext['call']>>, windowMs: number) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ message: messages.tooManyAttempts });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

describe('reassigning', () => {
  it('answers 429 with Retry-After past the limit per training and caller, starting no round; the learners are mailed once', async () => {
    const id = await training('Limit reassign');
    const answers = [];
    for (let call = 0; call < 50; call += 1)
      answers.push(await t.call('POST', p.reassign(id), { token: lead, body: {} }));
    const { max } = ASSIGNMENT_MAIL_RATE_LIMIT;
    expect(answers.slice(0, max).map((one) => one.status)).toEqual(Array(max).fill(200));
    expect(answers.slice(0, max).map((one) => one.body.results.mailed)).toEqual([
      3,
      ...Array(max - 1).fill(0),
    ]);
    for (const refused of answers.slice(max)) expectTooMany(refused, ASSIGNMENT_MAIL_RATE_LIMIT.windowMs);
    expect(await outbox('Training reassigned: Limit reassign')).toBe(3);

    // A refused call starts no round; another caller has a limit of their own.
    const rounds = async () =>
      (
        await t.db
          .select()
          .from(courseAssignmentLearners)
          .where(eq(courseAssignmentLearners.assignmentId, id))
      )
        .map((row) => row.startedAt?.toISOString())
        .sort();
    const before = await rounds();
    expect((await t.call('POST', p.reassign(id), { token: lead, body: {} })).status).toBe(429);
    expect(await rounds()).toEqual(before);
    const byAdmin = await t.call('POST', p.reassign(id), { token: admin, body: {} });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.results).toEqual({ mailed: 0 });
    expect(await rounds()).not.toEqual(before);
    expect(await outbox('Training reassigned: Limit reassign')).toBe(3);
  });

  it('counts bulk reassigns against each training named, with the single ones', async () => {
    const first = await training('Limit bulk one');
    const second = await training('Limit bulk two');
    const answers = [];
    for (let call = 0; call < 20; call += 1)
      answers.push(await t.call('POST', p.bulkReassign, { token: lead, body: { bulkId: [first, second] } }));
    const { max, windowMs } = ASSIGNMENT_MAIL_RATE_LIMIT;
    expect(answers.slice(0, max).map((one) => one.body.results.mailed)).toEqual([
      6,
      ...Array(max - 1).fill(0),
    ]);
    for (const refused of answers.slice(max)) expectTooMany(refused, windowMs);
    expectTooMany(await t.call('POST', p.reassign(first), { token: lead, body: {} }), windowMs);
    expect(await outbox('Training reassigned: Limit bulk one')).toBe(3);
    expect(await outbox('Training reassigned: Limit bulk two')).toBe(3);
  });

  it('mails a learner once a day per training: the next reassign that day starts a round but mails no one', async () => {
    const id = await training('Limit daily');
    const first = await t.call('POST', p.reassign(id), { token: lead, body: { userIds: [chosen[0]] } });
    expect(first.body.results).toEqual({ mailed: 1 });
    await waitOutLimits();
    const again = await t.call('POST', p.reassign(id), { token: lead, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual({ mailed: 2 });
    expect(await outbox('Training reassigned: Limit daily')).toBe(3);

    t.setNow(new Date(Date.now() + DAY_MS));
    await waitOutLimits();
    const tomorrow = await t.call('POST', p.reassign(id), { token: lead, body: {} });
    expect(tomorrow.body.results).toEqual({ mailed: 3 });
    expect(await outbox('Training reassigned: Limit daily')).toBe(6);
  });
});

describe('duplicating and resending', () => {
  it('duplicates past the limit per training and caller with 429 and Retry-After, copying and mailing nothing', async () => {
    const id = await training('Limit copy');
    const answers = [];
    for (let call = 0; call < 10; call += 1)
      answers.push(await t.call('POST', p.duplicate(id), { token: lead }));
    const { max, windowMs } = ASSIGNMENT_MAIL_RATE_LIMIT;
    expect(answers.slice(0, max).map((one) => one.status)).toEqual(Array(max).fill(201));
    for (const refused of answers.slice(max)) expectTooMany(refused, windowMs);
    expect(await outbox('New training assigned: Limit copy (copy)')).toBe(3 * max);
  });

  it('resends once a minute per training and caller; a learner reminded today is not reminded again until tomorrow', async () => {
    const id = await training('Limit resend');
    const first = await t.call('POST', p.resendEmail(id), { token: lead });
    expect(first.body.results).toEqual({ mailed: 3 });
    expectTooMany(await t.call('POST', p.resendEmail(id), { token: lead }), RESEND_EMAIL_RATE_LIMIT.windowMs);
    const byAdmin = await t.call('POST', p.resendEmail(id), { token: admin });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.results).toEqual({ mailed: 0 });
    expect(await outbox('Reminder: Limit resend')).toBe(3);

    t.setNow(new Date(Date.now() + DAY_MS));
    await waitOutLimits();
    expect((await t.call('POST', p.resendEmail(id), { token: lead })).body.results).toEqual({ mailed: 3 });
    expect(await outbox('Reminder: Limit resend')).toBe(6);
  });
});

describe('the reminder sweep under the same cap', () => {
  it('sends a kind once a day per learner and training even when a reassign moves the deadline, and the rest the next day', async () => {
    const now = Date.now();
    const id = await training('Limit sweep', { deadline: day(6, now) });
    const deps = { db: t.db, mailer: t.mailer, config: t.config };
    await sweepReminders(deps, new Date(now));
    expect(await outbox('Due in a week: Limit sweep')).toBe(3);

    const moved = await t.call('POST', p.reassign(id), { token: lead, body: { deadline: day(4, now) } });
    expect(moved.body.results).toEqual({ mailed: 3 });
    await sweepReminders(deps, new Date(now));
    expect(await outbox('Due in a week: Limit sweep')).toBe(3);
    // Nor does a sweep send a click's mail again.
    expect(await outbox('Training reassigned: Limit sweep')).toBe(3);

    await sweepReminders(deps, new Date(now + DAY_MS));
    expect(await outbox('Due in a week: Limit sweep')).toBe(6);
    await sweepReminders(deps, new Date(now + DAY_MS));
    expect(await outbox('Due in a week: Limit sweep')).toBe(6);
  });
});
