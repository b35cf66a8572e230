import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * Four lanes. The API lanes run the same files against the embedded database (PGlite) and a
 * real PostgreSQL server; the browser lane drives Debian's Chromium against a real server.
 *
 * The API and unit lanes run two files at a time (Vitest's default on a 2-core machine is one, which
 * left the second core idle while a file waited on PostgreSQL) and share one module graph per
 * worker (isolate: false): each file builds its own app and database, and importing the server
 * once per worker instead of once per file halves their time (14 API files: 180 s → 92 s on 2
 * cores). The browser lane runs alone afterwards, one file at a time: run beside the API lanes (a
 * second Vitest process) the API lanes took 1486 s instead of about 540 s, so the whole run gained
 * nothing on 2 cores.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        test: {
          ...shared,
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          isolate: false,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/global-setup-pglite.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          isolate: false,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/global-setup-postgres.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // PostgreSQL when the machine has it (CI installs it), else PGlite: on PostgreSQL the
          // lane ran 3 files in 113 s instead of 139 s, the database working in its own process.
          // Both databases are covered file by file in the API lanes.
          env: { TEST_DB: 'either' },
          globalSetup: ['tests/support/global-setup-pglite.ts', 'tests/support/global-setup-postgres.ts', 'tests/support/global-setup-chromium.ts'],
          // One file at a time, after the API lanes: two Chromiums on two cores gained little
          // (216 s → 189 s for 7 files) and pushed slow pages past their timeouts.
          fileParallelism: false,
          // One module graph for the lane, as the API lanes: each file still starts its own server
          // and database, but imports the server once (6 files: 140 s → 121 s). Its one worker
          // differs from the API lanes' two, which Vitest accepts only in a group of its own: the
          // lane's group runs after theirs.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          // A page's data arrives after its first render, later on a loaded CI machine than here:
          // expect.poll waits up to 10 s for it (its default of 1 s failed a CI run).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
