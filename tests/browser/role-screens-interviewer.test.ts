import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { REFUSED_TO_INTERVIEWERS, ROLE_PASSWORD, SCREENS, seedRoleCompany, walk } from '../support/role-screens.ts';

/**
 * Issue 33 B6: an interviewer was shown what the server refuses (Delete job, Reschedule, Cancel
 * interview) and raw "Failed to load…" on Team and Billing. Each screen now shows only what the
 * role may do, and a screen the role cannot open says who can. The harness fails the test on any
 * console error, so a 403 the page asked for fails it too. The recruiter's half is in
 * role-screens-recruiter.test.ts.
 */
describe('every dashboard screen as an interviewer', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('shows an interviewer only what they may do, and says who can open the rest', { timeout: 300_000 }, async () => {
    const { interviewer, pipeline } = await seedRoleCompany(h);
    const { page } = await h.openSignedIn(interviewer.email, ROLE_PASSWORD);
    for (const width of [1280, 375]) await walk(page, 'interviewer', [...SCREENS, pipeline], [...REFUSED_TO_INTERVIEWERS, messages.pipeline.move], width);
    // The interview they are on is there, with nothing to reschedule or cancel.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/interviews');
    await page.getByTestId('interview-item').filter({ hasText: 'Vikram Joshi' }).waitFor();
    // Team and Billing: a sentence naming who can, instead of "Failed to load…".
    await page.goto('/dashboard/team');
    await expect.poll(() => page.getByTestId('screen-refused').innerText()).toContain('Only owners, admins and recruiters can see the team. Your role (Interviewer) cannot');
    await page.goto('/dashboard/billing');
    await expect.poll(() => page.getByTestId('screen-refused').innerText()).toContain('Only owners and admins can see billing. Your role (Interviewer) cannot');
    // On the board, nobody can be dragged or moved.
    await page.goto(pipeline);
    await page.getByTestId('pipeline-board').waitFor();
    expect(await page.getByRole('button', { name: /^Drag / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
  });
});
