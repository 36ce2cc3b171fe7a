import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { preparedPerDatabase } from '../../server/db/prepared.ts';
import { preparedRows } from '../../server/db/prepared-rows.ts';
import { queryRows } from '../../server/db/rows.ts';
import { users } from '../../server/db/schema/users.ts';
import { lockLearner } from '../../server/modules/learning/completion.ts';
import { openTestDatabase } from './helpers.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const userByEmail = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('test_user_by_email'),
);

describe('statements prepared once', () => {
  it('answers each call with its own values, calls made at once included', async () => {
    const [admin] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@example.com'));
    const emails = ['admin@example.com', 'nobody@example.com', "o'brien@example.com", 'lead@example.com'];
    const answers = await Promise.all(emails.map((email) => userByEmail(database.db).execute({ email })));
    expect(answers[0]).toEqual([{ id: admin?.id, email: 'admin@example.com' }]);
    expect(answers[1]).toEqual([]);
    expect(answers[2]).toEqual([]);
    expect(answers[3]?.map((row) => row.email)).toEqual(['lead@example.com']);
    // Once prepared, the same statement answers again.
    expect(await userByEmail(database.db).execute({ email: 'admin@example.com' })).toHaveLength(1);
  });

  it('prepares a new read once when many first calls come at once', async () => {
    const read = (email: string) =>
      preparedRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from users where email = ${email} and length(${email}) > 3`,
      );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        read(index % 2 === 0 ? 'admin@example.com' : 'none@example.com'),
      ),
    );
    expect(answers.map(([row]) => row?.n)).toEqual([1, 0, 1, 0, 1, 0, 1, 0]);
  });

  it('runs a prepared read in a transaction that rolls back, and again after it', async () => {
    const count = sql`select count(*)::int as n from users where status = ${true}`;
    await expect(
      database.db.transaction(async (tx) => {
        await preparedRows(tx, count);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [row] = await preparedRows<{ n: number }>(database.db, count);
    expect(row?.n).toBeGreaterThan(0);
  });

  it('plans on generic plans from the learner lock or the first prepared read to the end of the transaction, and no further', async () => {
    const mode = async (db: Parameters<typeof queryRows>[0]) =>
      (await queryRows<{ mode: string }>(db, sql`select current_setting('plan_cache_mode') as mode`))[0]
        ?.mode;
    const [admin] = await database.db.select({ id: users.id }).from(users).limit(1);
    const seen = await database.db.transaction(async (tx) => {
      const before = await mode(tx);
      await lockLearner(tx, admin?.id as string);
      return [before, await mode(tx)];
    });
    expect(seen).toEqual(['auto', 'force_generic_plan']);
    const read = await database.db.transaction(async (tx) => {
      await preparedRows(tx, sql`select count(*)::int as n from users where status = ${true}`);
      return mode(tx);
    });
    expect(read).toBe('force_generic_plan');
    expect(await mode(database.db)).toBe('auto');
  });
});
