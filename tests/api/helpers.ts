import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../../contract/paths.ts';
import { createApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/users.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { type Config, readConfig } from '../../server/env.ts';
import type { Logger } from '../../server/http/app-env.ts';
import { createBackground } from '../../server/http/background.ts';
import { createMailer, type Mailer } from '../../server/mail/mailer.ts';
import { databaseOn, onServer } from '../postgres/support/fresh-database.ts';

export const APP_URL = 'http://app.test';

/** Collects what the server logs, so tests can check it and the test output stays quiet. */
function recordingLogger() {
  const lines: { level: 'info' | 'warn' | 'error'; text: string }[] = [];
  const record =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      lines.push({
        level,
        text: args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
      });
    };
  const logger: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
  return { logger, lines };
}

const serverDir = fileURLToPath(new URL('../../server/', import.meta.url));

/** Fingerprint of everything that shapes a migrated, seeded database. */
function serverFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk(serverDir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Starting PGlite from scratch (initdb) takes seconds on a small machine; starting from a tarball
 * of an already migrated and seeded database takes a fraction of that. The tarball is made by the
 * same migrate + seed code, once per version of server/, and reused by later test files and runs.
 * tests/api/seed.test.ts still migrates and seeds an empty database itself.
 */
async function openSeededPglite(): Promise<DatabaseHandle> {
  const template = join(tmpdir(), `training-admin-api-template-${serverFingerprint()}.tar`);
  if (existsSync(template)) {
    const handle = await openDatabase({ from: new Blob([readFileSync(template)]) });
    await handle.migrate();
    return handle;
  }
  const handle = await openDatabase({});
  await handle.migrate();
  await seedIfEmpty(handle.db);
  if (handle.dump) {
    const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await (await handle.dump()).arrayBuffer()));
    renameSync(partial, template); // atomic, so a parallel file never reads half a tarball
  }
  return handle;
}

/**
 * A database of its own for one test file, migrated and seeded: in-memory PGlite, or with
 * TEST_DATABASE_URL a fresh database on that PostgreSQL server, dropped again by close(). A whole
 * database rather than a schema, because drizzle-kit writes foreign keys as "public"."table".
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openSeededPglite();
  const name = `training_admin_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(url);
  await whileInUse(() => onServer(url, `create database "${name}" template "${template}"`));
  const handle = await openDatabase({ databaseUrl: databaseOn(url, name) });
  // Migrating again is a no-op on the copy, and checks it is of this version.
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** PostgreSQL's codes for a database that exists already, and one another session is using. */
const DUPLICATE_DATABASE = '42P04';
const OBJECT_IN_USE = '55006';

let templateReady: Promise<string> | undefined;

/**
 * The migrated, seeded database each PostgreSQL test database is copied from (made unless it is
 * there; a file running alongside may be making it too): copying one takes a fraction of migrating
 * and seeding anew. Named by the version of server/ that made it, so a change makes a new one (a
 * server that outlives the run keeps one per version, as tmpdir() keeps PGlite's tarballs).
 */
function postgresTemplate(url: string): Promise<string> {
  templateReady ??= (async () => {
    const template = `training_admin_test_template_${serverFingerprint()}`;
    const exists = await onServer(url, `select 1 from pg_database where datname = '${template}'`);
    if (exists.rowCount) return template;
    // Built under a name of its own and renamed when complete, so nothing copies half a template.
    const building = `${template}_${randomBytes(4).toString('hex')}`;
    await onServer(url, `create database "${building}"`);
    const handle = await openDatabase({ databaseUrl: databaseOn(url, building) });
    try {
      await handle.migrate();
      await seedIfEmpty(handle.db);
    } finally {
      await handle.close();
    }
    try {
      await whileInUse(() => onServer(url, `alter database "${building}" rename to "${template}"`));
    } catch (error) {
      await onServer(url, `drop database if exists "${building}" with (force)`);
      if (codeOf(error) !== DUPLICATE_DATABASE) throw error;
    }
    return template;
  })().catch((error) => {
    templateReady = undefined;
    throw error;
  });
  return templateReady;
}

/**
 * Runs `statement`, again while PostgreSQL answers that a database it needs is in use (a session
 * that just closed may still be ending on the server).
 */
async function whileInUse(statement: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (codeOf(error) !== OBJECT_IN_USE || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

type CallOptions = {
  body?: unknown;
  /** Sent as multipart/form-data (the member form). */
  form?: FormData;
  /** Sent as is instead of JSON-encoding `body`. */
  rawBody?: string;
  token?: string;
  /** The socket address the request seems to come from. */
  address?: string;
  headers?: Record<string, string>;
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** Migrated, seeded database plus an app on it, the way a client talks to it. */
export async function createTestContext(overrides: Partial<Config> = {}) {
  const handle = await openTestDatabase();
  const { logger, lines } = recordingLogger();
  // Uploads go to a directory of the test file's own, never into the project's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-api-data-'));
  const config: Config = {
    ...readConfig({ APP_URL, DIST_DIR: '/nonexistent/dist', DATA_DIR: dataDir }),
    ...overrides,
  };
  const mailer = createMailer({ db: handle.db, smtpUrl: undefined, from: config.mailFrom, logger });
  // One for every app built here, so idle() also covers apps from build().
  const background = createBackground(logger);
  // The time the app judges deadlines and expiries by: the real one until a test sets another.
  let now: Date | undefined;
  const build = (more: Partial<Config> = {}, deps: { mailer?: Mailer } = {}) =>
    createApp({
      db: handle.db,
      config: { ...config, ...more },
      mailer: deps.mailer ?? mailer,
      logger,
      background,
      clock: () => now ?? new Date(),
    });
  const app = build();

  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | ArrayBuffer | undefined = options.rawBody;
    if (options.form) {
      // Sent as the bytes a client would send. A FormData body is pumped into the request by
      // undici, which on Node 24 throws an unhandled rejection when the server stops reading it
      // early (a refused upload) while the pump still runs; a socket's body, as served, does not.
      const encoded = new Response(options.form);
      headers['content-type'] ??= encoded.headers.get('content-type') ?? '';
      body = await encoded.arrayBuffer();
    }
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const url = path.startsWith('/api/') || !path.startsWith('/') ? path : `${API_BASE}${path}`;
    // The Node adapter would pass the socket here; getConnInfo reads the address from it.
    const env = options.address ? { incoming: { socket: { remoteAddress: options.address } } } : undefined;
    const response = await app.request(url, { method, headers, body }, env as never);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read bodies as a client would, by field
    return { status: response.status, headers: response.headers, body: json as any, text };
  }

  async function login(email: string, password: string): Promise<string> {
    const response = await call('POST', '/login', { body: { email, password } });
    if (response.status !== 200)
      throw new Error(`Login of ${email} failed: ${response.status} ${response.text}`);
    return response.body.results.token as string;
  }

  return {
    app,
    build,
    db: handle.db as Database,
    config,
    mailer,
    logs: lines,
    call,
    login,
    /** Moves the app's clock to `time`; without one, back to the real time. */
    setNow: (time?: Date) => {
      now = time;
    },
    /** Resolves once the work answers left behind (such as the forgot-password mail) is done. */
    idle: () => background.idle(),
    createUser: (fields: NewUser) => createUser(handle.db, fields),
    close: async () => {
      await background.idle();
      await mailer.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type NewUser = Partial<typeof users.$inferInsert> & { email: string; password: string };

/** A user with a real password, for tests that change its state. */
export async function createUser(db: Database, { password, ...fields }: NewUser) {
  const [user] = await db
    .insert(users)
    .values({ firstName: 'Test', lastName: 'User', ...fields, passwordHash: await hashPassword(password) })
    .returning();
  if (!user) throw new Error('Inserting a test user returned nothing');
  return user;
}

export const demo = {
  admin: { email: 'admin@example.com', password: 'admin123' },
  lead: { email: 'lead@example.com', password: 'lead1234' },
  lead2: { email: 'lead2@example.com', password: 'lead1234' },
} as const;
