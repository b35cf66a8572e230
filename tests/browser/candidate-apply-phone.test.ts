import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { jobApplicationsMessages } from '../../shared/messages/job-applications.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { codeIn, readOutbox, waitForMessage } from '../support/outbox.ts';
import { waitFor } from '../support/wait-for.ts';

const c = messages.candidate;
const titles = c.registration.stepTitles;
const dash = messages.candidateDashboard;
const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 375, height: 800 };

/** Everything of the element is inside the viewport's width (nothing cut off at the right). */
async function fitsWidth(page: Page, testId: string): Promise<{ right: number; width: number }[]> {
  return page.getByTestId(testId).evaluateAll((elements) => elements.map((element) => ({ right: Math.round(element.getBoundingClientRect().right), width: document.documentElement.clientWidth })));
}

/**
 * Issue 33, B5 and B7: a fresher on a phone opens a shared job link, taps Apply, signs up as a
 * candidate (no UAN yet), is brought back to the job and applies; the dashboard's applications
 * are cards that fit the phone; the phone verified by code is a done check; the email arrives.
 */
describe('a candidate applying from a phone (375 px), without a UAN', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('goes from a job link through candidate sign-up without a UAN, back to the job, applies, and sees cards that fit', { timeout: 180_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Godavari Foods' });
    const job = await h.t.factories.job(company.id, { title: 'Graduate Trainee, Quality', location: 'Hyderabad', expiresAt: new Date(Date.now() + 30 * DAY) });
    const email = 'divya.nair@example.in';
    const { page } = await h.open();
    await page.setViewportSize(PHONE);
    await page.goto(`/jobs/${job.id}?src=link`);
    await page.getByRole('heading', { name: 'Graduate Trainee, Quality', level: 1 }).waitFor();

    // Apply, signed out: the candidates' sign-in or registration, never the employer trial text.
    await page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await waitForPath(page, '/candidate/register');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/jobs/${job.id}?src=link`);
    await page.getByTestId('apply-context').getByText(c.flow.applyTitle).waitFor();
    expect(await page.getByText(messages.auth.signInSubtitle).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'apply-phone-1-sign-in-375');

    // Email code, then the SMS code.
    await page.getByLabel(c.flow.emailLabel).fill(email);
    await page.getByRole('button', { name: c.registration.continueWithEmail }).click();
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === email && m.subject === 'Your WorkCred email verification code');
    await page.getByLabel(c.registration.emailCodeLabel).fill(codeIn(mail));
    await page.getByRole('button', { name: c.registration.verifyEmailButton }).click();
    await page.getByRole('heading', { name: titles.addPhone, level: 2 }).waitFor();
    await page.getByLabel(c.phone.phoneLabel).fill('98480 22338');
    await page.getByRole('button', { name: c.phone.sendOtp }).click();
    const sms = await waitFor(() => readOutbox(h.t.dataDir).find((m) => m.channel === 'sms' && m.to === '+919848022338'), { what: 'the SMS code' });
    await page.getByLabel(c.phone.otpLabel).fill(codeIn(sms));
    await page.getByRole('button', { name: c.phone.verifyOtp }).click();

    // No UAN yet: the box, and which check needs it.
    await page.getByRole('heading', { name: titles.uan, level: 2 }).waitFor();
    await page.getByLabel(c.uan.noUanLabel).check();
    await page.getByTestId('no-uan-note').getByText(c.uan.needsUan).waitFor();
    expect(await page.getByLabel(c.uan.label).isDisabled()).toBe(true);
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'apply-phone-2-no-uan-375');
    await page.getByRole('button', { name: c.registration.next }).click();

    await page.getByRole('heading', { name: titles.personal, level: 2 }).waitFor();
    await page.getByLabel(c.personal.fullNameLabel).fill('Divya Nair');
    await page.getByLabel(c.personal.educationLabel).fill('B.Tech, JNTU Hyderabad, 2026');
    await page.getByLabel(messages.privacy.adultLabel).check();
    await page.getByLabel(messages.privacy.noticeLabel).check();
    await page.getByRole('button', { name: c.registration.next }).click();
    await page.getByRole('heading', { name: titles.professional, level: 2 }).waitFor();
    await page.getByLabel(c.professional.currentEmployerLabel).fill('Fresher');
    await page.getByLabel(c.professional.noticePeriodLabel).fill('0');
    await page.getByLabel(c.professional.experienceLabel).fill('0');
    await page.getByRole('button', { name: c.registration.next }).click();
    await page.getByRole('heading', { name: titles.documents, level: 2 }).waitFor();
    await page.getByRole('button', { name: c.registration.completeRegistration }).click();

    // Back on the job, from where the Apply was tapped, and applying works.
    await waitForPath(page, `/jobs/${job.id}`);
    expect(new URL(page.url()).search).toBe('?src=link');
    await page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await waitForToast(page, messages.jobDetail.submitted);
    const rows = await h.t.database.db.selectFrom('job_applications').select(['source']).where('job_id', '=', job.id).execute();
    expect(rows).toEqual([{ source: 'link' }]);
    const received = await waitForMessage(h.t.dataDir, (m) => m.to === email && m.subject === fill(jobApplicationsMessages.receivedEmail.subject, { title: 'Graduate Trainee, Quality', company: 'Godavari Foods' }));
    expect(received.text).toContain(`${h.baseURL}/dashboard`);

    // The dashboard on the phone: the application is a card with its status and Withdraw on screen.
    await page.goto('/dashboard');
    const card = page.getByTestId('candidate-application');
    await card.getByText(dash.statusLabels.received ?? 'Received', { exact: true }).waitFor();
    await card.getByRole('button', { name: messages.pipeline.withdraw }).waitFor();
    for (const box of [...(await fitsWidth(page, 'candidate-application')), ...(await fitsWidth(page, 'candidate-applications'))]) expect(box.right).toBeLessThanOrEqual(box.width);
    const withdraw = await card.getByRole('button', { name: messages.pipeline.withdraw }).boundingBox();
    expect((withdraw?.x ?? 0) + (withdraw?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('profile-uan').filter({ hasText: c.uan.noUanYet }).waitFor();
    await page.getByTestId('profile-uan-note').filter({ hasText: c.uan.needsUan }).waitFor();
    // The phone verified by the code is a finished check, with the number and the day.
    const phoneCheck = page.getByTestId('check-phone');
    await phoneCheck.getByText(messages.verification.statuses.verified ?? 'Verified', { exact: true }).waitFor();
    await phoneCheck.getByTestId('phone-verified-by-code').filter({ hasText: 'Verified by code sent to +91•••••••338' }).waitFor();
    expect(await phoneCheck.getByRole('button', { name: messages.verification.giveConsent }).count()).toBe(0);
    await page.getByTestId('uan-check-needs-uan').waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('candidate-applications').scrollIntoViewIfNeeded();
    await screenshot(page, 'apply-phone-3-dashboard-375');

    // The same at 1280: one row per application under column headings.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'apply-phone-4-dashboard-1280');

    // The company's people were told (in-app); the email went through the outbox.
    expect(readOutbox(h.t.dataDir).filter((m) => m.to === email && m.subject?.startsWith('Application received'))).toHaveLength(1);
  });

  it('tells the company’s recruiter of the new application in the app', async () => {
    const company = await h.t.factories.company({ name: 'Krishna Mills' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: 'Monsoon-Ledger-Pune-84' });
    const job = await h.t.factories.job(company.id, { title: 'Shift Supervisor', expiresAt: new Date(Date.now() + 30 * DAY) });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Imran Sheikh', password: 'Monsoon-Ledger-Pune-84' });
    await h.t.factories.candidateProfile(candidate.id);

    const team = await h.openSignedIn(recruiter.email, 'Monsoon-Ledger-Pune-84');
    await team.page.setViewportSize(PHONE);
    const applicant = await h.openSignedIn(candidate.email, 'Monsoon-Ledger-Pune-84', `/jobs/${job.id}`);
    await applicant.page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await waitForToast(applicant.page, messages.jobDetail.submitted);
    // Live: the recruiter's open page shows the notice without a reload.
    await waitForToast(team.page, fill(jobApplicationsMessages.teamNotice.title, { title: 'Shift Supervisor' }));
    await screenshot(team.page, 'apply-team-notice-375');
  });
});
