import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { jobLifecycleMessages } from '../../shared/messages/job-lifecycle.ts';
import { screenshot, startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Monsoon-Ledger-27';
const DAY = 24 * 60 * 60 * 1000;
const SCREENS = ['/dashboard', '/dashboard/jobs', '/dashboard/candidates', '/dashboard/interviews', '/dashboard/team', '/dashboard/team/employees', '/dashboard/documents', '/dashboard/analytics', '/dashboard/billing', '/dashboard/settings', '/dashboard/support'];
/** Buttons the server refuses an interviewer (issue 33 B6: they were shown). */
const REFUSED_TO_INTERVIEWERS = [messages.interviews.reschedule, messages.interviews.cancelInterview, messages.interviews.scheduleInterview, messages.jobsManagement.delete, jobLifecycleMessages.edit, jobLifecycleMessages.close, messages.jobsManagement.createNewJob, 'Add employee'];

/**
 * Issue 33 B6: an interviewer was shown what the server refuses (Delete job, Reschedule, Cancel
 * interview) and raw "Failed to load…" on Team and Billing. Each screen now shows only what the
 * role may do, and a screen the role cannot open says who can. The harness fails the test on any
 * console error, so a 403 the page asked for fails it too.
 */
describe('every dashboard screen as an interviewer and as a recruiter', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  async function walk(page: Page, who: string, screens: string[], refused: string[], width: number) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of screens) {
      await page.goto(screen);
      await page.locator('main').waitFor();
      // Settled once its requests are answered (the live socket does not count).
      await page.waitForLoadState('networkidle');
      const main = page.locator('main');
      expect(await main.innerText(), `${who} ${screen}`).not.toMatch(/Failed to load/i);
      for (const name of refused) expect(await main.getByRole('button', { name, exact: true }).count(), `${who} ${screen}: ${name}`).toBe(0);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `roles-${who}-${width}${screen.replace(/\//g, '-')}`);
    }
  }

  it('shows each role only what it may do, and says who can open the rest', { timeout: 300_000 }, async () => {
    const { factories, database } = h.t;
    const company = await factories.company({ name: 'Godavari Foods' });
    await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', fullName: 'Rahul Verma' });
    const interviewer = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: PASSWORD, fullName: 'Deepa Krishnan' });
    const recruiter = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Manoj Tiwari' });
    const job = await factories.job(company.id, { title: 'Risk Analyst', expiresAt: new Date(Date.now() + 30 * DAY) });
    const candidate = await factories.user({ role: 'candidate', fullName: 'Vikram Joshi' });
    const application = await factories.application(job.id, candidate.id);
    const interview = await database.db
      .insertInto('interviews')
      .values({ application_id: application.id, company_id: company.id, scheduled_at: new Date(Date.now() + 3 * DAY), duration_minutes: 60, mode: 'video', location: 'https://meet.example.com/risk' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('interview_interviewers').values({ interview_id: interview.id, user_id: interviewer.id }).execute();
    const pipeline = `/dashboard/jobs/${job.id}/pipeline`;

    const asInterviewer = await h.openSignedIn(interviewer.email, PASSWORD);
    const { page } = asInterviewer;
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

    const asRecruiter = await h.openSignedIn(recruiter.email, PASSWORD);
    for (const width of [1280, 375]) await walk(asRecruiter.page, 'recruiter', [...SCREENS, pipeline], [], width);
    await asRecruiter.page.goto('/dashboard/billing');
    await expect.poll(() => asRecruiter.page.getByTestId('screen-refused').innerText()).toContain('Only owners and admins can see billing. Your role (Recruiter) cannot');
    // What a recruiter may do is still offered.
    await asRecruiter.page.goto('/dashboard/interviews');
    await asRecruiter.page.getByRole('button', { name: messages.interviews.reschedule }).waitFor();
    await asRecruiter.page.goto('/dashboard/jobs');
    await asRecruiter.page.getByRole('button', { name: `Edit ${job.title}` }).waitFor();
  });
});
