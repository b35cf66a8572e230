import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { jobLifecycleMessages } from '../../shared/messages/job-lifecycle.ts';
import { screenshot, type BrowserHarness } from './browser.ts';
import { expectNoSidewaysScroll } from './layout.ts';

/**
 * Shared by tests/browser/role-screens-interviewer.test.ts and role-screens-recruiter.test.ts
 * (one file per role, so the browser lane's two workers walk them at the same time).
 */
export const ROLE_PASSWORD = 'Kaveri-Monsoon-Ledger-27';
const DAY = 24 * 60 * 60 * 1000;
export const SCREENS = ['/dashboard', '/dashboard/jobs', '/dashboard/candidates', '/dashboard/interviews', '/dashboard/team', '/dashboard/team/employees', '/dashboard/documents', '/dashboard/analytics', '/dashboard/billing', '/dashboard/settings', '/dashboard/support'];
/** Buttons the server refuses an interviewer (issue 33 B6: they were shown). */
export const REFUSED_TO_INTERVIEWERS = [messages.interviews.reschedule, messages.interviews.cancelInterview, messages.interviews.scheduleInterview, messages.jobsManagement.delete, jobLifecycleMessages.edit, jobLifecycleMessages.close, messages.jobsManagement.createNewJob, 'Add employee', messages.candidateInvitations.addCandidate, messages.candidateInvitations.importCandidates];

/** A company with an owner, an interviewer and a recruiter, a job, and an interview the interviewer is on. */
export async function seedRoleCompany(h: BrowserHarness) {
  const { factories, database } = h.t;
  const company = await factories.company({ name: 'Godavari Foods' });
  await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', fullName: 'Rahul Verma' });
  const interviewer = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: ROLE_PASSWORD, fullName: 'Deepa Krishnan' });
  const recruiter = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: ROLE_PASSWORD, fullName: 'Manoj Tiwari' });
  const job = await factories.job(company.id, { title: 'Risk Analyst', expiresAt: new Date(Date.now() + 30 * DAY) });
  const candidate = await factories.user({ role: 'candidate', fullName: 'Vikram Joshi' });
  const application = await factories.application(job.id, candidate.id);
  const interview = await database.db
    .insertInto('interviews')
    .values({ application_id: application.id, company_id: company.id, scheduled_at: new Date(Date.now() + 3 * DAY), duration_minutes: 60, mode: 'video', location: 'https://meet.example.com/risk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db.insertInto('interview_interviewers').values({ interview_id: interview.id, user_id: interviewer.id }).execute();
  return { interviewer, recruiter, job, pipeline: `/dashboard/jobs/${job.id}/pipeline` };
}

/** Opens each screen at one width: no "Failed to load…", none of the refused buttons, nothing sticking out. */
export async function walk(page: Page, who: string, screens: string[], refused: string[], width: number) {
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
