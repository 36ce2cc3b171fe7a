import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
};

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
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own in-memory database; PGlite start-up is slow on 2 cores.
          testTimeout: 30_000,
          // The files wait on timers, password hashing and the database as much as they compute:
          // two at a time even on 2 cores (the default there is one) nearly halves the run.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          hookTimeout: 60_000,
        },
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
