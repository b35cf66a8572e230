import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgresPair, waitUntil, type PostgresPair } from './postgres-pair.ts';
import { backendStatus, ensureBuilt, ensureHaproxy, HAPROXY_CONFIG, startProcess, stopProcess, type Managed } from './processes.ts';

export interface ClusterOptions {
  /** HAProxy's public HTTP port (default 8080). */
  port?: number;
  /** The rest, from here up: HAProxy's PostgreSQL frontend +0, primary +1, standby +2, stats +4, instances +11, +12, +13. */
  basePort?: number;
  /** Keep the temporary directory (logs, data) after stopping. */
  keep?: boolean;
  /** More environment for every instance (benches lift the rate limits). */
  instanceEnv?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Cluster {
  /** HAProxy's public address. */
  url: string;
  statsUrl: string;
  dir: string;
  postgres: PostgresPair;
  /** The primary, directly (to check what was written). */
  primaryUrl: string;
  instancePorts: number[];
  /** SIGTERM instance i (0-based), wait for its exit (answers the code), start it again, wait until HAProxy sees it up. */
  restartInstance(index: number, onStopped?: (code: number | null) => void): Promise<number | null>;
  /** Stops everything it started, and removes its directory unless kept. */
  stop(): Promise<void>;
}

const DEFAULT_PORT = 8080;
const DEFAULT_BASE_PORT = 15430;

/** The local cluster of `npm run cluster:local` and the cluster benches (deploy/README.md, "Local cluster"). */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const port = options.port ?? DEFAULT_PORT;
  const base = options.basePort ?? DEFAULT_BASE_PORT;
  const ports = { pgFrontend: base, primary: base + 1, standby: base + 2, stats: base + 4, instances: [base + 11, base + 12, base + 13] };
  ensureHaproxy();
  ensureBuilt();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-cluster-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as user postgres, inside it
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const statsUrl = `http://127.0.0.1:${ports.stats}`;
  let postgres: PostgresPair | undefined;
  let haproxy: Managed | undefined;
  const instances: (Managed | undefined)[] = [];
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (haproxy) await stopProcess(haproxy, 5000);
    await Promise.all(instances.map((instance) => instance && stopProcess(instance)));
    postgres?.stop();
    if (options.keep) log(`Kept ${dir} (logs: *.log)`);
    else rmSync(dir, { recursive: true, force: true });
  };

  try {
    log(`Starting PostgreSQL 15: primary on ${ports.primary}, hot standby on ${ports.standby} (synchronous replication)…`);
    postgres = await startPostgresPair(path.join(dir, 'pg'), { primary: ports.primary, standby: ports.standby });
    const pgPair = postgres;

    // HAProxy first: the instances reach the primary through its PostgreSQL frontend.
    const haproxyEnv = {
      ...process.env,
      WORKCRED_HTTP_BIND: `127.0.0.1:${port}`,
      WORKCRED_STATS_BIND: `127.0.0.1:${ports.stats}`,
      WORKCRED_PG_BIND: `127.0.0.1:${ports.pgFrontend}`,
      WORKCRED_PG_PRIMARY: `127.0.0.1:${ports.primary}`,
      WORKCRED_PG_STANDBY: `127.0.0.1:${ports.standby}`,
      WORKCRED_PG_CHECK_USER: 'postgres',
      ...Object.fromEntries(ports.instances.map((instancePort, index) => [`WORKCRED_APP${index + 1}`, `127.0.0.1:${instancePort}`])),
    };
    log(`Starting HAProxy (deploy/haproxy.cfg) on ${port}, PostgreSQL frontend on ${ports.pgFrontend}…`);
    haproxy = startProcess('haproxy', 'haproxy', ['-db', '-f', HAPROXY_CONFIG], haproxyEnv, path.join(dir, 'haproxy.log'));
    await waitUntil(async () => (await backendStatus(statsUrl, 'postgres')).get('primary')?.startsWith('UP') ?? false, 20_000, 'HAProxy to see the primary');

    // What every instance shares, also written to workcred.env for commands run against the cluster
    // (set -a; . <dir>/workcred.env; npm run seed:demo).
    const shared: Record<string, string> = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.pgFrontend}/workcred`,
      DATABASE_REPLICA_URL: pgPair.standbyUrl,
      PUBLIC_URL: url,
      AUTH_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: 'true',
      SHUTDOWN_DRAIN_SECONDS: '3',
      LOG_LEVEL: 'warn',
      ...options.instanceEnv,
    };
    writeFileSync(path.join(dir, 'workcred.env'), Object.entries(shared).map(([name, value]) => `${name}=${value}\n`).join(''), { mode: 0o600 });
    const startInstance = (index: number) => {
      const env = { ...process.env, ...shared, PORT: String(ports.instances[index]) };
      instances[index] = startProcess(`instance ${index + 1}`, process.execPath, ['dist-server/server.js'], env, path.join(dir, `instance-${index + 1}.log`));
    };
    const waitUp = async (index: number) => {
      const instance = instances[index]!;
      let exitCode: number | null | undefined;
      void instance.exited.then((code) => (exitCode = code));
      await waitUntil(
        async () => {
          if (exitCode !== undefined) return true;
          return (await backendStatus(statsUrl, 'workcred')).get(`app${index + 1}`)?.startsWith('UP') ?? false;
        },
        90_000,
        `HAProxy to see instance ${index + 1} up`,
        200,
      );
      if (exitCode !== undefined) throw new Error(`instance ${index + 1} exited with ${exitCode} before it was up (log: ${path.join(dir, `instance-${index + 1}.log`)})`);
    };
    // The first instance migrates the database; the other two start once it is up.
    log(`Starting WorkCred instance 1 on ${ports.instances[0]} (migrates the database)…`);
    startInstance(0);
    await waitUp(0);
    log(`Starting WorkCred instances 2 and 3 on ${ports.instances[1]} and ${ports.instances[2]}…`);
    startInstance(1);
    startInstance(2);
    await Promise.all([waitUp(1), waitUp(2)]);

    return {
      url,
      statsUrl,
      dir,
      postgres: pgPair,
      primaryUrl: pgPair.primaryUrl,
      instancePorts: ports.instances,
      async restartInstance(index, onStopped) {
        const instance = instances[index];
        if (!instance) throw new Error(`no instance ${index + 1}`);
        const code = await stopProcess(instance);
        onStopped?.(code);
        startInstance(index);
        await waitUp(index);
        return code;
      },
      stop,
    };
  } catch (error) {
    log(`Failed; logs are in ${dir}`);
    options.keep = true;
    await stop();
    throw error;
  }
}
