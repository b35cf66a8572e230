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

  it('serves /auth with the Google button already in it: the page never asks for the sign-in methods, and the form does not move when the script starts', async () => {
    const html = await (await fetch(`${h.baseURL}/auth`)).text();
    expect(html).toMatch(new RegExp(`<button type="button"[^>]*>${messages.signIn.googleButton}</button>`));
    const { page } = await h.open();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/site-config')) asked.push(request.url());
    });
    // Where the server's HTML puts the form's last line, before any script has run (module scripts
    // run after the document is parsed), to compare with where it is once the page has hydrated.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const last = [...document.querySelectorAll('#root p')].pop();
        (window as unknown as { servedTop?: number }).servedTop = last?.getBoundingClientRect().top;
      });
    });
    await page.goto('/auth');
    // Hydrated: the form's submit button is enabled by the script.
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: messages.signIn.googleButton }).waitFor();
    expect(asked).toEqual([]);
    const servedTop = await page.evaluate(() => (window as unknown as { servedTop?: number }).servedTop);
    expect(servedTop).toBeGreaterThan(0);
    expect(await page.locator('#root p').last().evaluate((p) => p.getBoundingClientRect().top)).toBe(servedTop);
  });
});
