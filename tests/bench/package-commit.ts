// `npm run bench -- package-commit`: 200 learners committing to an e-learning package at once.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { elearningLearnerPaths } from '../../contract/elearning/tracking.ts';
import { API_BASE, paths } from '../../contract/paths.ts';
import { createApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { queryRows } from '../../server/db/rows.ts';
import { courseOutlineItems, courses } from '../../server/db/schema/courses.ts';
import { elearningPackages } from '../../server/db/schema/elearning.ts';
import { users } from '../../server/db/schema/users.ts';
import { readConfig } from '../../server/env.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { openTestDatabase } from '../api/helpers.ts';

const LEARNERS = 200;
const PASSWORD = 'bench-pass-1';

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * 200 signed-in learners, each taking a course open to everyone that holds a SCORM 1.2 package,
 * send their launcher's commits at once, in three waves as a SCO writes them: initialize, a commit
 * with suspend_data and an interaction, and the finish that passes the SCO (and so completes the
 * course). In-process through app.request on the embedded database, or on PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/with-postgres.sh). Prints p50 and p95 of each wave and the
 * errors (any answer but 200), then checks on the database that each learner holds one record,
 * one session and one course completion.
 */
export async function packageCommit() {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-commit-'));
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  try {
    const { db } = database;
    const packageId = randomUUID();
    const contentKey = `elearning/${packageId}/${randomUUID()}`;
    await db.insert(elearningPackages).values({
      id: packageId,
      title: 'Commit bench package',
      scormVersion: '1.2',
      organizationTitle: 'Commit bench',
      structure: {
        organizationTitle: 'Commit bench',
        items: [
          {
            identifier: 'sco-1',
            title: 'The lesson',
            depth: 0,
            launch: 'index.html',
            scormType: 'sco',
            masteryScore: 80,
            scaledPassingScore: null,
            completionThreshold: null,
            dataFromLms: null,
            timeLimitAction: null,
            maxTimeAllowed: null,
            objectives: [],
          },
        ],
      },
      fileKey: `${contentKey}.zip`,
      fileName: 'bench.zip',
      fileSize: 1,
      contentKey,
    });
    const [course] = await db
      .insert(courses)
      .values({ name: 'Commit bench course', permission: 'none' })
      .returning({ id: courses.id });
    const courseId = course?.id as string;
    await db.insert(courseOutlineItems).values({ courseId, position: 1, elearningPackageId: packageId });
    const passwordHash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: LEARNERS }, (_, index) => `commit.bench.${index}@example.com`);
    await db
      .insert(users)
      .values(
        emails.map((email, index) => ({ email, firstName: 'Bench', lastName: `${index}`, passwordHash })),
      );

    const config = {
      ...readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist' }),
      loginAddressRateLimitMax: LEARNERS * 2,
    };
    const mailer = createMailer({ db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
    const app = createApp({ db, config, mailer, logger: quiet });
    const post = (path: string, body: unknown, token?: string) =>
      app.request(`${API_BASE}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const tokens: string[] = [];
    for (const email of emails) {
      const response = await post(paths.login, { email, password: PASSWORD });
      if (response.status !== 200) throw new Error(`Signing in ${email} answered ${response.status}`);
      tokens.push(((await response.json()) as { results: { token: string } }).results.token);
    }
    const sessions = tokens.map(() => randomUUID());

    const wave = async (name: string, body: (index: number) => Record<string, unknown>) => {
      const started = performance.now();
      const outcomes = await Promise.all(
        tokens.map(async (token, index) => {
          const sent = performance.now();
          const response = await post(
            elearningLearnerPaths.commit(packageId),
            {
              commitId: randomUUID(),
              courseId,
              scoId: 'sco-1',
              attempt: 1,
              at: new Date().toISOString(),
              sessionId: sessions[index],
              ...body(index),
            },
            token,
          );
          await response.arrayBuffer();
          return { ms: performance.now() - sent, ok: response.status === 200 };
        }),
      );
      const wall = performance.now() - started;
      const times = outcomes.map((outcome) => outcome.ms);
      const errors = outcomes.filter((outcome) => !outcome.ok).length;
      console.log(
        `  ${name.padEnd(10)} p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, all ${LEARNERS} in ${wall.toFixed(0)} ms, errors ${errors}`,
      );
      return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), wallMs: wall, errors };
    };

    console.log(`${LEARNERS} learners committing to one package at once (${database.driver})`);
    const figures = {
      initialize: await wave('initialize', () => ({ event: 'initialize', elements: {} })),
      commit: await wave('commit', (index) => ({
        event: 'commit',
        elements: {
          'cmi.core.lesson_location': 'page-3',
          'cmi.suspend_data': `{"page":3,"learner":${index},"answers":"${'a'.repeat(2000)}"}`,
          'cmi.interactions.0.id': 'q1',
          'cmi.interactions.0.student_response': 'b',
          'cmi.interactions.0.result': 'correct',
        },
      })),
      finish: await wave('finish', () => ({
        event: 'finish',
        sessionSeconds: 300,
        elements: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90' },
      })),
    };
    const [held] = await queryRows<{ records: number; done: number; sessions: number; completions: number }>(
      db,
      sql`select (select count(*)::int from elearning_records where package_id = ${packageId}) as records,
                 (select count(*)::int from elearning_records where package_id = ${packageId} and done_at is not null) as done,
                 (select count(*)::int from elearning_sessions s join elearning_records r on r.id = s.record_id
                   where r.package_id = ${packageId}) as sessions,
                 (select count(*)::int from course_completions where course_id = ${courseId}) as completions`,
    );
    console.log(
      `  on the database: ${held?.records} records (${held?.done} done), ${held?.sessions} sessions, ${held?.completions} course completions for ${LEARNERS} learners`,
    );
    const errors = Object.values(figures).reduce((sum, one) => sum + one.errors, 0);
    if (errors > 0) throw new Error(`${errors} commits were not answered 200`);
    if (
      held?.records !== LEARNERS ||
      held.done !== LEARNERS ||
      held.sessions !== LEARNERS ||
      held.completions !== LEARNERS
    )
      throw new Error('The database does not hold one record, session and completion per learner');
    await mailer.close();
    return { driver: database.driver, ...figures };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await packageCommit();
