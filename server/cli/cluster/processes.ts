import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');

/**
 * A Debian package installed when `present()` says it is missing (as .ci/run installs chromium):
 * as root only; `apt-get update` once if the first try finds no package.
 */
export function ensureDebianPackage(pkg: string, present: () => boolean): void {
  if (present()) return;
  if (process.getuid?.() !== 0) throw new Error(`${pkg} is not installed: sudo apt-get install -y ${pkg}`);
  console.log(`Installing ${pkg} (apt-get install -y ${pkg})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '-q', pkg], { stdio: 'inherit', env });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    install = spawnSync('apt-get', ['install', '-y', '-q', pkg], { stdio: 'inherit', env });
  }
  if (install.status !== 0 || !present()) throw new Error(`apt-get install ${pkg} failed`);
}

/** Debian's haproxy, installed when missing. */
export function ensureHaproxy(): void {
  ensureDebianPackage('haproxy', () => spawnSync('haproxy', ['-v']).status === 0);
}

/** Builds the app (npm run build) unless dist-server/server.js exists. */
export function ensureBuilt(): void {
  if (spawnSync('test', ['-f', path.join(ROOT, 'dist-server/server.js')]).status === 0) return;
  console.log('Building the app (npm run build)…');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
}

export interface Managed {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Starts a process with its output in `logFile`; `exited` resolves when it ends. */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Managed {
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited };
}

/** Sends SIGTERM (or `signal`) and waits for the exit, SIGKILL after `graceMs`. */
export async function stopProcess(managed: Managed, graceMs = 30_000, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (managed.child.exitCode !== null || managed.child.signalCode !== null) return managed.child.exitCode;
  managed.child.kill(signal);
  const timer = setTimeout(() => managed.child.kill('SIGKILL'), graceMs);
  try {
    return await managed.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** HAProxy's view of each server of a backend, from its stats page as CSV: name → UP, DOWN, NOLB… */
export async function backendStatus(statsUrl: string, backend: string): Promise<Map<string, string>> {
  const response = await fetch(`${statsUrl}/;csv`, { signal: AbortSignal.timeout(2000) });
  const lines = (await response.text()).split('\n');
  const header = (lines[0] ?? '').replace(/^# /, '').split(',');
  const [pxname, svname, status] = ['pxname', 'svname', 'status'].map((column) => header.indexOf(column));
  const servers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    if (cells[pxname!] === backend && cells[svname!] !== 'BACKEND' && cells[svname!] !== 'FRONTEND') servers.set(cells[svname!]!, cells[status!] ?? '');
  }
  return servers;
}
