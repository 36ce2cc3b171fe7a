import { createHash } from 'node:crypto';
import { chmod, unlink } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../db/client.ts';
import type { Config } from '../env.ts';
import { type Snapshot, SOCKET_NAME, takeSnapshot } from './snapshot.ts';

type Logger = { info(...args: unknown[]): void; error(...args: unknown[]): void };

/** Unix socket paths are capped near 108 bytes; past this a long data directory uses /tmp. */
const SOCKET_PATH_MAX = 100;

/**
 * Where the server running on `dataDir` answers backups: a Unix socket in the data directory (on
 * Windows a named pipe). Only a process of the user that runs the server can connect: the socket is
 * made readable and writable by its owner only, like the database files beside it.
 */
export function backupSocketPath(dataDir: string): string {
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\training-admin-backup-${hash}`;
  const inside = join(dataDir, SOCKET_NAME);
  return Buffer.byteLength(inside) <= SOCKET_PATH_MAX
    ? inside
    : join(tmpdir(), `training-admin-${hash}.sock`);
}

export type BackupChannel = { path: string; close(): Promise<void> };

/**
 * Lets `npm run backup` take a consistent snapshot while the server runs. PGlite is one process's
 * database: a second process must not open the data directory, so the backup asks this server, on a
 * local socket and never over the network, to take the snapshot with its own connection
 * (takeSnapshot). The server answers where the snapshot lies; the backup command writes the archive
 * from it and removes it, so zipping never takes the server's time. Does nothing on PostgreSQL.
 *
 * Wiring (server/run.ts, runAlone: the embedded database always runs in one process): after
 * prepareDatabase, `const backups = await openBackupChannel({ database, config, logger });`, and
 * `await backups?.close();` when stopping, before the database closes.
 */
export async function openBackupChannel({
  database,
  config,
  logger,
}: {
  database: DatabaseHandle;
  config: Pick<Config, 'dataDir' | 'files'>;
  logger: Logger;
}): Promise<BackupChannel | undefined> {
  if (database.driver !== 'pglite') return undefined;
  const path = backupSocketPath(config.dataDir);
  if (process.platform !== 'win32') {
    if ((await askSnapshotServer(path, 'GET', '/')) !== undefined) {
      logger.error(`Another server answers backups on ${path}: this one takes none.`);
      return undefined;
    }
    // Left behind by a server that stopped without closing it.
    await unlink(path).catch(() => undefined);
  }
  const filesRoot = config.files.kind === 'disk' ? config.files.root : null;
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    if (req.method === 'GET' && req.url === '/')
      return answer(200, { message: 'Backups are answered here.' });
    if (req.method !== 'POST' || req.url !== '/snapshot') return answer(404, { message: 'Not found.' });
    takeSnapshot(database, config.dataDir, filesRoot).then(
      (snapshot) => {
        logger.info(
          `Backup snapshot taken; the database held queries back for ${Math.round(snapshot.heldMs)} ms.`,
        );
        answer(200, snapshot);
      },
      (error: unknown) => {
        logger.error('Taking a backup snapshot failed:', error);
        answer(500, { message: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => logger.error('The backup socket failed:', error));
  if (process.platform !== 'win32') await chmod(path, 0o600);
  // A backup in progress must not keep a stopping server alive.
  server.unref();
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/**
 * Asks the server answering on `socketPath` (backupSocketPath) for a snapshot. Answers undefined
 * when no server answers there; throws when one answers but fails.
 */
export async function requestSnapshot(socketPath: string): Promise<Snapshot | undefined> {
  const answer = await askSnapshotServer(socketPath, 'POST', '/snapshot');
  if (answer === undefined) return undefined;
  if (answer.status !== 200) {
    const message = (answer.body as { message?: string } | undefined)?.message ?? `status ${answer.status}`;
    throw new Error(`The running server could not take a snapshot: ${message}`);
  }
  return answer.body as Snapshot;
}

/** One request on the socket; undefined when nothing listens there. */
function askSnapshotServer(
  socketPath: string,
  method: string,
  path: string,
): Promise<{ status: number; body: unknown } | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = { message: text };
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // No socket file, or one left behind that nothing listens on.
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end();
  });
}
