import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../scripts/server-build-options.mjs';

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
