import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { ROLE_PASSWORD, SCREENS, seedRoleCompany, walk } from '../support/role-screens.ts';

/**
 * Issue 33 B6, the recruiter's half (the interviewer's is role-screens-interviewer.test.ts): every
 * screen opens without "Failed to load…", Billing says who can see it, and what a recruiter may do
 * is still offered.
 */
describe('every dashboard screen as a recruiter', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('shows a recruiter what they may do, and says who can open the rest', { timeout: 300_000 }, async () => {
    const { recruiter, job, pipeline } = await seedRoleCompany(h);
    const { page } = await h.openSignedIn(recruiter.email, ROLE_PASSWORD);
    for (const width of [1280, 375]) await walk(page, 'recruiter', [...SCREENS, pipeline], [], width);
    await page.goto('/dashboard/billing');
    await expect.poll(() => page.getByTestId('screen-refused').innerText()).toContain('Only owners and admins can see billing. Your role (Recruiter) cannot');
    // What a recruiter may do is still offered.
    await page.goto('/dashboard/interviews');
    await page.getByRole('button', { name: messages.interviews.reschedule }).waitFor();
    await page.goto('/dashboard/jobs');
    await page.getByRole('button', { name: `Edit ${job.title}` }).waitFor();
  });
});
