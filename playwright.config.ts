import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable, E2E_BASE_URL } from './tests/e2e/support/config.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
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
  webServer: {
    // The app is built by `npm run test:e2e` before this runs.
    command: 'npx tsx tests/e2e/support/server.ts',
    url: `${E2E_BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
