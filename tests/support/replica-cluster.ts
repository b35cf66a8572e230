import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PG_BIN } from './throwaway-postgres.ts';
import { waitFor } from './wait-for.ts';

export interface ReplicaCluster {
  /** The `postgres` database on the primary, and the same database on the standby. */
  primaryUrl: string;
  standbyUrl: string;
  /** Runs one statement on the standby (pause or resume replay) and returns its rows. */
  onStandby(statement: string): Promise<Record<string, unknown>[]>;
  /** Stops the standby (fast shutdown). */
  stopStandby(): void;
  /** Stops both servers and deletes their files. */
  destroy(): void;
}

/** Whether this machine has what a primary and standby need. */
export const replicaBinariesPresent = () => existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_basebackup'));

/**
 * A PostgreSQL primary and a streaming hot standby of it, from the installed binaries on free ports,
 * for tests of the read replica (issue 37 §2). The primary logs WAL for replicas (wal_level=replica,
 * PostgreSQL's default) and keeps full-page writes (a base backup needs them) and synchronous commit,
 * as in production; fsync stays off, for speed. The standby is a `pg_basebackup -R` copy streaming
 * from it. As root, both run as user postgres, as the throwaway cluster does.
 */
export async function startReplicaCluster(): Promise<ReplicaCluster | { error: string }> {
  if (!replicaBinariesPresent()) return { error: `no PostgreSQL binaries (initdb, pg_basebackup) in ${PG_BIN}` };
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-replica-'));
  chmodSync(dir, 0o777);
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const run = (cmd: string, args: string[]) =>
    isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args], { encoding: 'utf8' }) : spawnSync(path.join(PG_BIN, cmd), args, { encoding: 'utf8' });
  const stopAll = () => {
    run('pg_ctl', ['-D', standbyDir, '-m', 'immediate', 'stop']);
    run('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  const fail = (what: string, result: ReturnType<typeof run>) => {
    stopAll();
    return { error: `${what} failed: ${result.stderr || result.stdout || String(result.error)}` };
  };
  /** Starts a server on a random high port (another if taken); returns the port or the last failure. */
  const start = (dataDir: string, settings: string): number | ReturnType<typeof run> => {
    let last: ReturnType<typeof run> | undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const port = 20000 + Math.floor(Math.random() * 20000);
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100 ${settings}`;
      last = run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, `${path.basename(dataDir)}.log`), '-w', 'start']);
      if (last.status === 0) return port;
    }
    return last!;
  };

  const init = run('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) return fail('initdb', init);
  const primaryPort = start(primaryDir, '-c wal_level=replica -c max_wal_senders=4 -c synchronous_commit=on');
  if (typeof primaryPort !== 'number') return fail('starting the primary', primaryPort);
  const backup = run('pg_basebackup', ['-D', standbyDir, '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
  if (backup.status !== 0) return fail('pg_basebackup', backup);
  const standbyPort = start(standbyDir, '-c hot_standby=on');
  if (typeof standbyPort !== 'number') return fail('starting the standby', standbyPort);

  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
  const query = async (url: string, statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(statement)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  try {
    await waitFor(async () => (await query(primaryUrl, "SELECT 1 FROM pg_stat_replication WHERE state = 'streaming'")).length > 0, {
      what: 'the standby to stream from the primary',
      timeoutMs: 20_000,
      intervalMs: 50,
    });
  } catch (error) {
    stopAll();
    return { error: String(error) };
  }
  return {
    primaryUrl,
    standbyUrl,
    onStandby: (statement) => query(standbyUrl, statement),
    stopStandby: () => void run('pg_ctl', ['-D', standbyDir, '-m', 'fast', '-w', 'stop']),
    destroy: stopAll,
  };
}
