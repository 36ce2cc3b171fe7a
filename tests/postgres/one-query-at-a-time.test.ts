import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerEventPaths } from '../../contract/events/attendees.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { users } from '../../server/db/schema/users.ts';
import { eventFixtures } from '../api/event-fixtures.ts';
import { createTestContext, demo, type TestContext } from '../api/helpers.ts';

// A transaction is one PostgreSQL connection, which runs one query at a time: a second query sent
// on it before the first has answered makes pg warn (and pg 9 will refuse it). The seed and a
// crowd registering for one event must send none. Run with scripts/with-postgres.sh.

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.message);
let t: TestContext;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('These tests need a PostgreSQL server: run them with scripts/with-postgres.sh');
  process.on('warning', onWarning);
  // Migrates and seeds a database of its own.
  t = await createTestContext();
}, 120_000);

afterAll(async () => {
  process.off('warning', onWarning);
  await t?.close();
});

describe('one query at a time on a connection', () => {
  it('holds for the seed and for fifty people registering for one event at once', async () => {
    const admin = await t.login(demo.admin.email, demo.admin.password);
    const f = await eventFixtures(t, admin);
    const startsAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const event = await f.create(
      f.body({
        title: 'Crowded day',
        capacity: 10,
        status: true,
        sessions: [
          f.session({
            startsAt: startsAt.toISOString(),
            endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000).toISOString(),
          }),
        ],
      }),
    );
    const people = await t.db
      .insert(users)
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          firstName: 'Crowd',
          lastName: `${index}`,
          email: `crowd-${index}@example.com`,
          passwordHash: '!crowd',
        })),
      )
      .returning({ id: users.id });
    const tokens = await Promise.all(people.map((person) => createSession(t.db, person.id)));
    const answers = await Promise.all(
      tokens.map((token) => t.call('POST', learnerEventPaths.register(event._id), { token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual(Array(50).fill(201));
    await t.idle();
    expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
  });
});
