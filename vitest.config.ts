import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * Four lanes. The API lanes run the same files against the embedded database (PGlite) and a
 * real PostgreSQL server; the browser lane drives Debian's Chromium against a real server.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        test: {
          ...shared,
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/global-setup-pglite.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/global-setup-postgres.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/global-setup-pglite.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
