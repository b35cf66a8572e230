import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { viteBin } from '../../server/cli/vite-bin.mjs';

describe('npm start finds the vite it builds the web app with', () => {
  it('resolves vite’s command-line script, which runs', () => {
    const bin = viteBin();
    expect(existsSync(bin)).toBe(true);
    const version = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/vite\/\d+\.\d+\.\d+/);
  });
});
