import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ServerType, serve } from '@hono/node-server';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePaths } from '../../contract/courses/resource.ts';
import { API_BASE } from '../../contract/paths.ts';
import { createApp } from '../../server/app.ts';
import { type BackupChannel, openBackupChannel } from '../../server/backup/channel.ts';
import { restoreDataDir } from '../../server/backup/commands.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { courseCategories } from '../../server/db/schema/course-categories.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { readConfig } from '../../server/env.ts';
import { createFileStore } from '../../server/files/store.ts';
import type { Logger } from '../../server/http/app-env.ts';
import { createBackground } from '../../server/http/background.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { demo, openTestDatabase } from './helpers.ts';
import { images } from './team-fixtures.ts';

// npm run backup while the server runs and takes writes, then npm run restore into an empty data
// directory: the restored database holds every write acknowledged before the backup began, and
// every file its rows name. The server here is built as server/run.ts builds it, on a data
// directory of its own, with the backup socket open; the commands run as their own processes.

const run = promisify(execFile);
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: console.error };
const root = mkdtempSync(join(tmpdir(), 'training-admin-backup-'));
const dataDir = join(root, 'data');

let database: DatabaseHandle;
let channel: BackupChannel | undefined;
let server: ServerType;
let base: string;
let token: string;

/**
 * The migrated, seeded database the API tests start from (made once per version of server/), so
 * the data directory needs no initdb and seed of its own.
 */
async function seededDump(): Promise<Blob | undefined> {
  const seeded = await openTestDatabase();
  try {
    return await seeded.dump?.();
  } finally {
    await seeded.close();
  }
}

/** Runs `npm run <script>` as a process of its own, the way an operator does. */
function npmScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

async function api(method: string, path: string, body?: unknown, form?: FormData) {
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  const config = readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist', PORT: '0' });
  database = await openDatabase({ dataDir: config.dataDir, from: await seededDump() });
  await database.migrate();
  const files = createFileStore(config.files);
  await seedIfEmpty(database.db);
  const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
  const background = createBackground(quiet);
  const app = createApp({ db: database.db, config, mailer, logger: quiet, background, files });
  channel = await openBackupChannel({ database, config, logger: quiet });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await api('POST', '/login', { email: demo.admin.email, password: demo.admin.password });
  expect(login.status, login.text).toBe(200);
  token = login.body.results.token;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await channel?.close();
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const upload = (courseId: string, bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), name);
  return api('POST', coursePaths.image(courseId), undefined, form);
};

describe('npm run backup and npm run restore', () => {
  it('back up while writes are acknowledged and restore every write acknowledged before the backup began', async () => {
    const category = await api('POST', '/course-category', { name: 'Backup courses', parentId: null });
    expect(category.status, category.text).toBe(201);
    const courseIds: string[] = [];
    for (const name of ['Backup course A', 'Backup course B', 'Backup course C']) {
      const course = await api('POST', coursePaths.list, {
        name,
        courseCategoryId: category.body.results._id,
        permission: 'none',
      });
      expect(course.status, course.text).toBe(201);
      courseIds.push(course.body.results._id);
      expect((await upload(course.body.results._id, images.png, 'cover.png')).status).toBe(200);
    }

    // Two clients write on until the backup is done: one adds categories one after another, the
    // other replaces the courses' images (the store deletes each replaced file at once).
    let writing = true;
    const acknowledged: { name: string; at: number }[] = [];
    const categories = (async () => {
      for (let index = 0; writing; index++) {
        const name = `Backup write ${String(index).padStart(5, '0')}`;
        const created = await api('POST', '/course-category', { name, parentId: null });
        expect(created.status, created.text).toBe(201);
        acknowledged.push({ name, at: performance.now() });
      }
    })();
    let replaced = 0;
    const replacements = (async () => {
      for (let index = 0; writing; index++) {
        const jpeg = index % 2 === 0;
        const answer = await upload(
          courseIds[index % courseIds.length] as string,
          jpeg ? images.jpeg : images.png,
          jpeg ? 'cover.jpg' : 'cover.png',
        );
        expect(answer.status, answer.text).toBe(200);
        replaced++;
      }
    })();
    while (acknowledged.length < 5 || replaced < 3) await new Promise((resolve) => setTimeout(resolve, 20));

    const archive = join(root, 'backups', 'live.zip');
    const began = performance.now();
    const backup = await npmScript('backup', [archive], { DATA_DIR: dataDir });
    const ended = performance.now();
    writing = false;
    await Promise.all([categories, replacements]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/taken by the running server, which held queries back for \d+ ms/);
    const before = acknowledged.filter((write) => write.at < began).map((write) => write.name);
    // The writes went on while the backup ran: it held them back for a moment only.
    expect(acknowledged.filter((write) => write.at > began && write.at < ended).length).toBeGreaterThan(0);
    // The snapshot is gone from the data directory once the archive is written.
    expect(existsSync(join(dataDir, 'backup-staging'))).toBe(false);

    const restoredDir = join(root, 'restored');
    // What npm run restore does (its refusals run as the command below).
    const restore = await restoreDataDir(readConfig({ DATA_DIR: restoredDir }), archive);
    expect(restore.manifest.files).toMatchObject({ store: 'disk' });
    expect(restore.manifest.files.files).toBeGreaterThanOrEqual(3);

    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const names = (
        await restored.db
          .select({ name: courseCategories.name })
          .from(courseCategories)
          .where(like(courseCategories.name, 'Backup write %'))
      )
        .map((row) => row.name)
        .sort();
      // Every write acknowledged before the backup began is there; the writes are one client's, in
      // order, so what is there is the start of that sequence without a gap.
      expect(names.length).toBeGreaterThanOrEqual(before.length);
      expect(names).toEqual(acknowledged.slice(0, names.length).map((write) => write.name));
      expect(names.slice(0, before.length)).toEqual(before);

      // Every image the restored courses name is in the restored store, with its bytes.
      const pictured = await restored.db
        .select({ name: courses.name, key: courses.imageKey })
        .from(courses)
        .where(like(courses.name, 'Backup course %'));
      expect(pictured.map((course) => course.name).sort()).toEqual([
        'Backup course A',
        'Backup course B',
        'Backup course C',
      ]);
      for (const course of pictured) {
        expect(course.key).toMatch(/^course-images\//);
        const bytes = readFileSync(join(restoredDir, 'files', course.key as string));
        expect(bytes.equals(course.key?.endsWith('.jpg') ? images.jpeg : images.png)).toBe(true);
      }
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses to restore into a data directory that is not empty, and leaves it as it was', async () => {
    const archive = join(root, 'backups', 'live.zip');
    expect(existsSync(archive)).toBe(true);
    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'keep.txt'), 'mine');
    const restore = await npmScript('restore', [archive], { DATA_DIR: occupied });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(
      `${occupied} is not empty: restore only into an empty or missing data directory`,
    );
    expect(readdirSync(occupied)).toEqual(['keep.txt']);
    expect(readFileSync(join(occupied, 'keep.txt'), 'utf8')).toBe('mine');
    // Nothing is left beside it either.
    expect(readdirSync(root).filter((name) => name.includes('restoring'))).toEqual([]);
  });
});
