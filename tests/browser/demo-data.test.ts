import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/dev/seed-demo-data.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, type BrowserHarness } from '../support/browser.ts';

/** Issue 19: a newcomer signing in as the demo accounts finds every screen populated. */
describe('demo data in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await seedDemo(h.t.app);
  });
  afterAll(async () => h?.close());

  async function signedIn(email: string, home = '/dashboard') {
    const browser = await h.open('/auth');
    await submitSignIn(browser.page, email, DEMO_PASSWORD);
    await waitForPath(browser.page, home);
    return browser.page;
  }

  it('shows the employer a full pipeline, interviews, candidates and employees', { timeout: 120_000 }, async () => {
    const page = await signedIn('hr@nimbus-tech.demo.workcred.in');
    await page.getByText(messages.dashboardOverview.recentActivity).waitFor();
    await screenshot(page, 'demo-employer-overview');

    await page.goto('/dashboard/jobs');
    const card = page.getByRole('article', { name: 'Senior Backend Engineer (Java)' });
    await card.getByRole('link', { name: messages.jobsManagement.applications }).click();
    for (const [stage, name] of [['interview', 'Arjun Nair'], ['offered', 'Meera Pillai'], ['hired', 'Rohan Deshmukh'], ['screening', 'Farhan Qureshi'], ['rejected', 'Kabir Singh']] as const) {
      await page.getByTestId(`pipeline-column-${stage}`).getByRole('listitem', { name }).waitFor();
    }
    await screenshot(page, 'demo-pipeline');

    await page.goto('/dashboard/interviews');
    await page.getByTestId('interview-item').filter({ hasText: 'Arjun Nair' }).waitFor();
    await screenshot(page, 'demo-interviews');
    await page.getByRole('button', { name: messages.interviews.filters.past }).click();
    await page.getByTestId('interview-item').filter({ hasText: 'Meera Pillai' }).waitFor();

    await page.goto('/dashboard/candidates');
    await expect.poll(() => page.getByTestId('candidate-result').count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, 'demo-candidates');

    await page.goto('/dashboard/team/employees');
    await page.getByText('Rohan Deshmukh').first().waitFor();
    await screenshot(page, 'demo-employees');
  });

  it('shows Kavya her verified history, its share with Nimbus and who viewed it; the admin the review queue', { timeout: 120_000 }, async () => {
    const page = await signedIn('kavya.candidate@demo.workcred.in');
    const history = page.getByTestId('employment-history');
    await history.scrollIntoViewIfNeeded();
    await history.getByText('Saffron Health').first().waitFor();
    await history.getByTestId('record-share').filter({ hasText: 'Nimbus Technologies' }).waitFor();
    await screenshot(page, 'demo-candidate-history');

    const admin = await signedIn('admin@demo.workcred.in', '/admin');
    await admin.getByRole('tab', { name: messages.verification.adminTab }).click();
    await admin.getByTestId('verification-queue').getByText('Arjun Nair', { exact: true }).first().waitFor();
    await screenshot(admin, 'demo-admin-queue');
    await admin.getByRole('tab', { name: messages.adminPage.supportTab }).click();
    await admin.getByText('Arjun Nair').first().waitFor();
  });
});
