import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { asc, eq, sql } from 'drizzle-orm';
import { learnerEventPaths, type MyRegistration } from '../../contract/events/attendees.ts';
import { eventPaths } from '../../contract/events/resource.ts';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { eventCategories } from '../../server/db/schema/event-categories.ts';
import { eventAttendees } from '../../server/db/schema/events.ts';
import { users } from '../../server/db/schema/users.ts';
import { readConfig } from '../../server/env.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { openTestDatabase } from '../api/helpers.ts';
import { ADMIN, apiClient, percentile } from './support/learner-course.ts';

const LEARNERS = 500;
const SEATS = 100;

type Failure = { learner: number; status: number | string; message: string };

/**
 * 500 learners register at the same moment for an event of 100 seats with a waiting list: each
 * registration locks the event's row, so exactly 100 take a seat and 400 wait in line. Prints p50
 * and p95 of the answers, the seats overbooked (registered past the capacity), the errors, and the
 * mails recorded (one per learner, with the .ics for those seated). In-process over loopback on the
 * embedded database, or on PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
export async function eventRegister() {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-event-'));
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  const config = readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist' });
  const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
  const app = createApp({ db: database.db, config, mailer, logger: quiet });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    const api = apiClient(`http://127.0.0.1:${port}`);
    // One more learner than measured: the first warms the route up, on an event of its own.
    const learners = await database.db
      .insert(users)
      .values(
        Array.from({ length: LEARNERS + 1 }, (_, index) => ({
          firstName: 'Event',
          lastName: `Learner ${index}`,
          email: `event.learner.${index}@example.com`,
          passwordHash: '!event-bench-learner',
        })),
      )
      .returning({ id: users.id });
    const tokens: string[] = [];
    for (const learner of learners) tokens.push(await createSession(database.db, learner.id));
    const admin = await api.signIn(ADMIN);
    const [category] = await database.db
      .select({ id: eventCategories.id })
      .from(eventCategories)
      .orderBy(asc(eventCategories.title))
      .limit(1);
    const startsAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const create = async (title: string) => {
      const body = await api.must(201, 'POST', eventPaths.list, {
        token: admin,
        body: {
          title,
          categoryId: category?.id,
          description: 'Practical day on the yard.',
          timeZone: 'Europe/London',
          capacity: SEATS,
          waitlist: true,
          status: true,
          sessions: [
            {
              startsAt: startsAt.toISOString(),
              endsAt: new Date(startsAt.getTime() + 8 * 60 * 60 * 1000).toISOString(),
              timeZone: 'Europe/London',
              address: 'North yard, gate 3',
            },
          ],
        },
      });
      return body.results._id as string;
    };
    const warmEvent = await create('Warm-up day');
    const eventId = await create('Forklift practical');
    const register = (token: string, id: string) =>
      api.call('POST', learnerEventPaths.register(id), { token });

    const warm = await register(tokens[0] as string, warmEvent);
    if (warm.status !== 201)
      throw new Error(`The warm-up registration answered ${warm.status}: ${warm.text}`);

    const failures: Failure[] = [];
    const waveAt = performance.now();
    const answers = await Promise.all(
      tokens.slice(1).map(async (token, learner) => {
        const sentAt = performance.now();
        const response = await register(token, eventId).catch((error: Error) => {
          failures.push({ learner, status: 'network', message: error.message });
          return undefined;
        });
        const ms = performance.now() - sentAt;
        if (!response) return undefined;
        const placed = response.body?.results as MyRegistration | undefined;
        if (
          ![200, 201].includes(response.status) ||
          !placed ||
          !['registered', 'waitlisted'].includes(placed.state)
        ) {
          failures.push({ learner, status: response.status, message: response.text.slice(0, 200) });
          return undefined;
        }
        return ms;
      }),
    );
    const waveMs = performance.now() - waveAt;
    const answerMs = answers.filter((ms): ms is number => ms !== undefined);
    const counts = Object.fromEntries(
      (
        await database.db
          .select({ state: eventAttendees.state, n: sql<number>`count(*)::int` })
          .from(eventAttendees)
          .where(eq(eventAttendees.eventId, eventId))
          .groupBy(eventAttendees.state)
      ).map((row) => [row.state, Number(row.n)]),
    );
    const registered = counts.registered ?? 0;
    const waitlisted = counts.waitlisted ?? 0;
    const figures = {
      p50Ms: percentile(answerMs, 0.5),
      p95Ms: percentile(answerMs, 0.95),
      registered,
      waitlisted,
      overbooked: Math.max(0, registered - SEATS),
      errors: failures.length,
      perSecond: answerMs.length / (waveMs / 1000),
    };
    console.log(
      `${LEARNERS} learners register at once for ${SEATS} seats with a waiting list (${database.driver}, server in-process over loopback)`,
    );
    console.log(
      `  answers: p50 ${figures.p50Ms.toFixed(0)} ms, p95 ${figures.p95Ms.toFixed(0)} ms; ` +
        `${figures.perSecond.toFixed(0)} registrations/s (${answerMs.length} in ${(waveMs / 1000).toFixed(2)} s)`,
    );
    console.log(
      `  registered ${registered}, waitlisted ${waitlisted}, overbooked ${figures.overbooked}, errors ${failures.length}`,
    );
    for (const failure of failures.slice(0, 5))
      console.log(`    learner ${failure.learner}: ${failure.status} ${failure.message}`);
    return figures;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mailer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await eventRegister();
