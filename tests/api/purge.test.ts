import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/auth/tokens.ts';
import { purgeExpired } from '../../server/db/purge.ts';
import { queryRows } from '../../server/db/rows.ts';
import { sessions } from '../../server/db/schema/auth.ts';
import { createTestContext, openTestDatabase, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('purgeExpired', () => {
  it('keeps logged-out sessions as sign-in history until they expire, then deletes them', async () => {
    const user = await t.createUser({ email: 'history@example.com', password: 'secret1' });
    const session = (createdDaysAgo: number, expiresInDays: number, revoked: boolean) => ({
      userId: user.id,
      tokenHash: hashToken(newToken()),
      createdAt: sql`now() - ${createdDaysAgo} * interval '1 day'`,
      expiresAt: sql`now() + ${expiresInDays} * interval '1 day'`,
      revokedAt: revoked ? sql`now() - ${createdDaysAgo - 1} * interval '1 day'` : null,
    });
    await t.db.insert(sessions).values([
      session(10, 20, true), // logged out 9 days ago: still a sign-in of the last 30 days
      session(31, -1.5, true), // expired more than a day ago
      session(40, -10, false),
      session(2, 28, false),
    ]);
    await purgeExpired(t.db);
    const left = await t.db
      .select({ days: sql<number>`round(extract(epoch from now() - ${sessions.createdAt}) / 86400)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.days).sort((a, b) => a - b)).toEqual([2, 10]);
  });

  it('has the embedded database vacuumed and analyzed, which PGlite never does by itself', async () => {
    const handle = await openTestDatabase();
    try {
      if (handle.driver === 'postgres') {
        // PostgreSQL's own autovacuum does it.
        expect(handle.vacuum).toBeUndefined();
        return;
      }
      await handle.vacuum?.();
      const [row] = await queryRows<{ last_vacuum: Date | null; last_analyze: Date | null }>(
        handle.db,
        sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'team_members'`,
      );
      expect(row?.last_vacuum).not.toBeNull();
      expect(row?.last_analyze).not.toBeNull();
    } finally {
      await handle.close();
    }
  });
});
