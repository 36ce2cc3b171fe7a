// Runs the API (restarting on change) and the Vite dev server, which proxies /api to it.
import { spawn, spawnSync } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
// E-learning packages play from the content origin (the API's port + 1), whose launcher is built
// with the app: built once here, and it takes messages only from the app's page, Vite's here.
spawnSync('npx', ['tsx', 'scripts/build-elearning-launcher.ts'], { stdio: 'inherit' });
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { APP_URL: 'http://localhost:5173', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (!code) return;
    stop();
    process.exit(code);
  });
}
