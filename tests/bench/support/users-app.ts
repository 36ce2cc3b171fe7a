import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { API_BASE, paths } from '../../../contract/paths.ts';
import { createApp } from '../../../server/app.ts';
import { readConfig } from '../../../server/env.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { openTestDatabase } from '../../api/helpers.ts';
import { seedManyUsers } from './many-users.ts';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * The demo seed plus `count` users (tests/bench/support/many-users.ts), vacuumed as the server does
 * after start-up, and the app on it in-process with the demo administrator signed in. On the
 * embedded database, or on PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
export async function openUsersBench(count: number) {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-users-'));
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  const seedStart = performance.now();
  await seedManyUsers(database.db, count);
  const seedMs = performance.now() - seedStart;
  if (database.vacuum) await database.vacuum();
  else await database.db.execute(sql`vacuum analyze`);
  const config = readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist' });
  const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
  const app = createApp({ db: database.db, config, mailer, logger: quiet });
  const login = await app.request(`${API_BASE}${paths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  const token = ((await login.json()) as { results: { token: string } }).results.token;
  return {
    db: database.db,
    driver: database.driver,
    app,
    seedMs,
    get: (path: string) =>
      app.request(`${API_BASE}${path}`, { headers: { authorization: `Bearer ${token}` } }),
    close: async () => {
      await mailer.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
