import { openDatabase } from '../../../server/db/client.ts';
import { readConfig } from '../../../server/env.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { enqueueReminders, sendReminders } from '../../../server/modules/course-assignments/reminders.ts';

/**
 * One reminder sweep in a process of its own, as a server process runs it: DATABASE_URL names the
 * database, NOW the time, BATCH the reminders per transaction. Prints `{ owed, sent }` as JSON.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const quiet = { info: () => undefined, warn: console.warn, error: console.error };
const database = await openDatabase({ databaseUrl: url });
const config = readConfig({ ...process.env, DATABASE_URL: url });
const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
const now = new Date(process.env.NOW ?? Date.now());
const owed = await enqueueReminders(database.db, now);
const sent = await sendReminders(
  { db: database.db, mailer, config },
  { batch: Number(process.env.BATCH ?? 500) },
);
await mailer.close();
await database.close();
console.log(JSON.stringify({ owed, sent }));
