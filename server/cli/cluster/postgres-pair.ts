import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, chmodSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDebianPackage } from './processes.ts';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresPair {
  primaryUrl: string;
  standbyUrl: string;
  /** The primary goes away at once, as a crashed machine would (pg_ctl stop -m immediate). */
  stopPrimaryImmediately(): void;
  /** Makes the standby a primary (pg_ctl promote, waiting until it accepts writes). */
  promoteStandby(): void;
  /** Stops whichever servers still run (fast shutdown). */
  stop(): void;
}

/**
 * The PostgreSQL 15 binaries: Debian's postgresql-15 installed when missing (unless PG_BIN points
 * elsewhere). Its package starts a cluster of its own (15/main, port 5432) where services may
 * start; that one is stopped again, so the local cluster leaves nothing running it did not have.
 */
function ensurePostgres15(): void {
  const present = () => existsSync(path.join(PG_BIN, 'pg_basebackup'));
  if (present()) return;
  if (process.env.PG_BIN) throw new Error(`no PostgreSQL binaries in PG_BIN=${PG_BIN}`);
  ensureDebianPackage('postgresql-15', present);
  spawnSync('pg_ctlcluster', ['15', 'main', 'stop'], { stdio: 'ignore' });
}

/**
 * A PostgreSQL 15 primary and a streaming hot standby in `dir`, as the local cluster and its
 * benches run them: synchronous replication (a commit returns once the standby has it), so every
 * write acknowledged before the primary is lost is on the standby. As root, the servers run as
 * user postgres (which refuses root), as tests/support/throwaway-postgres.ts does.
 */
export async function startPostgresPair(dir: string, ports: { primary: number; standby: number }): Promise<PostgresPair> {
  ensurePostgres15();
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const isRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const result = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(path.join(PG_BIN, cmd), args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${result.stderr || result.stdout || String(result.error)}`);
    return result;
  };
  const start = (dataDir: string) => run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, `${path.basename(dataDir)}.log`), '-w', '-t', '60', 'start']);
  let primaryRunning = false;
  let standbyRunning = false;
  const stop = () => {
    for (const [running, dataDir] of [[standbyRunning, standbyDir], [primaryRunning, primaryDir]] as const) {
      if (running) spawnSync(isRoot ? 'runuser' : path.join(PG_BIN, 'pg_ctl'), [...(isRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl')] : []), '-D', dataDir, '-m', 'fast', '-w', 'stop']);
    }
    primaryRunning = standbyRunning = false;
  };

  try {
    run('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    // In postgresql.auto.conf (as ALTER SYSTEM writes), which pg_basebackup copies to the standby.
    appendFileSync(
      path.join(primaryDir, 'postgresql.auto.conf'),
      [
        `port = ${ports.primary}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'max_connections = 200',
        'wal_level = replica',
        'max_wal_senders = 10',
        // Every commit waits for a standby to have it: nothing acknowledged is lost with the primary.
        "synchronous_standby_names = '*'",
        'synchronous_commit = on',
        '',
      ].join('\n'),
    );
    start(primaryDir);
    primaryRunning = true;
    const primaryAdmin = `postgres://postgres@127.0.0.1:${ports.primary}/postgres`;
    // Before the standby exists a commit would wait for it forever: create the database without waiting.
    await query(primaryAdmin, 'SET synchronous_commit = local', 'CREATE DATABASE workcred');
    run('pg_basebackup', ['-D', standbyDir, '-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres', '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    // THE TRAP: the copied configuration says synchronous_standby_names = '*'. Once promoted, the
    // standby would wait for a standby of its own that does not exist, and every write would hang.
    // A standby needs none: the later setting in the file wins.
    appendFileSync(path.join(standbyDir, 'postgresql.auto.conf'), `port = ${ports.standby}\nsynchronous_standby_names = ''\nhot_standby = on\n`);
    start(standbyDir);
    standbyRunning = true;
    await waitUntil(async () => (await query(primaryAdmin, "SELECT 1 FROM pg_stat_replication WHERE state = 'streaming' AND sync_state = 'sync'")).length > 0, 30_000, 'the standby to stream synchronously');
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${ports.primary}/workcred`,
    standbyUrl: `postgres://postgres@127.0.0.1:${ports.standby}/workcred`,
    stopPrimaryImmediately: () => {
      run('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
      primaryRunning = false;
    },
    promoteStandby: () => void run('pg_ctl', ['-D', standbyDir, '-w', '-t', '60', 'promote']),
    stop,
  };
}

/** Runs the statements one after another on a new connection; answers the last one's rows. */
export async function query(url: string, ...statements: string[]): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    let rows: Record<string, unknown>[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows as Record<string, unknown>[];
    return rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Polls `check` until it answers true (errors count as false) or the time is up. */
export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
