import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { escapeHtml } from '../../server/features/public-jobs/job-page-meta.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 14, item 4: the server puts the rendered landing and job pages inside the page's root
 * (the browser app hydrates them). The renderer here stands in for web/prerender.tsx's build: it
 * counts its renders and fails for one job, which must only cost that page its early paint.
 */
function distWithRenderer(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-dist-render-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>WorkCred</title><meta name="description" content="Built." /><link rel="stylesheet" crossorigin href="/assets/index-abc.css"><link rel="stylesheet" crossorigin href="/assets/odd-abc.css"></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc.css'), '.brand{color:#047857}');
  // A sheet that could end the <style> element early is never inlined.
  writeFileSync(path.join(dir, 'assets', 'odd-abc.css'), '.x{content:"</style><script>alert(1)</script>"}');
  mkdirSync(path.join(dir, '.ssr'));
  writeFileSync(
    path.join(dir, '.ssr', 'prerender.js'),
    `globalThis.__renders = 0;
export async function renderPage(pagePath, { job, siteConfig } = {}) {
  globalThis.__renders += 1;
  if (job && job.title === 'Boom') throw new Error('render failed');
  if (siteConfig) return '<main data-path="' + pagePath + '">Sign in' + (siteConfig.google_sign_in ? ' or Google' : '') + '</main>';
  return '<main data-path="' + pagePath + '">' + (job ? job.title.replace(/</g, '&lt;') : 'Landing') + '</main>';
}`,
  );
  return dir;
}

describe.skipIf(laneUnavailable)('pages rendered on the server', () => {
  let t: TestApp;
  const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;
  beforeAll(async () => {
    t = await createTestApp({}, { distDir: distWithRenderer() });
  });
  afterAll(async () => t?.close());

  it('serves / with the landing inside the root, rendered once for every visit after', async () => {
    const first = await t.app.inject('/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.body).toContain('<div id="root"><main data-path="/">Landing</main></div>');
    // It grows downwards as it is parsed: it paints as soon as it can.
    expect(first.body).not.toContain('rel="expect"');
    // Its stylesheet inside it, so it paints with its HTML; one that could close <style> stays a link.
    expect(first.body).toContain('<style>.brand{color:#047857}</style>');
    expect(first.body).toContain('<link rel="stylesheet" crossorigin href="/assets/odd-abc.css">');
    expect(first.body).not.toContain('alert(1)');
    // The landing's own title and description, as the page sets them when it runs: crawlers and chat apps read these.
    expect(first.body).toContain(`<title>${escapeHtml(messages.landing.title)}</title>`);
    expect(first.body).toContain(`<meta name="description" content="${escapeHtml(messages.landing.description)}" />`);
    expect(first.body).toContain(`<meta property="og:title" content="${escapeHtml(messages.landing.title)}" />`);
    expect(first.body).not.toContain('Built.');
    expect(first.body.match(/<title>/g)).toHaveLength(1);
    const before = renders();
    expect((await t.app.inject('/')).body).toBe(first.body);
    expect(renders()).toBe(before);
  });

  it("serves a job's page with the job inside the root, and renders a crowd's visits once", async () => {
    const company = await t.factories.company({ name: 'Vaigai Mills' });
    const job = await t.factories.job(company.id, { title: 'Spinning Master <Night>' });
    const page = await t.app.inject(`/jobs/${job.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<div id="root"><main data-path="/jobs/${job.id}">Spinning Master &lt;Night></main></div>`);
    const before = renders();
    await Promise.all(Array.from({ length: 20 }, () => t.app.inject(`/jobs/${job.id}`)));
    expect(renders()).toBe(before);
  });

  it('serves the page empty when rendering fails, and an unknown job empty too', async () => {
    const company = await t.factories.company({ name: 'Noyyal Knits' });
    const job = await t.factories.job(company.id, { title: 'Boom' });
    const page = await t.app.inject(`/jobs/${job.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('rel="expect"');
    const missing = await t.app.inject('/jobs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('<div id="root"></div>');
  });

  it("serves /auth to a visitor with no session rendered with the server's sign-in methods, which the page carries too; once for every visit after", async () => {
    const first = await t.app.inject('/auth');
    expect(first.body).toContain('<div id="root"><main data-path="/auth">Sign in</main></div><div id="root-end" hidden></div>');
    // Its card is centred: its first paint waits for the whole of it (a part painted, then moved).
    expect(first.body).toMatch(/<link rel="expect" href="#root-end" blocking="render">/);
    expect(first.body).toContain('<script type="application/json" id="site-config">{"google_sign_in":false}</script>');
    const before = renders();
    expect((await t.app.inject('/auth')).body).toBe(first.body);
    expect(renders()).toBe(before);
    // With a session cookie the page checks the session first: not rendered, but it still carries them.
    const withCookie = await t.app.inject({ url: '/auth', headers: { cookie: 'workcred.session_token=stale' } });
    expect(withCookie.body).toContain('<div id="root"></div>');
    expect(withCookie.body).toContain('id="site-config"');
  });

  it('renders /auth with Google when the server offers it', async () => {
    const google = await createTestApp({ GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' }, { distDir: distWithRenderer() });
    try {
      const page = await google.app.inject('/auth');
      expect(page.body).toContain('<div id="root"><main data-path="/auth">Sign in or Google</main></div>');
      expect(page.body).toContain('<script type="application/json" id="site-config">{"google_sign_in":true}</script>');
    } finally {
      await google.close();
    }
  });
});
