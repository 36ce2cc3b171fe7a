import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app.ts';
import { readConfig } from '../../server/env.ts';
import { signFileUrl } from '../../server/files/signed-url.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { openTestDatabase } from '../api/helpers.ts';
import { median } from './support/users-app.ts';
import { GIGABYTE, writeVideoLikeFile } from './support/video-file.ts';

const MEGABYTE = 1024 * 1024;
const RUNS = 30;
const WARM_UP = 5;

/**
 * The last megabyte of a 1 GB video in the disk store, asked for by `Range` through the server
 * over loopback (signed link checked, metadata read, 206 streamed from the file) against reading
 * the same bytes from the file directly, measured alternately so a busy machine slows both alike.
 */
export async function rangeRead() {
  const dataDir = mkdtempSync(join(tmpdir(), 'training-admin-bench-range-'));
  const database = await openTestDatabase();
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  const config = readConfig({ DATA_DIR: dataDir, DIST_DIR: '/nonexistent/dist' });
  const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, logger: quiet });
  const app = createApp({ db: database.db, config, mailer, logger: quiet });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    if (config.files.kind !== 'disk') throw new Error('The range benchmark reads the disk store');
    const key = `activities/${randomBytes(16).toString('base64url')}.mp4`;
    const path = join(config.files.root, key);
    const writeStart = performance.now();
    writeVideoLikeFile(path, GIGABYTE);
    const writeMs = performance.now() - writeStart;
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}${await signFileUrl({ db: database.db }, key)}`;
    const start = GIGABYTE - MEGABYTE;
    const expected = Buffer.alloc(MEGABYTE);
    const file = await open(path, 'r');
    await file.read(expected, 0, MEGABYTE, start);
    await file.close();

    const throughServer = async () => {
      const started = performance.now();
      const response = await fetch(url, { headers: { Range: `bytes=${start}-` } });
      const body = Buffer.from(await response.arrayBuffer());
      const ms = performance.now() - started;
      if (
        response.status !== 206 ||
        response.headers.get('content-range') !== `bytes ${start}-${GIGABYTE - 1}/${GIGABYTE}`
      )
        throw new Error(`Unexpected answer ${response.status} ${response.headers.get('content-range')}`);
      if (!body.equals(expected)) throw new Error('The range answered other bytes than the file holds');
      return ms;
    };
    const fromDisk = async () => {
      const started = performance.now();
      const handle = await open(path, 'r');
      const body = Buffer.alloc(MEGABYTE);
      await handle.read(body, 0, MEGABYTE, start);
      await handle.close();
      const ms = performance.now() - started;
      if (!body.equals(expected)) throw new Error('Unexpected bytes');
      return ms;
    };
    for (let run = 0; run < WARM_UP; run += 1) {
      await throughServer();
      await fromDisk();
    }
    const serverMs: number[] = [];
    const diskMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      serverMs.push(await throughServer());
      diskMs.push(await fromDisk());
    }
    const figures = {
      serverMs: median(serverMs),
      diskMs: median(diskMs),
      ratio: median(serverMs) / median(diskMs),
    };
    console.log(`Last megabyte of a 1 GB video by Range (disk store, ${database.driver}), median of ${RUNS}`);
    console.log(`  writing the file took ${(writeMs / 1000).toFixed(1)} s`);
    console.log(
      `  through the server: ${figures.serverMs.toFixed(2)} ms, read from disk: ${figures.diskMs.toFixed(2)} ms, ratio ${figures.ratio.toFixed(1)}x`,
    );
    return figures;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mailer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await rangeRead();
