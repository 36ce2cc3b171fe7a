import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type BenchServer = { url: string; dataDir: string; process: ChildProcess; stop: () => Promise<void> };

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'training-admin-bench-'));
}

/** Polls `url` until it answers 200; returns the milliseconds since `startedAt`. */
export async function waitFor200(url: string, startedAt: number, timeoutMs = 120_000): Promise<number> {
  while (performance.now() - startedAt < timeoutMs) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Starts the API on loopback. `cpu` pins it to one core with taskset so figures do not depend on
 * what else the machine runs.
 */
export async function startServer(options: {
  port: number;
  dataDir?: string;
  cpu?: number;
  env?: Record<string, string>;
}): Promise<BenchServer & { startMs: number }> {
  const dataDir = options.dataDir ?? freshDataDir();
  const command = ['node', '--import', 'tsx', 'server/main.ts'];
  if (options.cpu !== undefined) command.unshift('taskset', '-c', String(options.cpu));
  const startedAt = performance.now();
  const child = spawn(command[0] as string, command.slice(1), {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(options.port), DATA_DIR: dataDir, ...options.env },
  });
  const url = `http://127.0.0.1:${options.port}`;
  const startMs = await waitFor200(`${url}/login`, startedAt);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, dataDir, process: child, stop, startMs };
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}
