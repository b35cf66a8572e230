import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openDatabase, type Database } from '../../server/db/database.ts';
import { withDatabase } from './global-setup-postgres.ts';
import { waitFor } from './wait-for.ts';

export type TestDbKind = 'pglite' | 'postgres';
/**
 * TEST_DB: pglite or postgres (the API lanes run every file on each); "either" (the browser lane)
 * takes PostgreSQL when the lane has a server, which runs the browser journeys about a fifth
 * faster (the database works in its own process, not on the server's thread), else PGlite.
 */
const requestedDb = process.env.TEST_DB ?? 'pglite';
export const testDbKind: TestDbKind = requestedDb === 'either' ? (inject('postgresUrl') ? 'postgres' : 'pglite') : (requestedDb as TestDbKind);

/** True when this lane has no database to run against (PostgreSQL lane outside CI without binaries). */
export const laneUnavailable = testDbKind === 'postgres' && !inject('postgresUrl');

/** The migrated template's archive, read once per worker (the lanes share a module graph per worker). */
let pgliteTemplate: Blob | undefined;

/** A clean, migrated database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const pglite = await createPglite({ loadDataDir: pgliteTemplate });
    const database = await openDatabase({ kind: 'pglite', pglite });
    const close = database.close;
    return { ...database, close: async () => { await close(); await pglite.close(); } };
  }
  const { url, drop } = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await drop();
    },
  };
}

/** A fresh PostgreSQL database copied from the migrated template; drop() removes it. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `workcred_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await waitFor(
      () =>
        admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`).then(
          () => true,
          (error: Error) => {
            // Another file copying the template at the same moment: try again.
            if (/being accessed by other users/.test(error.message)) return false;
            throw error;
          },
        ),
      { what: 'a copy of the template database', timeoutMs: 20_000, intervalMs: 100 },
    );
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
