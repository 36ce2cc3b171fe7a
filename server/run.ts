import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp } from './app.ts';
import { openBackupChannel } from './backup/channel.ts';
import { reportListening, superviseWorkers } from './cluster.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { refreshCompliance } from './db/compliance.ts';
import { purgeExpired } from './db/purge.ts';
import { seedIfEmpty } from './db/seed.ts';
import { demoAccounts } from './db/seed-data.ts';
import { createContentApp } from './elearning-origin/app.ts';
import type { Config } from './env.ts';
import { exitWhenDone } from './exit.ts';
import { movePicturesIntoStore } from './files/profile-pictures.ts';
import { createFileStore, type FileStore } from './files/store.ts';
import { createBackground } from './http/background.ts';
import { oneLineLogger } from './http/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { sweepReminders } from './modules/course-assignments/reminders.ts';
import { sweepEventReminders } from './modules/events/reminders.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How often the reminder sweep runs. */
const REMINDER_SWEEP_MS = 5 * 60 * 1000;
/** How long an idle kept-alive connection stays open: past the 60 s load balancers commonly keep theirs. */
const KEEP_ALIVE_MS = 65_000;
/** Any constant works; it keeps servers starting at once on one PostgreSQL from migrating together. */
const MIGRATE_LOCK = 7_311_002;

/** The log every part of the server writes to: one line per entry (see oneLineLogger). */
const logger = oneLineLogger(console);

/** The settings the server runs with, as `runServer` was given them. */
let config: Config;

/**
 * Starts the server with valid settings (server/main.ts reads them). One process serves everything,
 * unless WEB_CONCURRENCY asks for several (PostgreSQL only): then this primary migrates, seeds and
 * runs the background work once, and forks the server processes, which share the ports and serve
 * the app and the content origin.
 */
export async function runServer(settings: Config) {
  config = settings;
  if (config.webConcurrency === 1) await runAlone();
  else if (cluster.isPrimary) await runPrimary();
  else await runServerProcess();
}

async function runAlone() {
  const { database, files } = await prepareDatabase();
  const serving = openApp(database, files);
  const stopBackground = await startBackgroundWork(database, serving);
  // `npm run backup` asks this process for a snapshot of the embedded database and the files.
  const backups = await openBackupChannel({ database, config, logger });
  const servers = listen(serving, (port) => {
    printBanner(database, port, 1);
    // After listening, so start-up does not wait for it.
    void vacuum(database);
  });
  stopOnSignal(async () => {
    stopBackground();
    await backups?.close();
    await closeServers(servers);
    await serving.close();
  });
}

async function runPrimary() {
  const { database } = await prepareDatabase();
  // The primary answers no requests; the reminder sweeps need a mailer.
  const working = openMail(database);
  const stopBackground = await startBackgroundWork(database, working);
  console.log(`Purges and reminder sweeps run in process ${process.pid}, the primary.`);
  superviseWorkers({
    processes: config.webConcurrency,
    onListening: (ports) => printBanner(database, ports.port, config.webConcurrency),
    onStopped: async () => {
      stopBackground();
      await working.close();
    },
  });
}

async function runServerProcess() {
  const database = await openDatabase(databaseOptions());
  const serving = openApp(database, createFileStore(config.files));
  const servers = listen(serving, (port) => reportListening({ port, contentPort: config.contentPort }));
  stopOnSignal(async () => {
    await closeServers(servers);
    await serving.close();
  });
}

function databaseOptions() {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
}

/**
 * Opens the database, brings its schema up to date, moves profile pictures an earlier version kept
 * in the data directory into the file store, and seeds the demo data into an empty database.
 */
async function prepareDatabase() {
  const database = await openDatabase(databaseOptions());
  if (config.databaseUrl) await whileLocked(config.databaseUrl, MIGRATE_LOCK, database.migrate);
  else await database.migrate();
  // One store for the seed's demo files and the app that serves them.
  const files = createFileStore(config.files);
  const moved = await movePicturesIntoStore(config.dataDir, files);
  if (moved > 0)
    console.log(`Moved ${moved} profile pictures from ${config.dataDir}/uploads into the file store.`);
  if (await seedIfEmpty(database.db, files)) console.log('Seeded the demo data.');
  return { database, files };
}

/**
 * Runs `work` holding a PostgreSQL advisory lock on a connection of its own, so servers started at
 * once on one database (several machines) take turns; closing the connection releases the lock.
 */
async function whileLocked(databaseUrl: string, lock: number, work: () => Promise<void>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lock]);
    await work();
  } finally {
    await client.end();
  }
}

/** The mailer and the tracked background work of a process, and what closes them with its database. */
function openMail(database: DatabaseHandle) {
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
  });
  // Work answers leave behind (the forgot-password mail) and reminder sweeps; the stop waits for it.
  const background = createBackground(logger);
  return {
    mailer,
    background,
    /** Once nothing answers any more: work left behind may still need the mailer and database. */
    close: async () => {
      await background.idle();
      await mailer.close();
      await database.close();
    },
  };
}

/** The app and the content origin on one database, with the mailer and background work they share. */
function openApp(database: DatabaseHandle, files: FileStore) {
  const { mailer, background, close } = openMail(database);
  const app = createApp({ db: database.db, config, mailer, logger, background, files });
  // The content origin e-learning packages play from (record 028): the same process, another port.
  const contentApp = createContentApp({ db: database.db, config, files, logger, clock: () => new Date() });
  return { app, contentApp, mailer, background, close };
}

// The embedded database has no autovacuum (see DatabaseHandle.vacuum); its upkeep follows the purge.
const vacuum = (database: DatabaseHandle) =>
  database.vacuum?.().catch((error) => logger.error('Vacuuming the database failed:', error));

/**
 * The work no request asks for, run by one process per server: the purge of dead rows and the
 * reminder sweeps. Returns what stops their timers.
 */
async function startBackgroundWork(
  database: DatabaseHandle,
  { mailer, background }: ReturnType<typeof openMail>,
) {
  // Expired sessions, reset links, rate-limit windows and week-old idempotency answers are dead
  // rows; clear them now and hourly.
  const purge = () =>
    purgeExpired(database.db).catch((error) => logger.error('Purging expired rows failed:', error));
  await purge();
  const purgeTimer = setInterval(() => void purge().then(() => vacuum(database)), HOUR_MS);
  purgeTimer.unref();

  // Reminder mails (assigned, due, overdue, expiring, and a session's the day before) owed now:
  // written and sent every few minutes, by whichever server claims them first.
  const sweep = () => {
    background.run('reminders', () => sweepReminders({ db: database.db, mailer, config }, new Date()));
    background.run('event-reminders', () =>
      sweepEventReminders({ db: database.db, mailer, config }, new Date()),
    );
    // The compliance figures' backlog worked out here, so a read seldom has to.
    background.run('compliance', () => refreshCompliance(database.db, new Date()));
  };
  const reminderTimer = setInterval(sweep, REMINDER_SWEEP_MS);
  reminderTimer.unref();
  sweep();
  return () => {
    clearInterval(purgeTimer);
    clearInterval(reminderTimer);
  };
}

/**
 * Serves the app on PORT and the content origin on CONTENT_PORT; `onListening` gets the app's port
 * once both listen.
 */
function listen(
  { app, contentApp, background }: ReturnType<typeof openApp>,
  onListening: (port: number) => void,
) {
  let appPort: number | undefined;
  let waiting = config.contentPort === null ? 1 : 2;
  const listened = () => {
    waiting -= 1;
    if (waiting === 0) onListening(appPort ?? config.port);
  };
  // A request is held until answered, even when its client has gone: the stop closes the database
  // only after (openMail's close), so no request is cut off half-way through its reads and writes.
  const held =
    (fetch: typeof app.fetch): typeof app.fetch =>
    (...args) =>
      background.hold(fetch(...args));
  const server = serve({ fetch: held(app.fetch), port: config.port, hostname: config.host }, (info) => {
    appPort = info.port;
    listened();
  });
  const contentServer =
    config.contentPort === null
      ? undefined
      : serve({ fetch: held(contentApp.fetch), port: config.contentPort, hostname: config.host }, listened);
  const servers = contentServer ? [server, contentServer] : [server];
  // An idle kept-alive connection stays open longer than the clients and proxies in front keep theirs
  // (load balancers commonly 60 s): with Node's 5 s, a client that sends on a connection at the moment
  // the server drops it gets a reset instead of an answer.
  for (const listener of servers)
    if ('keepAliveTimeout' in listener) {
      listener.keepAliveTimeout = KEEP_ALIVE_MS;
      listener.headersTimeout = KEEP_ALIVE_MS + 1000;
    }
  return servers;
}

function printBanner(database: DatabaseHandle, port: number, processes: number) {
  const many = processes > 1 ? ` (${processes} server processes)` : '';
  console.log(`Training Admin is running on http://localhost:${port}${many}`);
  console.log(`Database: ${database.driver === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'}`);
  if (config.contentPort !== null)
    console.log(`E-learning content is served on port ${config.contentPort} as ${config.contentOrigin}`);
  console.log('Demo logins:');
  console.log(`  ${demoAccounts.admin.email} / ${demoAccounts.admin.password} (administrator)`);
  console.log(`  ${demoAccounts.lead.email} / ${demoAccounts.lead.password} (team lead)`);
}

/** Stops taking requests and lets the ones in flight finish. */
function closeServers(servers: ReturnType<typeof listen>) {
  return Promise.all(
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
}

function stopOnSignal(stop: () => Promise<void>) {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A server process stops on its primary's word; only the primary or a lone server says so.
    if (cluster.isPrimary) console.log(`${signal} received, stopping…`);
    await stop();
    exitWhenDone(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
