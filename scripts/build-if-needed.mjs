// Builds the PWA when dist/ is missing or older than any client source, so `npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/index.html';
const sources = [
  'src',
  'sw',
  'public',
  'contract',
  'index.html',
  'vite.config.ts',
  'scripts/build-elearning-launcher.ts',
  'package-lock.json',
];
/** The e-learning launcher, built with the app, which the content origin serves. */
const launcher = 'dist/elearning-launcher/launcher.js';

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt === 0 || !existsSync(launcher) || sources.some((source) => newest(source) > builtAt)) {
  console.log('Building the app…');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
