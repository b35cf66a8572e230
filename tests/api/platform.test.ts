import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

function fakeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>WorkCred</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // As web/precompress.ts leaves a build: a brotli copy beside the asset (marked, to tell it apart).
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), 'PRECOMPRESSED-BROTLI');
  return dir;
}

describe.skipIf(laneUnavailable)('platform: health, headers, errors, static app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://workcred.example', SMTP_URL: 'smtp://127.0.0.1:1', UAN_PROVIDER: 'none' },
      {
        distDir: fakeDist(),
        beforeReady: (app) =>
          app.get('/api/test-explode', { config: { access: 'public' } }, async () => {
            throw new Error('secret internal detail: password=hunter2');
          }),
      },
    );
  });
  afterAll(async () => t?.close());

  it('answers /api/health and /api/ready', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('sends security headers: CSP without inline scripts, no framing, nosniff, referrer policy, HSTS', async () => {
    const response = await t.app.inject('/auth');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('sends JSON answers the short set a JSON answer needs: nothing loads from it, frames it or sniffs it', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    // The page-only headers stay on pages.
    expect(response.headers['referrer-policy']).toBeUndefined();
    expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    const refused = await t.app.inject('/api/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('serves index.html for app paths, hashed assets with a long cache and compression', async () => {
    const page = await t.app.inject('/dashboard/jobs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    // The build's brotli copy is sent as it is, not compressed again on the request (issue 14).
    const brotli = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('PRECOMPRESSED-BROTLI');
    expect(brotli.headers['content-type']).toContain('javascript');
  });

  it('answers unknown API paths with JSON 404, not the app', async () => {
    const response = await t.app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: messages.errors.notFound, requestId: expect.any(String) });
  });

  it('hides internals in 5xx answers and gives an id to quote', async () => {
    const response = await t.app.inject('/api/test-explode');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
    expect(response.json()).toMatchObject({ code: 'INTERNAL', message: messages.errors.internal, requestId: expect.any(String) });
  });

  it('uses the __Host- session cookie with Secure in production', async () => {
    const user = await t.factories.user({ password: 'Production-Cookie-Pass-1' });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'Production-Cookie-Pass-1' }, headers: { origin: 'https://workcred.example' } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name.includes('session_token'));
    expect(cookie).toMatchObject({ name: '__Host-workcred.session_token', secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie).not.toHaveProperty('domain');
  });

  it('rejects oversized and malformed JSON bodies with 4xx', async () => {
    const huge = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, payload: `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}` });
    expect(huge.statusCode).toBe(413);
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    const proto = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true},"email":"x@y.in","password":"Whatever-123"}' });
    expect(proto.statusCode).toBeLessThan(500);
  });
});
