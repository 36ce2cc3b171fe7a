import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

// npm start with a setting that is wrong: the operator reads what to fix, and nothing is started.

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'training-admin-entry-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

it('says what is wrong with the settings in a line, without a stack, touches nothing and exits 1', async () => {
  const dataDir = join(root, 'data');
  const ended = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(ended.code).toBe(1);
  expect(ended.stderr).toContain('Invalid configuration:\nPORT: PORT must be a whole number.');
  expect(ended.stderr).not.toMatch(/^\s+at /m);
  expect(ended.stdout).toBe('');
  // The database was neither made nor opened.
  expect(existsSync(dataDir)).toBe(false);
});
