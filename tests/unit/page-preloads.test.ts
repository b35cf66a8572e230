import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pagePreloads, PAGE_SCREENS, withPreloads } from '../../server/http/page-preloads.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function distWith(manifest: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-preloads-'));
  dirs.push(dir);
  if (manifest) {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('page preloads from the build manifest', () => {
  it("names a screen's chunk and its imports, but not what index.html already loads", () => {
    const dir = distWith({
      'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_form-1.js': { file: 'assets/form-1.js', imports: ['_react-1.js', '_form-1.js'] },
      '_styles-1.css': { file: 'assets/styles-1.css' },
      [PAGE_SCREENS.auth]: { file: 'assets/auth-page-1.js', imports: ['index.html', '_form-1.js', '_styles-1.css'] },
    });
    const tags = pagePreloads(dir);
    expect(tags.auth).toBe('<link rel="modulepreload" crossorigin href="/assets/auth-page-1.js"><link rel="modulepreload" crossorigin href="/assets/form-1.js">');
    expect(tags.job).toBe('');
    expect(withPreloads('<html><head><title>x</title></head><body></body></html>', tags.auth)).toBe(`<html><head><title>x</title>${tags.auth}</head><body></body></html>`);
  });

  it('adds nothing when the build has no manifest', () => {
    expect(pagePreloads(distWith(null))).toEqual({ auth: '', job: '' });
    expect(withPreloads('<head></head>', '')).toBe('<head></head>');
  });
});
