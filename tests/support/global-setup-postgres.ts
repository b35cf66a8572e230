import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database.ts';
import { startThrowawayCluster } from './throwaway-postgres.ts';

export const TEMPLATE_DB = 'workcred_test_template';

/**
 * The PostgreSQL lane: TEST_DATABASE_URL when given, else a throwaway cluster started from the
 * installed binaries on a free port. A template database is migrated once; each test file gets
 * its own copy. When CI=true and no PostgreSQL can be had, the lane fails instead of skipping.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopCluster: (() => void) | undefined;
  if (!adminUrl) {
    const started = startThrowawayCluster();
    if ('error' in started) {
      if (process.env.CI === 'true') throw new Error(`PostgreSQL lane cannot run: ${started.error}`);
      console.warn(`\n[api-postgres] skipped: ${started.error}\n`);
      project.provide('postgresUrl', '');
      return;
    }
    adminUrl = started.url;
    stopCluster = started.destroy;
  }
  // One template per project: two projects on one TEST_DATABASE_URL do not drop each other's.
  const template = `${TEMPLATE_DB}_${project.name.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${template}`);
  await client.query(`CREATE DATABASE ${template}`);
  await client.end();
  const templateUrl = withDatabase(adminUrl, template);
  const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 1 });
  await database.close();
  // A closed connection's backend can linger a moment; copies need the template to be idle.
  const terminator = new pg.Client({ connectionString: adminUrl });
  await terminator.connect();
  await terminator.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [template]);
  await terminator.end();
  project.provide('postgresUrl', adminUrl);
  project.provide('postgresTemplate', template);
  return () => stopCluster?.();
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
