import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Budgets of issue 14, item 4: gzip bytes of the JavaScript a page loads before it is in use. */
export const FIRST_LOAD_BUDGETS = { '/': 90 * 1024, '/auth': 120 * 1024, '/jobs/:id': 120 * 1024 } as const;

export interface FirstLoad {
  /** Each script the page fetched (path under the site) and its gzip size in bytes. */
  scripts: { path: string; gzip: number }[];
  gzipTotal: number;
}

/** The gzip size of a built file: the .gz the build wrote beside it, else compressed here (small files). */
export function gzipSizeOf(distDir: string, assetPath: string): number {
  const file = path.join(distDir, assetPath);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Opens `url` in `page` and counts the JavaScript it fetches until `ready` resolves and the
 * network has been quiet: what a visitor downloads before they can use the page.
 */
export async function measureFirstLoad(page: Page, url: string, distDir: string, ready: (page: Page) => Promise<unknown>): Promise<FirstLoad> {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) seen.add(pathname);
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const scripts = [...seen].sort().map((script) => ({ path: script, gzip: gzipSizeOf(distDir, script) }));
  return { scripts, gzipTotal: scripts.reduce((sum, script) => sum + script.gzip, 0) };
}
