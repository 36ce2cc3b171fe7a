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
  /** Also waits for a line of the server's output matching this (e.g. all its processes listening). */
  ready?: RegExp;
}): Promise<BenchServer & { startMs: number }> {
  const dataDir = options.dataDir ?? freshDataDir();
  const command = ['node', '--import', 'tsx', 'server/main.ts'];
  if (options.cpu !== undefined) command.unshift('taskset', '-c', String(options.cpu));
  const startedAt = performance.now();
  const child = spawn(command[0] as string, command.slice(1), {
    stdio: ['ignore', options.ready ? 'pipe' : 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(options.port), DATA_DIR: dataDir, ...options.env },
  });
  const ready = options.ready;
  let said = '';
  // Read all along, so a full pipe never holds the server up.
  child.stdout?.on('data', (chunk) => {
    if (said.length < 100_000) said += chunk;
  });
  const url = `http://127.0.0.1:${options.port}`;
  let startMs: number;
  try {
    startMs = await waitFor200(`${url}/login`, startedAt);
    if (ready) {
      while (!ready.test(said)) {
        if (child.exitCode !== null || performance.now() - startedAt > 120_000)
          throw new Error(`The server did not say ${ready}; it said:\n${said}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      startMs = performance.now() - startedAt;
    }
  } catch (error) {
    // A server that did not come up in time must not stay behind, holding its port.
    child.kill('SIGKILL');
    throw error;
  }
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
