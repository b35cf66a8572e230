import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayCluster {
  url: string;
  /** Stops the server (fast shutdown: committed data is kept). */
  stopServer(): void;
  startServer(): void;
  /** Stops the server and deletes the cluster. */
  destroy(): void;
}

/**
 * A PostgreSQL cluster of our own from the installed binaries, on a free port, with durability
 * settings relaxed for speed (fsync off): for tests only. As root, postgres runs as user postgres.
 * `settings`: more server settings (`-c name=value`), as a bench's sized server needs.
 */
export function startThrowawayCluster(settings: Record<string, string> = {}): ThrowawayCluster | { error: string } {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) return { error: `no PostgreSQL binaries in ${PG_BIN} (set PG_BIN or TEST_DATABASE_URL)` };
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const asPg = (cmd: string, args: string[]) =>
    isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args], { encoding: 'utf8' }) : spawnSync(path.join(PG_BIN, cmd), args, { encoding: 'utf8' });
  const init = asPg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) return { error: `initdb failed: ${init.stderr || init.error}` };

  let port = 0;
  const startOn = (candidate: number) => {
    const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`).join('');
    const opts = `-p ${candidate} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${extra}`;
    return asPg('pg_ctl', ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  // A random high port; if it is taken, pg_ctl fails and we try another.
  let lastError = '';
  for (let attempt = 0; attempt < 5 && port === 0; attempt += 1) {
    const candidate = 20000 + Math.floor(Math.random() * 20000);
    const started = startOn(candidate);
    if (started.status === 0) port = candidate;
    else lastError = started.stderr || started.stdout;
  }
  if (port === 0) {
    rmSync(dir, { recursive: true, force: true });
    return { error: `pg_ctl start failed: ${lastError}` };
  }
  const stopServer = () => void asPg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopServer,
    startServer: () => {
      const started = startOn(port);
      if (started.status !== 0) throw new Error(`restart failed: ${started.stderr || started.stdout}`);
    },
    destroy: () => {
      asPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
