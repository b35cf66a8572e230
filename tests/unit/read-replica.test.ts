import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { insertPositionAsReplayed, ReplayTracker } from '../../server/db/read-replica.ts';

/** Decision record 0031: how far behind the standby is, from WAL positions alone. */
describe('read replica lag', () => {
  const BLOCK = 8192n;
  const SEGMENT = 16n * 1024n * 1024n;

  it("reads the primary's insert position at a page's start as the standby names it (no page header)", () => {
    // An idle primary after a WAL switch: insert 0/3000028, the standby replayed to 0/3000000.
    expect(insertPositionAsReplayed(0x3000028n, BLOCK, SEGMENT)).toBe(0x3000000n);
    expect(insertPositionAsReplayed(0x3002018n, BLOCK, SEGMENT)).toBe(0x3002000n);
    expect(insertPositionAsReplayed(0x3002140n, BLOCK, SEGMENT)).toBe(0x3002140n);
  });

  it('knows the standby complete up to the latest moment whose position it has replayed', () => {
    const tracker = new ReplayTracker(10_000);
    // Caught up: complete as of the check.
    expect(tracker.record(1000, 500n, 500n)).toBe(1000);
    // The primary moves on; the standby is still at 500: complete as of 1000, no later.
    expect(tracker.record(2000, 900n, 500n)).toBe(1000);
    expect(tracker.record(3000, 1200n, 500n)).toBe(1000);
    // It replays up to 900 (the position at 2000), not yet 1200.
    expect(tracker.record(4000, 1300n, 1000n)).toBe(2000);
    expect(tracker.record(5000, 1300n, 1300n)).toBe(5000);
  });

  it('never moves back, and forgets positions older than it could use', () => {
    const tracker = new ReplayTracker(2000);
    tracker.record(1000, 100n, 100n);
    // A standby rebuilt from an older backup replays less than before: still complete as of 1000 at best.
    expect(tracker.record(2000, 200n, 50n)).toBe(1000);
    for (let at = 3000; at <= 20_000; at += 1000) tracker.record(at, BigInt(at), 50n);
    // The positions before 18000 are gone: replaying the one at 2000 now proves nothing newer.
    expect(tracker.record(21_000, 21_000n, 300n)).toBe(1000);
    expect(tracker.record(22_000, 22_000n, 22_000n)).toBe(22_000);
  });
});

describe('read replica settings', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-replica-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a replica with PostgreSQL, the lag allowed defaulting to 5 seconds', () => {
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://app@primary/workcred', DATABASE_REPLICA_URL: 'postgres://app@standby/workcred' });
    expect(config).toMatchObject({ DATABASE_REPLICA_URL: 'postgres://app@standby/workcred', REPLICA_MAX_LAG_SECONDS: 5 });
  });

  it('refuses a replica for the embedded database, and a lag below a second', () => {
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_REPLICA_URL: 'postgres://app@standby/workcred' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_REPLICA_URL: 'postgres://app@standby/workcred' })).toThrow(/DATABASE_REPLICA_URL: needs DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://app@primary/workcred', REPLICA_MAX_LAG_SECONDS: '0' })).toThrow(/REPLICA_MAX_LAG_SECONDS/);
  });
});
