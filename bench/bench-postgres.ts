import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/database.ts';
import { withDatabase } from '../tests/support/global-setup-postgres.ts';
import { startThrowawayCluster } from '../tests/support/throwaway-postgres.ts';

/**
 * The throwaway server's shared_buffers: a quarter of the machine's memory, at most 8 GB, as a
 * production server is sized (deploy/README.md), not PostgreSQL's default of 128 MB, which is for
 * the smallest machines. At ten million applications the default made Find a candidate's reads
 * wait on the disk: a p95 of 261 ms for two name prefixes, 16.7 ms with 4 GB (README, `lookup`).
 * BENCH_PG_SHARED_BUFFERS (in PostgreSQL's units, 128MB) sets it.
 */
export function benchSharedBuffers(): string {
  if (process.env.BENCH_PG_SHARED_BUFFERS) return process.env.BENCH_PG_SHARED_BUFFERS;
  return `${Math.min(8192, Math.floor(os.totalmem() / 4 / 2 ** 20))}MB`;
}

/**
 * Runs a measurement on a fresh, migrated PostgreSQL database: one of our own on
 * BENCH_DATABASE_URL's server, or on a throwaway cluster from the installed binaries. Everything
 * is dropped afterwards. `measure` also gets the database's URL (a second instance opens it).
 * Without a server it warns and answers undefined, so a bench still reports its PGlite half.
 */
export async function withBenchPostgres<T>(measure: (database: Database, url: string) => Promise<T>): Promise<T | undefined> {
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : startThrowawayCluster({ shared_buffers: benchSharedBuffers() });
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
