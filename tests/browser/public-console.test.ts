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
    // Four tabs of one signed-out context take a quarter of the pages each: most of a visit is
    // the half second of network quiet that networkidle waits for, not work.
    const { page, newTab } = await h.open();
    const tabs = [page, ...(await Promise.all([newTab(), newTab(), newTab()]))];
    await Promise.all(
      tabs.map(async (tab, index) => {
        for (const path of paths.filter((_, i) => i % tabs.length === index)) {
          await tab.goto(path);
          await tab.waitForLoadState('networkidle');
          await tab.locator('main, [role="main"], h1').first().waitFor();
        }
      }),
    );
  });
});
