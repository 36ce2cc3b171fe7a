import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
};

/** The API files that replace a server module with vi.mock, which needs modules of their own. */
const API_MOCKING = ['tests/api/lesson-h5p-no-player.test.ts'];

/**
 * The API files of the embedded database alone (npm run backup), which a run on PostgreSQL
 * (scripts/with-postgres.sh sets TEST_DATABASE_URL) leaves out.
 */
const EMBEDDED_ONLY = process.env.TEST_DATABASE_URL ? ['tests/api/backup.test.ts'] : [];

/** The API files' settings, in two projects (api, api-mocked) that run alike. */
const API = {
  environment: 'node',
  // Each file builds its own in-memory database; PGlite start-up is slow on 2 cores.
  testTimeout: 30_000,
  // The files wait on timers, password hashing and the database as much as they compute:
  // two at a time even on 2 cores (the default there is one) nearly halves the run.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          ...API,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_MOCKING, ...EMBEDDED_ONLY],
          // The files share a worker's loaded modules instead of loading the server again each
          // (over half the run's time): each builds its own app and database, and none keeps state
          // in a module. A file that swaps a module out runs in api-mocked.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...API, name: 'api-mocked', include: API_MOCKING },
      },
      {
        resolve: { alias },
        // Tests that need a real PostgreSQL server (several processes on one database): run them
        // with scripts/with-postgres.sh, which provides TEST_DATABASE_URL.
        test: {
          name: 'postgres',
          include: ['tests/postgres/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // After the api project when both run, as their worker counts differ.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
