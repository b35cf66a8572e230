import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(laneUnavailable)('Google sign-in (optional)', () => {
  let withGoogle: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withGoogle = await createTestApp({ GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' });
    without = await createTestApp();
  });
  afterAll(async () => {
    await withGoogle?.close();
    await without?.close();
  });

  it('sends the browser to Google and back through our callback, returning to /auth/callback', async () => {
    const response = await withGoogle.app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/auth/callback' } });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('client-id.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('tells the browser whether to offer the button', async () => {
    expect((await withGoogle.app.inject('/api/site-config')).json()).toEqual({ google_sign_in: true });
    expect((await without.app.inject('/api/site-config')).json()).toEqual({ google_sign_in: false });
  });

  it('is refused when not configured', async () => {
    const response = await without.app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/auth/callback' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
