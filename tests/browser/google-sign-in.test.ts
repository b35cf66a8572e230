import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { startBrowserHarness, type BrowserHarness } from '../support/browser.ts';

describe('Google sign-in button', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' });
  });
  afterAll(async () => h?.close());

  it('sends the browser to Google with our callback when Google is configured', async () => {
    const { page } = await h.open();
    // Google itself is a third party: answer for it instead of leaving the sandbox.
    let googleUrl: URL | undefined;
    await page.route('https://accounts.google.com/**', async (route) => {
      googleUrl = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google</title>' });
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: messages.signIn.googleButton }).click();
    await page.waitForURL(/accounts\.google\.com/);
    expect(googleUrl?.searchParams.get('redirect_uri')).toBe(`${h.baseURL}/api/auth/callback/google`);
    expect(googleUrl?.searchParams.get('client_id')).toBe('client-id.apps.googleusercontent.com');
  });
});
