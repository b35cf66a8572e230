import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import { serverBuildOptions } from '../../scripts/server-build-options.mjs';
import { createPostgresTestDatabase, testDbKind } from './test-database.ts';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

let compiled: Promise<string> | undefined;

/**
 * The server and the admin CLI compiled from these sources, as `npm run build` compiles the server
 * (scripts/build-server.mjs), once per test process into a directory of its own: a child started
 * from JavaScript is ready seconds sooner than one that has tsx compile the TypeScript first, which
 * tests starting several servers paid each time (issue 14, CI time). Returns the directory.
 */
export function compiledServerDir(): Promise<string> {
  compiled ??= (async () => {
    const outdir = path.resolve(`.tmp/test-server-${process.pid}`);
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    await build({ ...serverBuildOptions(process.cwd()), entryPoints: ['server/server.ts', 'server/cli/admin.ts'], outbase: 'server', outdir });
    return outdir;
  })();
  return compiled;
}

/** The real server (compiled from `server/server.ts`) as a child process, its output collected for assertions. */
export async function startServerProcess(env: Record<string, string>): Promise<RunningServer> {
  const entry = path.join(await compiledServerDir(), 'server.js');
  const child = spawn(process.execPath, [entry], { env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * For a describe block: the environment of a real server process (a data directory, a free port
 * and, on the PostgreSQL lane, a database of its own), filled in before its tests and removed
 * after them. `extra` adds settings.
 */
export function serverEnvPerSuite(extra: Record<string, string> = {}): { env: Record<string, string>; dataDir: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-process-'));
  const env: Record<string, string> = {};
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    Object.assign(env, { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', ...extra });
    if (testDbKind === 'postgres') {
      const created = await createPostgresTestDatabase();
      env.DATABASE_URL = created.url;
      dropDatabase = created.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { env, dataDir };
}
