import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/database.ts';
import { withDatabase } from '../tests/support/global-setup-postgres.ts';
import { startThrowawayCluster } from '../tests/support/throwaway-postgres.ts';

/**
 * Runs a measurement on a fresh, migrated PostgreSQL database: one of our own on
 * BENCH_DATABASE_URL's server, or on a throwaway cluster from the installed binaries. Everything
 * is dropped afterwards. `measure` also gets the database's URL (a second instance opens it).
 * Without a server it warns and answers undefined, so a bench still reports its PGlite half.
 */
export async function withBenchPostgres<T>(measure: (database: Database, url: string) => Promise<T>): Promise<T | undefined> {
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : startThrowawayCluster();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? (cluster && !('error' in cluster) ? cluster.url : undefined);
  if (!adminUrl) {
    console.warn(`  (PostgreSQL skipped: ${cluster && 'error' in cluster ? cluster.error : 'no server'})`);
    return undefined;
  }
  const name = `workcred_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = withDatabase(adminUrl, name);
    const postgres = await openDatabase({ kind: 'postgres', url });
    try {
      return await measure(postgres, url);
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (cluster && !('error' in cluster)) cluster.destroy();
  }
}
