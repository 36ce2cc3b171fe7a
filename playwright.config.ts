import { defineConfig, devices } from '@playwright/test';
import {
  chromiumArgs,
  chromiumExecutable,
  E2E_BASE_URL,
  E2E_WORKERS,
  e2ePort,
} from './tests/e2e/support/config.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One server per worker (tests/e2e/support/config.ts): workers never share a database.
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // On CI the log's last lines are each failure in short (a log may be read from its end only).
  reporter: process.env.CI ? [['line'], ['./tests/e2e/support/failure-summary.ts']] : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Without the
    // screencast, which Chromium encoded frame by frame for every test, passing or not: half of
    // Chromium's CPU in the suite, on the cores the servers and the other worker need.
    trace: { mode: 'retain-on-failure', screenshots: false },
    serviceWorkers: 'allow',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
      },
    },
  ],
  // The app is built by `npm run test:e2e` before this runs. Each worker's server has its own port,
  // data directory and SMTP sink; the first keeps E2E_PORT (default 4173).
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => ({
    command: 'npx tsx tests/e2e/support/server.ts',
    url: `http://127.0.0.1:${e2ePort(slot)}/login`,
    env: {
      E2E_RUNNER_PID: String(process.pid),
      ...(slot === 0 ? {} : { E2E_PORT: String(e2ePort(slot)) }),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
