import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../server/config.ts';

/**
 * The files a deployment starts from (deploy/README.md, "Files"): HAProxy accepts its config, the
 * environment example names only variables the server knows and passes its checks, and systemd
 * waits longer for a stop than the server's drain and closing can take.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const haproxyInstalled = spawnSync('haproxy', ['-v']).status === 0;

describe('deployment files', () => {
  it.runIf(haproxyInstalled)('deploy/haproxy.cfg passes haproxy -c', () => {
    const check = spawnSync('haproxy', ['-c', '-f', path.join(root, 'deploy/haproxy.cfg')], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).toContain('Configuration file is valid');
    expect(check.status).toBe(0);
  });

  it('deploy/workcred.env.example sets only variables server/config.ts knows, and they pass its checks', () => {
    const env = Object.fromEntries(
      read('deploy/workcred.env.example')
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('#'))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const known = Object.keys(envSchema.shape);
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
    for (const name of ['DATABASE_URL', 'DATABASE_REPLICA_URL', 'TRUST_PROXY', 'SHUTDOWN_DRAIN_SECONDS', 'PUBLIC_URL', 'AUTH_SECRET', 'METRICS_TOKEN', 'EPFO_LOOKUP_SLOTS']) expect(env).toHaveProperty(name);
    const parsed = envSchema.safeParse(env);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('the systemd unit waits longer for a stop than the drain and the closing after it', () => {
    const unit = read('deploy/systemd/workcred@.service');
    const drain = Number(/SHUTDOWN_DRAIN_SECONDS=(\d+)/.exec(read('deploy/workcred.env.example'))?.[1]);
    const stopTimeout = Number(/TimeoutStopSec=(\d+)/.exec(unit)?.[1]);
    // server/server.ts exits by force SHUTDOWN_DRAIN_SECONDS + 15 s after SIGTERM.
    expect(stopTimeout).toBeGreaterThan(drain + 15);
    expect(unit).toContain('KillSignal=SIGTERM');
    expect(unit).toContain('EnvironmentFile=');
  });
});
