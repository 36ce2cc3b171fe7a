import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { type AttemptResult, learningPaths, type QuizAttempt } from '../../contract/learning/resource.ts';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { users } from '../../server/db/schema/users.ts';
import { readConfig } from '../../server/env.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { openTestDatabase } from '../api/helpers.ts';
import {
  ADMIN,
  answersFor,
  apiClient,
  buildAssignedCourse,
  mixedQuestions,
  percentile,
} from './support/learner-course.ts';
import { postmasterPid, treeCpuSeconds } from './support/process-cpu.ts';
import { installQueryTally } from './support/query-tally.ts';
import { requestWorker, type WaveCall } from './support/request-worker.ts';

const LEARNERS = 200;
const QUESTIONS = 20;
/**
 * Learners besides the measured ones who start and submit at once first, as a server that has
 * been serving does before an exam: every pooled connection has run the statements once (parsed
 * and planned them, the pass's statements too) and the code is compiled: enough at once for each of
 * the pool's ten connections to take a few.
 */
const WARM_UP_LEARNERS = 50;

type Failure = { learner: number; status: number | string; message: string };

/**
 * 200 learners of an assigned course each start an attempt at its quiz of 20 questions (single
 * and multiple choice, true/false, short answer), then all 200 submit their answers at once; the
 * server grades each. Prints p50 and p95 of the submit latency, the errors and submits per second.
 * The server runs in-process over loopback on the embedded database, or on PostgreSQL with
 * TEST_DATABASE_URL (scripts/with-postgres.sh). Learners get session tokens made by the server's
 * own session code rather than 200 password hashes; their requests go out from a thread of their
 * own (support/request-worker.ts). Prints the CPU each start and submit cost, by the server's
 * process (its database within on the embedded one), PostgreSQL's processes, the client's thread
 * and the whole machine, and the statements sent per start and per submit; with
 * QUIZ_BENCH_QUERIES=1, each statement's count and time in each wave.
 */
export async function quizSubmit() {
  const tally = installQueryTally();
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-quiz-'));
  const quiet = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };
  const config = readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist' });
  const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
  const app = createApp({ db: database.db, config, mailer, logger: quiet });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  let client: ReturnType<typeof requestWorker> | undefined;
  try {
    const { port } = server.address() as AddressInfo;
    const api = apiClient(`http://127.0.0.1:${port}`);
    const requests = requestWorker(api.url);
    client = requests;
    const setupStart = performance.now();
    // The first WARM_UP_LEARNERS warm the server up.
    const learners = await database.db
      .insert(users)
      .values(
        Array.from({ length: WARM_UP_LEARNERS + LEARNERS }, (_, index) => ({
          firstName: 'Quiz',
          lastName: `Learner ${index}`,
          email: `quiz.learner.${index}@example.com`,
          passwordHash: '!quiz-bench-learner',
        })),
      )
      .returning({ id: users.id });
    const tokens: string[] = [];
    for (const learner of learners) tokens.push(await createSession(database.db, learner.id));
    const questions = mixedQuestions(QUESTIONS);
    const admin = await api.signIn(ADMIN);
    const course = await buildAssignedCourse(api, admin, {
      name: 'Workplace safety check',
      activities: [
        {
          title: 'Safety notes',
          activityType: 'customEmbed',
          customEmbed: '<p>Read the safety notes before the quiz.</p>',
        },
      ],
      questions,
      learnerIds: learners.map((learner) => learner.id),
    });
    const quizId = course.quizId as string;
    const setupMs = performance.now() - setupStart;

    const startCall = (token: string): WaveCall => ({
      method: 'POST',
      path: learningPaths.quizAttempt(quizId),
      token,
      body: { attemptId: randomUUID(), courseId: course.courseId },
    });
    // Every fifth learner gets half wrong and fails; the others miss one question in seven.
    const wrongAt = (learner: number) => (index: number) =>
      learner % 5 === 0 ? index % 2 === 0 : (index + learner) % 7 === 0;
    const submitCall = (token: string, attempt: QuizAttempt, learner: number): WaveCall => ({
      method: 'POST',
      path: learningPaths.quizSubmit(quizId, attempt._id),
      token,
      body: { answers: answersFor(attempt.questions, questions, wrongAt(learner)) },
    });

    const warmTokens = tokens.slice(0, WARM_UP_LEARNERS);
    const warm = (await client.wave(warmTokens.map(startCall))).answers;
    const warmSubmits = (
      await client.wave(
        warm.map((answer, learner) =>
          submitCall(warmTokens[learner] as string, answer.body?.results, learner + 1),
        ),
      )
    ).answers;
    const warmFailure = [...warm, ...warmSubmits].find((answer) => answer.status !== 200);
    if (warmFailure) throw new Error(`The warm-up answered ${warmFailure.status}: ${warmFailure.text}`);

    const measured = tokens.slice(WARM_UP_LEARNERS);
    const failures: Failure[] = [];
    const postgres = database.driver === 'postgres' ? await postmasterPid(database.db) : undefined;
    /** A wave sent at once: its answers, how long it took, and the CPU it cost, by whom. */
    const measureWave = async (calls: WaveCall[]) => {
      const at = performance.now();
      const machineAt = busyCpuMs();
      const processAt = process.cpuUsage();
      const databaseAt = postgres === undefined ? 0 : treeCpuSeconds(postgres);
      const { answers, clientCpuMs } = await requests.wave(calls);
      const processCpu = process.cpuUsage(processAt);
      const per = (ms: number) => ms / calls.length;
      return {
        answers,
        wallMs: performance.now() - at,
        cpu: {
          machine: per(busyCpuMs() - machineAt),
          // The client's thread is in this process too.
          server: per((processCpu.user + processCpu.system) / 1000 - clientCpuMs),
          database: postgres === undefined ? undefined : per((treeCpuSeconds(postgres) - databaseAt) * 1000),
          client: per(clientCpuMs),
        },
      };
    };

    // Each learner starts an attempt (all at once too; not the figure asked for, printed beside it).
    const beforeStarts = tally.snapshot();
    const startWave = await measureWave(measured.map(startCall));
    const starts = startWave.answers;
    const startQueries = tally.since(beforeStarts);
    const attempts: (QuizAttempt | undefined)[] = starts.map((result, learner) => {
      const attempt = result.body?.results as QuizAttempt | undefined;
      if (result.status === 200 && attempt?.questions.length === QUESTIONS) return attempt;
      failures.push({ learner, status: `start ${result.status}`, message: result.text.slice(0, 200) });
      return undefined;
    });

    // Then all of them submit at once.
    const submitted = measured.flatMap((token, learner) => {
      const attempt = attempts[learner];
      return attempt ? [{ learner, attempt, call: submitCall(token, attempt, learner + 1) }] : [];
    });
    const beforeSubmits = tally.snapshot();
    const submitWave = await measureWave(submitted.map((entry) => entry.call));
    const submits = submitWave.answers;
    const submitWaveMs = submitWave.wallMs;
    const submitQueries = tally.since(beforeSubmits);
    const submitMs: number[] = [];
    let passed = 0;
    submits.forEach((answer, index) => {
      const { learner, attempt } = submitted[index] as (typeof submitted)[number];
      const graded = answer.body?.results as AttemptResult | undefined;
      if (answer.status !== 200 || !graded || graded.attemptId !== attempt._id) {
        failures.push({ learner, status: answer.status, message: answer.text.slice(0, 200) });
        return;
      }
      submitMs.push(answer.ms);
      if (graded.passed) passed += 1;
    });

    const startMs = starts.map((entry) => entry.ms);
    const figures = {
      submitP50Ms: percentile(submitMs, 0.5),
      submitP95Ms: percentile(submitMs, 0.95),
      submitMaxMs: Math.max(...submitMs),
      errors: failures.length,
      submitsPerSecond: submitMs.length / (submitWaveMs / 1000),
      startP50Ms: percentile(startMs, 0.5),
      startP95Ms: percentile(startMs, 0.95),
      queriesPerStart: startQueries.reduce((sum, entry) => sum + entry.count, 0) / measured.length,
      queriesPerSubmit: submitQueries.reduce((sum, entry) => sum + entry.count, 0) / measured.length,
    };
    console.log(
      `${LEARNERS} learners submit a ${QUESTIONS}-question quiz at once (${database.driver}, server in-process over loopback)`,
    );
    console.log(`  setup (users, sessions, course, quiz, assignment) took ${(setupMs / 1000).toFixed(1)} s`);
    console.log(
      `  starts, all at once: p50 ${figures.startP50Ms.toFixed(0)} ms, p95 ${figures.startP95Ms.toFixed(0)} ms, ` +
        `${(LEARNERS / (startWave.wallMs / 1000)).toFixed(0)} starts/s`,
    );
    console.log(`    CPU per start: ${cpuFigures(startWave.cpu)}`);
    console.log(
      `  submits, all at once: p50 ${figures.submitP50Ms.toFixed(0)} ms, p95 ${figures.submitP95Ms.toFixed(0)} ms, ` +
        `max ${figures.submitMaxMs.toFixed(0)} ms; ${figures.submitsPerSecond.toFixed(0)} submits/s ` +
        `(${submitMs.length} graded in ${(submitWaveMs / 1000).toFixed(2)} s, ${passed} passed)`,
    );
    console.log(`    CPU per submit: ${cpuFigures(submitWave.cpu)}`);
    console.log(
      `  statements sent (BEGIN and COMMIT included): ${figures.queriesPerStart.toFixed(1)} per start, ` +
        `${figures.queriesPerSubmit.toFixed(1)} per submit`,
    );
    if (process.env.QUIZ_BENCH_QUERIES === '1')
      for (const [wave, entries] of [
        ['start', startQueries],
        ['submit', submitQueries],
      ] as const) {
        console.log(`  ${wave} wave, each statement: count, total ms (from call to answer), text`);
        for (const entry of entries)
          console.log(`    ${entry.count} ${entry.ms.toFixed(0)} ms ${entry.text.slice(0, 160)}`);
      }
    console.log(`  errors: ${failures.length}${failures.length === 0 ? '' : ' (first five below)'}`);
    for (const failure of failures.slice(0, 5))
      console.log(`    learner ${failure.learner}: ${failure.status} ${failure.message}`);
    return figures;
  } finally {
    await client?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mailer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A wave's CPU per request, by whom; the machine's counts other work on it too. */
function cpuFigures(cpu: { machine: number; server: number; database?: number; client: number }) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const server = cpu.database === undefined ? 'server with its database' : 'server';
  return [
    `${server} ${ms(cpu.server)}`,
    cpu.database === undefined ? undefined : `PostgreSQL ${ms(cpu.database)}`,
    `client ${ms(cpu.client)}`,
    `the machine ${ms(cpu.machine)}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Milliseconds all cores have spent busy since boot (user, nice, system and interrupts): the
 * machine's CPU, so a wave's share counts the server, the database's processes and this client
 * alike, and whatever else runs meanwhile.
 */
function busyCpuMs() {
  return cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await quizSubmit();
