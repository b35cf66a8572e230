import { afterAll, beforeAll, describe, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from '../support/browser.ts';

/**
 * Issue 12, defect 12: a signed-out visitor's pages log nothing. The harness fails a test on any
 * console error or warning it was not told to expect; this visits every public page signed out.
 */
describe('public pages, signed out: a clean console', () => {
  let h: BrowserHarness;
  let jobId: string;
  beforeAll(async () => {
    h = await startBrowserHarness();
    const company = await h.t.factories.company({ name: 'Konkan Logistics' });
    jobId = (await h.t.factories.job(company.id, { title: 'Warehouse Supervisor', location: 'Navi Mumbai' })).id;
  });
  afterAll(async () => h?.close());

  it('logs no console error or warning on any public page', async () => {
    const paths = ['/', '/auth', '/auth?trial=true', '/employer-signup', '/candidate', '/candidate/register', '/jobs', `/jobs/${jobId}`, '/companies', '/resources', '/about', '/features', '/contact', '/privacy', '/terms', '/developers'];
    const { page } = await h.open();
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('main, [role="main"], h1').first().waitFor();
    }
  });
});
