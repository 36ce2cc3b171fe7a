import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { purgeExpired } from './db/purge.ts';
import { seedIfEmpty } from './db/seed.ts';
import { demoAccounts } from './db/seed-data.ts';
import { createContentApp } from './elearning-origin/app.ts';
import { readConfig } from './env.ts';
import { createFileStore } from './files/store.ts';
import { createBackground } from './http/background.ts';
import { oneLineLogger } from './http/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { sweepReminders } from './modules/course-assignments/reminders.ts';
import { sweepEventReminders } from './modules/events/reminders.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How long an idle kept-alive connection stays open: past the 60 s load balancers commonly keep theirs. */
const KEEP_ALIVE_MS = 65_000;

/** The log every part of the server writes to: one line per entry (see oneLineLogger). */
const logger = oneLineLogger(console);

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    // A configuration mistake is the operator's to fix; the message says what, a stack would not help.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
await database.migrate();
// One store for the seed's demo files and the app that serves them.
const files = createFileStore(config.files);
if (await seedIfEmpty(database.db, files)) console.log('Seeded the demo data.');

/** How often the reminder sweep runs. */
const REMINDER_SWEEP_MS = 5 * 60 * 1000;

const mailer = createMailer({
  db: database.db,
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  logger,
});
// Work answers leave behind (the forgot-password mail); the stop below waits for it.
const background = createBackground(logger);
const app = createApp({ db: database.db, config, mailer, logger, background, files });
// The content origin e-learning packages play from (record 028): the same process, another port.
const contentApp = createContentApp({ db: database.db, config, files, logger, clock: () => new Date() });

// Expired sessions, reset links, rate-limit windows and week-old idempotency answers are dead
// rows; clear them now and hourly.
const purge = () =>
  purgeExpired(database.db).catch((error) => logger.error('Purging expired rows failed:', error));
// The embedded database has no autovacuum (see DatabaseHandle.vacuum); its upkeep follows the purge.
const vacuum = () =>
  database.vacuum?.().catch((error) => logger.error('Vacuuming the database failed:', error));
await purge();
const purgeTimer = setInterval(() => void purge().then(vacuum), HOUR_MS);
purgeTimer.unref();

// Reminder mails (assigned, due, overdue, expiring, and a session's the day before) owed now:
// written and sent every few minutes, by whichever server process claims them first.
const sweep = () => {
  background.run('reminders', () => sweepReminders({ db: database.db, mailer, config }, new Date()));
  background.run('event-reminders', () =>
    sweepEventReminders({ db: database.db, mailer, config }, new Date()),
  );
};
const reminderTimer = setInterval(sweep, REMINDER_SWEEP_MS);
reminderTimer.unref();
sweep();

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Training Admin is running on http://localhost:${info.port}`);
  console.log(`Database: ${database.driver === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'}`);
  console.log('Demo logins:');
  console.log(`  ${demoAccounts.admin.email} / ${demoAccounts.admin.password} (administrator)`);
  console.log(`  ${demoAccounts.lead.email} / ${demoAccounts.lead.password} (team lead)`);
  // After listening, so start-up does not wait for it.
  void vacuum();
});

const contentServer =
  config.contentPort === null
    ? undefined
    : serve({ fetch: contentApp.fetch, port: config.contentPort, hostname: config.host }, (info) => {
        console.log(`E-learning content is served on port ${info.port} as ${config.contentOrigin}`);
      });
const servers = contentServer ? [server, contentServer] : [server];

// An idle kept-alive connection stays open longer than the clients and proxies in front keep theirs
// (load balancers commonly 60 s): with Node's 5 s, a client that sends on a connection at the moment
// the server drops it gets a reset instead of an answer.
for (const listener of servers)
  if ('keepAliveTimeout' in listener) {
    listener.keepAliveTimeout = KEEP_ALIVE_MS;
    listener.headersTimeout = KEEP_ALIVE_MS + 1000;
  }

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, stopping…`);
  clearInterval(purgeTimer);
  clearInterval(reminderTimer);
  // Stop taking requests, let the ones in flight finish, then close what they were using.
  await Promise.all(
    servers.map(
      (listener) =>
        new Promise<void>((resolve) => {
          listener.close(() => resolve());
          // A client holding a request open must not keep the process alive for ever.
          setTimeout(() => {
            if ('closeAllConnections' in listener) listener.closeAllConnections();
          }, 5000).unref();
        }),
    ),
  );
  // Requests that got their answer may have left work that still needs the mailer and database.
  await background.idle();
  await mailer.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
