import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database.ts';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
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
    stopCluster = started.stop;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await client.end();
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 1 });
  await database.close();
  // A closed connection's backend can linger a moment; copies need the template to be idle.
  const terminator = new pg.Client({ connectionString: adminUrl });
  await terminator.connect();
  await terminator.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [TEMPLATE_DB]);
  await terminator.end();
  project.provide('postgresUrl', adminUrl);
  return () => stopCluster?.();
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function startThrowawayCluster(): { url: string; stop: () => void } | { error: string } {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) return { error: `no PostgreSQL binaries in ${PG_BIN} (set PG_BIN or TEST_DATABASE_URL)` };
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const asPg = (cmd: string, args: string[]) =>
    isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args], { encoding: 'utf8' }) : spawnSync(path.join(PG_BIN, cmd), args, { encoding: 'utf8' });
  const init = asPg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) return { error: `initdb failed: ${init.stderr || init.error}` };
  // Port chosen synchronously by trying a few; pg_ctl -w waits until it accepts connections.
  const port = 20000 + Math.floor(Math.random() * 20000);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = asPg('pg_ctl', ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  if (start.status !== 0) return { error: `pg_ctl start failed: ${start.stderr || start.stdout}` };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
