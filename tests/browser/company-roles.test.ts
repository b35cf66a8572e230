import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Kaveri-Monsoon-Ledger-27';

/** Issue 13, first step: the sidebar shows a member what their company role allows; the server refuses the rest. */
describe('company roles in the dashboard', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  const navLabels = async (page: Page) =>
    page.getByRole('navigation', { name: messages.shell.mainNavigation }).getByRole('link').allTextContents();

  it('shows an interviewer only their screens, starting at Interviews; a recruiter all but billing', async () => {
    const company = await h.t.factories.company({ name: 'Godavari Foods' });
    const interviewer = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: PASSWORD, fullName: 'Deepa Krishnan' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Manoj Tiwari' });

    const first = await h.open('/auth');
    first.expectConsoleError({ status: 403, path: '/api/candidate-search/saved-searches' });
    first.expectConsoleError({ status: 403, path: '/api/candidate-search/search' });
    await submitSignIn(first.page, interviewer.email, PASSWORD);
    await waitForPath(first.page, '/dashboard/interviews');
    await expect.poll(() => navLabels(first.page)).toEqual(['Jobs', 'Interviews', 'Support', 'Settings']);
    await first.page.getByRole('heading', { name: messages.interviews.pageTitle }).waitFor();
    expect(await first.page.getByRole('button', { name: messages.interviews.scheduleInterview }).count()).toBe(0);
    await screenshot(first.page, 'roles-interviewer-nav');
    // No link, and the server refuses the search itself with the reason.
    const refused = await first.page.evaluate(() =>
      fetch('/api/candidate-search/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code: string } })),
    );
    expect(refused).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });

    const second = await h.openSignedIn(recruiter.email, PASSWORD);
    await expect.poll(() => navLabels(second.page)).toEqual(['Dashboard', 'Jobs', 'Candidates', 'Interviews', 'Team', 'Documents', 'Analytics', 'Support', 'Settings']);
  });
});
