import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { PG_BIN } from '../support/throwaway-postgres.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * One point-in-time recovery, as deploy/README.md ("Backups and restore") tells it: a cluster
 * archiving its WAL, a base backup by deploy/backup/pitr-base-backup.sh, a wrong write after a
 * known time, and a recovery to that time from the base backup and the archive. PostgreSQL lane
 * only (it needs the binaries, not the lane's server); a few seconds.
 */
const script = path.resolve('deploy/backup/pitr-base-backup.sh');
const available = testDbKind === 'postgres' && !laneUnavailable && existsSync(path.join(PG_BIN, 'pg_basebackup'));
const isRoot = process.getuid?.() === 0;

function asPostgres(command: string, args: string[], env: Record<string, string> = {}): SpawnSyncReturns<string> {
  const options = { encoding: 'utf8' as const, env: { ...process.env, ...env } };
  return isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), command, ...args], options) : spawnSync(command, args, options);
}
function check(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.stdout || String(result.error)}`);
  return result.stdout;
}

describe.runIf(available)('point-in-time recovery (PostgreSQL 15)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-pitr-'));
  const running: string[] = [];
  afterAll(() => {
    for (const dataDir of running) asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts a server on the data directory on a free port; answers the port. */
  function start(dataDir: string, settings: string[]): number {
    let lastError = '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const port = 20000 + Math.floor(Math.random() * 20000);
      const opts = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', ...settings.map((s) => `-c ${s}`)].join(' ');
      const started = asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-o', opts, '-l', `${dataDir}.log`, '-w', '-t', '30', 'start']);
      if (started.status === 0) {
        running.push(dataDir);
        return port;
      }
      lastError = started.stderr || started.stdout;
    }
    throw new Error(`pg_ctl start failed: ${lastError}`);
  }
  function stop(dataDir: string) {
    check(asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']), 'pg_ctl stop');
    running.splice(running.indexOf(dataDir), 1);
  }
  async function query<T extends pg.QueryResultRow>(port: number, text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  it('recovers to a time between two commits from a base backup and the archived WAL', async () => {
    chmodSync(dir, 0o777);
    const primary = path.join(dir, 'primary');
    const archive = path.join(dir, 'wal-archive');
    const backups = path.join(dir, 'backups');
    for (const made of [archive, backups]) mkdirSync(made, { mode: 0o777 });
    chmodSync(archive, 0o777);
    chmodSync(backups, 0o777);
    check(asPostgres(path.join(PG_BIN, 'initdb'), ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']), 'initdb');
    // The settings deploy/README.md asks for.
    const port = start(primary, ['wal_level=replica', 'archive_mode=on', `archive_command='test ! -f ${archive}/%f && cp %p ${archive}/%f'`]);

    await query(port, "CREATE TABLE ledger (note text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp()); INSERT INTO ledger (note) VALUES ('before the base backup')");
    const env = { PGHOST: '127.0.0.1', PGPORT: String(port), PGUSER: 'postgres', PG_BIN, WAL_ARCHIVE: archive };
    const first = check(asPostgres('sh', [script, backups, '1'], env), 'pitr-base-backup.sh');
    expect(first).toMatch(/base backup: .*base-\d{8}T\d{6}Z/);
    // A second one a moment later (names are to the second): the first is removed (keep 1), and
    // the archived WAL before the second's start with it.
    await waitFor(() => !readdirSync(backups).includes(`base-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`), { what: 'the next second', timeoutMs: 3000 });
    const second = check(asPostgres('sh', [script, backups, '1'], env), 'pitr-base-backup.sh');
    expect(second).toMatch(/removed old base backup: .*\n.*archived WAL before [0-9A-F]{24} removed/);
    expect(readdirSync(backups)).toHaveLength(1);

    await query(port, "INSERT INTO ledger (note) VALUES ('wanted, after the base backup')");
    const [{ target }] = (await query<{ target: string }>(port, "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS target")) as [{ target: string }];
    // Commit timestamps are microseconds apart from the target: the mistake is certainly later.
    await waitFor(async () => (await query<{ later: boolean }>(port, `SELECT clock_timestamp() > '${target}'::timestamptz AS later`))[0]?.later, { what: 'the clock to pass the target' });
    await query(port, "INSERT INTO ledger (note) VALUES ('the mistake')");
    // Close the WAL segment holding the mistake and wait for it to be archived.
    const [{ segment }] = (await query<{ segment: string }>(port, 'SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment')) as [{ segment: string }];
    await query(port, 'SELECT pg_switch_wal()');
    await waitFor(() => existsSync(path.join(archive, segment)), { what: `WAL segment ${segment} archived`, timeoutMs: 15_000 });
    stop(primary);

    // Recovery: a new data directory from the base backup, then the archive up to the target.
    const [base] = readdirSync(backups).filter((name) => name.startsWith('base-'));
    const recovered = path.join(dir, 'recovered');
    check(asPostgres('mkdir', ['-m', '700', recovered]), 'mkdir');
    check(asPostgres('tar', ['-xzf', path.join(backups, base!, 'base.tar.gz'), '-C', recovered]), 'tar base');
    check(asPostgres('tar', ['-xzf', path.join(backups, base!, 'pg_wal.tar.gz'), '-C', path.join(recovered, 'pg_wal')]), 'tar pg_wal');
    appendFileSync(path.join(recovered, 'postgresql.auto.conf'), `restore_command = 'cp ${archive}/%f %p'\nrecovery_target_time = '${target}'\nrecovery_target_action = 'promote'\n`);
    writeFileSync(path.join(recovered, 'recovery.signal'), '');
    // Written by this process: as root, hand them to the server's user.
    if (isRoot) check(spawnSync('chown', ['-R', 'postgres', recovered], { encoding: 'utf8' }), 'chown');
    const recoveredPort = start(recovered, []);
    await waitFor(async () => (await query<{ r: boolean }>(recoveredPort, 'SELECT NOT pg_is_in_recovery() AS r'))[0]?.r, { what: 'recovery to finish and promote', timeoutMs: 15_000 });
    expect((await query<{ note: string }>(recoveredPort, 'SELECT note FROM ledger ORDER BY at')).map((row) => row.note)).toEqual(['before the base backup', 'wanted, after the base backup']);
  });
});
