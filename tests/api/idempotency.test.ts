import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAssignmentPaths } from '../../contract/course-assignments/resource.ts';
import { memberMessages } from '../../contract/member.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { purgeExpired } from '../../server/db/purge.ts';
import { courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { idempotencyKeys } from '../../server/db/schema/idempotency.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import type { AppEnv } from '../../server/http/app-env.ts';
import { handleError } from '../../server/http/errors.ts';
import { CLAIM_LEASE_MS, idempotency } from '../../server/http/idempotency.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { images, memberIdsOf, teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
let lead2: string;
let leadId: string;
let course: string;
beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  lead = await t.login(demo.lead.email, demo.lead.password);
  lead2 = await t.login(demo.lead2.email, demo.lead2.password);
  leadId = (await userByEmail(demo.lead.email))?.id as string;
  const [row] = await t.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.name, 'Time Management'));
  course = row?.id as string;
});
afterAll(() => t.close());

async function userByEmail(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return user;
}

let keys = 0;
/** A key of its own for each test, as the outbox gives each change one. */
const newKey = () => `change-${++keys}-${crypto.randomUUID()}`;

type Options = Parameters<TestContext['call']>[2] & { key?: string };
const send = (method: string, path: string, { key, ...options }: Options = {}) =>
  t.call(method, path, {
    ...options,
    headers: { ...options.headers, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
  });

/** Sends the same request twice with one key; the second must be the first answer, replayed. */
async function twice(method: string, path: string, options: Options & { key: string }) {
  const first = await send(method, path, options);
  const second = await send(method, path, options);
  expect(first.headers.get('Idempotent-Replayed')).toBeNull();
  expect(second.headers.get('Idempotent-Replayed')).toBe('true');
  expect(second.status).toBe(first.status);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('content-type')).toMatch(/^application\/json/);
  expect(second.headers.get('cache-control')).toBe('no-store');
  return { first, second };
}

const storedKey = async (key: string, userId = leadId) => {
  const [row] = await t.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
};

const mailsTo = (emails: string[]) => t.db.$count(mailOutbox, inArray(mailOutbox.to, emails));

function memberForm(email: string, extra: Record<string, string> = {}): FormData {
  const fields = {
    firstName: 'Replay',
    lastName: 'Once',
    email,
    password: 'secret1',
    confirmPassword: 'secret1',
    teamId: team.growth,
    ...extra,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const trainingBody = (title: string, teamId = team.growth) => ({
  teamId,
  title,
  courseIds: [course],
  assigneeKind: 'teams',
  assigneeIds: [teamId],
});

describe('a write sent twice with one Idempotency-Key', () => {
  it('adds a member once (multipart) and answers the repeat with the first 201', async () => {
    const key = newKey();
    const { first } = await twice('POST', paths.addMember, {
      token: lead,
      key,
      form: memberForm('replayed.add@example.com'),
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(
      `Member '${first.body.results.firstName} ${first.body.results.lastName}' created.`,
    );
    expect(await t.db.$count(users, eq(users.email, 'replayed.add@example.com'))).toBe(1);
    const stored = await storedKey(key);
    expect(stored).toMatchObject({ method: 'POST', path: `/api/v1${paths.addMember}`, statusCode: 201 });
    expect(stored?.response).toEqual(first.body);
  });

  it('edits a member once: the version goes up by one and the repeat is not a stale 409', async () => {
    const created = await send('POST', paths.addMember, {
      token: lead,
      form: memberForm('replayed.edit@example.com'),
    });
    const memberId = created.body.results._id as string;
    const edit = () =>
      memberForm('replayed.edit@example.com', {
        firstName: 'Edited',
        version: String(created.body.results.version),
      });
    const key = newKey();
    const first = await send('PATCH', paths.member(memberId), { token: lead, key, form: edit() });
    const second = await send('PATCH', paths.member(memberId), { token: lead, key, form: edit() });
    expect(first.status).toBe(200);
    expect(first.body.results).toMatchObject({ firstName: 'Edited', version: 2 });
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await userByEmail('replayed.edit@example.com'))?.version).toBe(2);
  });

  it('sets the default team once: the repeat answers from the store, not from the current state', async () => {
    const key = newKey();
    const first = await send('POST', paths.setDefaultTeam, {
      token: lead,
      key,
      body: { defaultTeamId: team.enterprise },
    });
    expect(first.status).toBe(200);
    expect(first.body.results.default).toBe(team.enterprise);
    // Changed since by another write; the repeat must not set Enterprise again.
    await send('POST', paths.setDefaultTeam, { token: lead, body: { defaultTeamId: team.growth } });
    const second = await send('POST', paths.setDefaultTeam, {
      token: lead,
      key,
      body: { defaultTeamId: team.enterprise },
    });
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await userByEmail(demo.lead.email))?.defaultTeamId).toBe(team.growth);
  });

  it('resends the invitation mail once', async () => {
    const [memberId] = await memberIdsOf(t.db, team.enterprise);
    const [member] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, memberId as string));
    const email = member?.email as string;
    await t.db.delete(mailOutbox).where(eq(mailOutbox.to, email));
    const { first } = await twice('POST', paths.memberResendEmail(team.enterprise, memberId as string), {
      token: lead,
      key: newKey(),
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: memberMessages.invitationSent, results: null });
    expect(await mailsTo([email])).toBe(1);
  });

  it('removes members once: the repeat gets the first 200, not a 404 for members no longer there', async () => {
    const [removed] = await memberIdsOf(t.db, team.enterprise);
    const before = (await memberIdsOf(t.db, team.enterprise)).length;
    const { first } = await twice('DELETE', paths.teamMembers(team.enterprise), {
      token: lead,
      key: newKey(),
      body: { bulkId: [removed] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: memberMessages.memberRemoved, results: null });
    expect(await memberIdsOf(t.db, team.enterprise)).toHaveLength(before - 1);
    expect(await t.db.$count(users, eq(users.id, removed as string))).toBe(1);
  });

  it('creates a training once and mails its members once', async () => {
    const growth = await t.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
      .where(eq(teamMembers.teamId, team.growth));
    const emails = growth.map((row) => row.email);
    await t.db.delete(mailOutbox).where(inArray(mailOutbox.to, emails));
    const { first } = await twice('POST', courseAssignmentPaths.list, {
      token: lead,
      key: newKey(),
      body: trainingBody('Replayed create'),
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("Training 'Replayed create' created.");
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Replayed create'))).toBe(1);
    expect(await mailsTo(emails)).toBe(emails.length);
  });

  it('reassigns once: the mails go out once and the version moves once', async () => {
    const created = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      body: trainingBody('Replayed reassign'),
    });
    const trainingId = created.body.results._id as string;
    await t.db.delete(mailOutbox);
    const deadline = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const options = { token: lead, key: newKey(), body: { deadline } };
    const first = await send('POST', courseAssignmentPaths.reassign(trainingId), options);
    expect(first.status).toBe(200);
    const mailed = await t.db.$count(mailOutbox);
    expect(mailed).toBeGreaterThan(0);
    expect(first.body.results).toEqual({ mailed });

    const second = await send('POST', courseAssignmentPaths.reassign(trainingId), options);
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await t.db.$count(mailOutbox)).toBe(mailed);
    const [row] = await t.db.select().from(courseAssignments).where(eq(courseAssignments.id, trainingId));
    expect(row).toMatchObject({ deadline, version: 2 });
  });

  it('imports once: the repeat creates nobody and mails nobody again', async () => {
    const rows = [
      { row: 2, values: { firstName: 'Ivy', lastName: 'Imported', email: 'ivy.replay@example.com' } },
    ];
    await t.db.delete(mailOutbox);
    const { first } = await twice('POST', paths.memberImport(team.growth), {
      token: lead,
      key: newKey(),
      body: { rows },
    });
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([expect.objectContaining({ row: 2, status: 'created' })]);
    expect(await t.db.$count(users, eq(users.email, 'ivy.replay@example.com'))).toBe(1);
    expect(await mailsTo(['ivy.replay@example.com'])).toBe(1);
  });

  it('replays a 422 as 422 with the same body; the key does not carry a fixed body', async () => {
    const key = newKey();
    const { first } = await twice('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody(''),
    });
    expect(first.status).toBe(422);
    expect(first.body.message).toBe(messages.validationFailed);
    const fixed = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody('Fixed title'),
    });
    expect(fixed.status).toBe(422);
    expect(fixed.body).toEqual({ message: messages.idempotencyKeyReused });
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Fixed title'))).toBe(0);
    expect(await storedKey(key)).toMatchObject({ statusCode: 422, response: first.body });
  });
});

describe('the key', () => {
  it('is per user: two users with the same key each get their own answer', async () => {
    const key = newKey();
    const mine = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody('Same key, lead'),
    });
    const theirs = await send('POST', courseAssignmentPaths.list, {
      token: lead2,
      key,
      body: trainingBody('Same key, lead2', team.freedom),
    });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(theirs.body.results.title).toBe('Same key, lead2');
    expect(
      await t.db.$count(
        courseAssignments,
        inArray(courseAssignments.title, ['Same key, lead', 'Same key, lead2']),
      ),
    ).toBe(2);
    expect(await t.db.$count(idempotencyKeys, eq(idempotencyKeys.key, key))).toBe(2);
  });

  it('answers 422 when it comes back with another path, doing nothing', async () => {
    const key = newKey();
    const [memberId] = await memberIdsOf(t.db, team.growth);
    const first = await send('POST', paths.setDefaultTeam, {
      token: lead,
      key,
      body: { defaultTeamId: team.growth },
    });
    expect(first.status).toBe(200);
    await t.db.delete(mailOutbox);
    const other = await send('POST', paths.memberResendEmail(team.growth, memberId as string), {
      token: lead,
      key,
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: messages.idempotencyKeyReused });
    expect(await t.db.$count(mailOutbox)).toBe(0);
    expect((await storedKey(key))?.path).toBe(`/api/v1${paths.setDefaultTeam}`);
  });

  it('lets only one of two requests sent at once with it run', async () => {
    const key = newKey();
    const both = await Promise.all(
      [0, 1].map(() =>
        send('POST', courseAssignmentPaths.list, { token: lead, key, body: trainingBody('At once') }),
      ),
    );
    const statuses = both.map((response) => response.status).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(
      both.filter(
        (response) => response.headers.get('Idempotent-Replayed') === null && response.status === 201,
      ),
    ).toHaveLength(1);
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'At once'))).toBe(1);
  });

  it('answers 422 when it comes back with another body, writing nothing', async () => {
    const key = newKey();
    const first = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody('First body'),
    });
    expect(first.status).toBe(201);
    const before = await t.db.$count(courseAssignments);
    const other = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody('Other body'),
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: messages.idempotencyKeyReused });
    expect(other.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await t.db.$count(courseAssignments)).toBe(before);
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Other body'))).toBe(0);
    expect(await storedKey(key)).toMatchObject({ statusCode: 201, response: first.body });

    // The request it came with still gets its answer.
    const again = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody('First body'),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'First body'))).toBe(1);
  });

  it('answers 422 when it comes back with another query string, doing nothing', async () => {
    const key = newKey();
    const body = trainingBody('Query bound');
    const first = await send('POST', courseAssignmentPaths.list, { token: lead, key, body });
    expect(first.status).toBe(201);
    const other = await send('POST', `${courseAssignmentPaths.list}?team=${team.growth}`, {
      token: lead,
      key,
      body,
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: messages.idempotencyKeyReused });
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Query bound'))).toBe(1);
  });

  it('knows a multipart form sent again with another boundary, and refuses it with a field changed', async () => {
    const picture = { bytes: images.png, name: 'me.png', type: 'image/png' };
    const form = (extra: Record<string, string> = {}, file = picture) => {
      const data = memberForm('replayed.form@example.com', extra);
      data.append('profilePicture', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return data;
    };
    const boundary = (data: FormData) =>
      new Request('http://app.test', { method: 'POST', body: data }).headers.get('content-type');
    expect(boundary(form())).not.toBe(boundary(form()));

    const key = newKey();
    const first = await send('POST', paths.addMember, { token: lead, key, form: form() });
    expect(first.status).toBe(201);
    const second = await send('POST', paths.addMember, { token: lead, key, form: form() });
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);

    const changedField = await send('POST', paths.addMember, {
      token: lead,
      key,
      form: form({ lastName: 'Twice' }),
    });
    const changedPicture = await send('POST', paths.addMember, {
      token: lead,
      key,
      form: form({}, { ...picture, bytes: Buffer.concat([images.png, Buffer.from([0])]) }),
    });
    for (const changed of [changedField, changedPicture]) {
      expect(changed.status).toBe(422);
      expect(changed.body).toEqual({ message: messages.idempotencyKeyReused });
    }
    expect(await t.db.$count(users, eq(users.email, 'replayed.form@example.com'))).toBe(1);
    expect((await userByEmail('replayed.form@example.com'))?.lastName).toBe('Once');
  });

  /** Sends a training create with a key and turns its stored row back into a claim without an answer. */
  async function claimWithLease(title: string, lease: string) {
    const key = newKey();
    const body = trainingBody(title);
    const first = await send('POST', courseAssignmentPaths.list, { token: lead, key, body });
    expect(first.status).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null, leaseEndsAt: sql`now() + ${sql.raw(`interval '${lease}'`)}` })
      .where(and(eq(idempotencyKeys.userId, leadId), eq(idempotencyKeys.key, key)));
    return { key, body };
  }

  it('answers 409 while the first request with it has no answer yet, running nothing', async () => {
    const { key, body } = await claimWithLease('While running', `${CLAIM_LEASE_MS} milliseconds`);
    const response = await send('POST', courseAssignmentPaths.list, { token: lead, key, body });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: messages.idempotencyKeyInProgress });
    const retryAfter = Number(response.headers.get('Retry-After'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(CLAIM_LEASE_MS / 1000);
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'While running'))).toBe(1);
    expect((await storedKey(key))?.statusCode).toBeNull();
  });

  it('says in Retry-After how long the claim has left', async () => {
    const { key, body } = await claimWithLease('Long lease', '2 minutes');
    const response = await send('POST', courseAssignmentPaths.list, { token: lead, key, body });
    expect(response.status).toBe(409);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThanOrEqual(119);
    expect(Number(response.headers.get('Retry-After'))).toBeLessThanOrEqual(120);
  });

  it('matches a row stored before requests were hashed by its method and path', async () => {
    const key = newKey();
    await t.db.insert(idempotencyKeys).values({
      userId: leadId,
      key,
      method: 'POST',
      path: `/api/v1${courseAssignmentPaths.list}`,
      statusCode: 201,
      response: { message: 'stored before', results: null },
    });
    const response = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody('Before hashing'),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(response.body).toEqual({ message: 'stored before', results: null });
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Before hashing'))).toBe(0);
  });

  it('is taken over once the lease of a claim without an answer has ended (its request died)', async () => {
    const { key, body } = await claimWithLease('Taken over', '-1 second');
    const response = await send('POST', courseAssignmentPaths.list, { token: lead, key, body });
    expect(response.status).toBe(201);
    expect(response.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Taken over'))).toBe(2);
    expect(await storedKey(key)).toMatchObject({ statusCode: 201, response: response.body });
    const again = await send('POST', courseAssignmentPaths.list, { token: lead, key, body });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Taken over'))).toBe(2);
  });

  it('is taken over by only one of two requests sent at once after the lease ended', async () => {
    const { key, body } = await claimWithLease('Taken over at once', '-1 second');
    const both = await Promise.all(
      [0, 1].map(() => send('POST', courseAssignmentPaths.list, { token: lead, key, body })),
    );
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(both.map((response) => response.status).sort());
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Taken over at once'))).toBe(2);
  });

  it('is taken over when its claim has no lease (made by a process from before leases)', async () => {
    const key = newKey();
    await t.db.insert(idempotencyKeys).values({
      userId: leadId,
      key,
      method: 'POST',
      path: `/api/v1${courseAssignmentPaths.list}`,
      statusCode: null,
      createdAt: sql`now() - interval '11 minutes'`,
    });
    const response = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key,
      body: trainingBody('Claimed before leases'),
    });
    expect(response.status).toBe(201);
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Claimed before leases'))).toBe(
      1,
    );
    expect(await storedKey(key)).toMatchObject({ statusCode: 201, response: response.body });
  });

  it('answers 400 when it is empty, too long, or not visible ASCII, and writes nothing', async () => {
    for (const key of ['', 'k'.repeat(201), 'two words', 'clé']) {
      const response = await send('POST', courseAssignmentPaths.list, {
        token: lead,
        key,
        body: trainingBody('Bad key'),
      });
      expect(response.status, JSON.stringify(key)).toBe(400);
      expect(response.body).toEqual({ message: messages.idempotencyKeyInvalid });
    }
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'Bad key'))).toBe(0);
    const longest = 'k'.repeat(200);
    const ok = await send('POST', courseAssignmentPaths.list, {
      token: lead,
      key: longest,
      body: trainingBody('Longest key'),
    });
    expect(ok.status).toBe(201);
    expect((await storedKey(longest))?.statusCode).toBe(201);
  });

  it('is not needed: without one a write runs each time and nothing is stored', async () => {
    const before = await t.db.$count(idempotencyKeys);
    for (let i = 0; i < 2; i++) {
      const response = await send('POST', courseAssignmentPaths.list, {
        token: lead,
        body: trainingBody('No key'),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('Idempotent-Replayed')).toBeNull();
    }
    expect(await t.db.$count(courseAssignments, eq(courseAssignments.title, 'No key'))).toBe(2);
    expect(await t.db.$count(idempotencyKeys)).toBe(before);
  });

  it('is not stored for a caller who is not signed in, nor for sign-in and password routes', async () => {
    const key = newKey();
    const anonymous = await send('POST', courseAssignmentPaths.list, {
      key,
      body: trainingBody('Anonymous'),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: messages.unauthenticated });
    const signIn = await send('POST', paths.login, { token: lead, key, body: demo.lead });
    expect(signIn.status).toBe(200);
    expect(await t.db.$count(idempotencyKeys, eq(idempotencyKeys.key, key))).toBe(0);
  });
});

describe('an answer that is not stored', () => {
  let runs = 0;
  let failing = true;
  let flaky: Hono<AppEnv>;
  beforeAll(() => {
    // The middleware as the app mounts it, before a handler that fails until told otherwise.
    flaky = new Hono<AppEnv>()
      .use(idempotency({ db: t.db, logger: console }))
      .post('/flaky', (c) => {
        runs += 1;
        if (failing) throw new Error('The database went away');
        return c.json({ message: 'done', results: { runs } }, 201);
      })
      .post('/unavailable', (c) => {
        runs += 1;
        return c.json({ message: messages.internalServerError }, 503);
      })
      .onError(handleError({ info() {}, warn() {}, error() {} }));
  });
  const call = (path: string, key: string) =>
    flaky.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${lead}`, 'Idempotency-Key': key },
    });

  it('a thrown error releases the key, so the retry runs the handler again', async () => {
    const key = newKey();
    runs = 0;
    failing = true;
    const failed = await call('/flaky', key);
    expect(failed.status).toBe(500);
    expect(await storedKey(key)).toBeUndefined();

    failing = false;
    const retried = await call('/flaky', key);
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ message: 'done', results: { runs: 2 } });
    const replayed = await call('/flaky', key);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replayed.json()).toEqual({ message: 'done', results: { runs: 2 } });
    expect(runs).toBe(2);
  });

  it('a 5xx answer releases the key too', async () => {
    const key = newKey();
    runs = 0;
    expect((await call('/unavailable', key)).status).toBe(503);
    expect((await call('/unavailable', key)).status).toBe(503);
    expect(runs).toBe(2);
    expect(await storedKey(key)).toBeUndefined();
  });
});

describe('the lease of a claim', () => {
  const leaseMs = 1000;
  let runs = 0;
  let finish: () => void = () => {};
  let slow: Hono<AppEnv>;
  beforeAll(() => {
    // A lease far shorter than the handler takes, as a large import outlasts the app's own.
    slow = new Hono<AppEnv>()
      .use(idempotency({ db: t.db, logger: console, leaseMs }))
      .post('/slow', async (c) => {
        runs += 1;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return c.json({ message: 'done', results: { runs } }, 201);
      })
      .onError(handleError({ info() {}, warn() {}, error() {} }));
  });
  const call = (key: string) =>
    slow.request('/slow', {
      method: 'POST',
      headers: { authorization: `Bearer ${lead}`, 'Idempotency-Key': key },
    });

  it('is moved on while the handler runs, so a repeat long after the lease is not run beside it', async () => {
    const key = newKey();
    runs = 0;
    const first = call(key);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2.5 * leaseMs));
      const [row] = await t.db
        .select({ live: sql<boolean>`${idempotencyKeys.leaseEndsAt} > now()` })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, leadId), eq(idempotencyKeys.key, key)));
      expect(row?.live).toBe(true);
      const repeat = await call(key);
      expect(repeat.status).toBe(409);
      expect(repeat.headers.get('Retry-After')).toBe('1');
      expect(runs).toBe(1);
    } finally {
      finish();
    }
    const answered = await first;
    expect(answered.status).toBe(201);
    expect(await answered.json()).toEqual({ message: 'done', results: { runs: 1 } });
    const replayed = await call(key);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(runs).toBe(1);
  });
});

describe('purgeExpired', () => {
  it('deletes keys older than 7 days and keeps newer ones', async () => {
    const row = (key: string, days: number) => ({
      userId: leadId,
      key,
      method: 'POST',
      path: `/api/v1${courseAssignmentPaths.list}`,
      statusCode: 201,
      response: { message: 'kept' },
      createdAt: sql`now() - ${days} * interval '1 day'`,
    });
    await t.db
      .insert(idempotencyKeys)
      .values([row('purge-8-days', 8), row('purge-6-days', 6.9), row('purge-new', 0)]);
    await purgeExpired(t.db);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, ['purge-8-days', 'purge-6-days', 'purge-new']));
    expect(left.map((r) => r.key).sort()).toEqual(['purge-6-days', 'purge-new']);
  });
});
