import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLockFile, DataDirLockedError } from '../../server/db/lock-file.ts';

describe('data-directory lock', () => {
  it('refuses a second holder while the first process lives, with a clear message', async () => {
    const lock = path.join(mkdtempSync(path.join(os.tmpdir(), 'workcred-lock-')), 'db.lock');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lock, String(other.pid));
      expect(() => acquireLockFile(lock, 'The embedded database')).toThrow(DataDirLockedError);
      expect(() => acquireLockFile(lock, 'The embedded database')).toThrow(/in use by another WorkCred process \(pid \d+\)/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const lock = path.join(mkdtempSync(path.join(os.tmpdir(), 'workcred-lock-')), 'db.lock');
    writeFileSync(lock, '999999');
    const release = acquireLockFile(lock, 'The embedded database');
    expect(() => acquireLockFile(lock, 'again')).not.toThrow();
    release();
  });
});
