import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './tests/support/sequencer.ts';

const shared = { testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * Four lanes. The API lanes run the same files against the embedded database (PGlite) and a
 * real PostgreSQL server; the browser lane drives Debian's Chromium against a real server.
 *
 * The API and unit lanes run two files at a time (Vitest's default on a 2-core machine is one, which
 * left the second core idle while a file waited on PostgreSQL) and share one module graph per
 * worker (isolate: false): each file builds its own app and database, and importing the server
 * once per worker instead of once per file halves their time (14 API files: 180 s → 92 s on 2
 * cores). The browser lane runs afterwards, two files at a time: run beside the API lanes (a
 * second Vitest process) the API lanes took 447 s instead of about 215 s, so the whole run gained
 * little on 2 cores.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    // Each lane starts its longest files first, by the times in tests/durations.json (refresh:
    // scripts/refresh-test-durations.mjs): without a local cache (a CI clone) Vitest ordered by
    // file size, and a short file that takes 90 s started last and ran alone at the lane's end.
    sequence: { sequencer: DurationSequencer },
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
          // With CI=true the lane has PostgreSQL or fails, so it never uses a PGlite template: making
          // one anyway (global setups run one after another, before any file starts) took 20-36 s on
          // the loaded development machine.
          globalSetup: [...(process.env.CI === 'true' ? [] : ['tests/support/global-setup-pglite.ts']), 'tests/support/global-setup-postgres.ts', 'tests/support/global-setup-chromium.ts'],
          // Two files at a time, after the API lanes, each with its own server and database and a
          // context of the lane's one Chromium: a file alone left a third of the 2 cores idle
          // (pages wait on the server, the server on the database), and the 37 files took 325 s
          // instead of 377-425 s here. The test timeout has room for a CI machine twice as slow.
          maxWorkers: 2,
          // One module graph per worker, as the API lanes: each file still starts its own server
          // and database, but imports the server once (6 files: 140 s → 121 s). The lane is a
          // group of its own, run after the API lanes' (run beside them, both slowed: 564 s for
          // the whole suite against 601 s one after the other).
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          // A page's data arrives after its first render, later on a loaded CI machine than here:
          // expect.poll waits up to 10 s for it (its default of 1 s failed a CI run).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
