import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { signIn } from '../support/test-app.ts';
import { salarySlip } from '../../server/dev/demo-pdfs.ts';

const PASSWORD = 'Kolam-Harbour-Madurai-73';
const text = messages.verification;

describe('verification: the candidate consents, the team reviews a flagged document in the queue and verifies it, and the employer’s board shows the badge', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ UAN_PROVIDER: 'none' });
  });
  afterAll(async () => h?.close());

  it('runs consent → automatic pass → admin queue with PDF and flags → Verified on the candidate’s card', async () => {
    const { db } = h.t.database;
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD, fullName: 'Lakshmi Verifier' });
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Priya Sharma' });
    await h.t.factories.candidateProfile(candidate.id, { uan: '100123456789', current_employer: 'Acme Technologies Pvt. Ltd.', current_pay_lakh: 6.24 });
    await db.updateTable('user_profiles').set({ phone: '+919812345678', mobile_verified: true }).where('id', '=', candidate.id).execute();
    // The candidate applied to an employer, whose board will show the badge once the team decides.
    const company = await h.t.factories.company({ name: 'Kaveri Logistics' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Anand Rao' });
    const job = await h.t.factories.job(company.id, { title: 'Fleet Analyst' });
    await h.t.factories.application(job.id, candidate.id);
    // The slip carries another UAN: the automatic pass sends it to the team.
    const jar = await signIn(h.t.app, candidate.email, PASSWORD);
    const uploaded = await h.t.app.inject({
      method: 'PUT',
      url: '/api/candidate/documents/salary_slip',
      headers: { cookie: jar.header, 'content-type': 'application/pdf', origin: h.baseURL },
      payload: await salarySlip({ name: 'Priya Sharma', uan: '100999999999', employer: 'Acme Technologies Pvt. Ltd.', netPay: '52,000.00' }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    // The candidate gives consent from the dashboard: the purpose is shown first.
    const candidateBrowser = await h.openSignedIn(candidate.email, PASSWORD);
    const cpage = candidateBrowser.page;
    const card = cpage.getByTestId('verification-card');
    const slipRow = card.getByTestId('check-salary_slip');
    await slipRow.getByText(text.statuses.pending ?? '').waitFor();
    await slipRow.getByRole('button', { name: text.giveConsent }).click();
    const dialog = cpage.getByRole('dialog', { name: fill(text.consentTitle, { subject: 'salary slip' }) });
    await dialog.getByText(text.purposes.salary_slip ?? '').waitFor();
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await screenshot(cpage, 'verification-consent-dialog');
    await dialog.getByRole('button', { name: text.consentConfirm }).click();
    await waitForToast(cpage, fill(text.consentSaved.in_review ?? '', { subject: 'salary slip' }));
    await slipRow.getByTestId('check-status').getByText(text.statuses.in_review ?? '').waitFor();
    await slipRow.getByText(text.flagsLabel).click();
    await slipRow.locator('[data-outcome="mismatch"]').getByText('100999999999', { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(cpage, 'verification-candidate-in-review');

    // The employer's board: Priya's card has no badge yet.
    const employerBrowser = await h.openSignedIn(employer.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    const epage = employerBrowser.page;
    const boardCard = epage.getByTestId('pipeline-column-received').getByRole('listitem', { name: 'Priya Sharma' });
    await boardCard.waitFor();
    const slipBadge = boardCard.getByRole('list', { name: 'Verified' }).getByText(messages.pipeline.verificationSubjects.salary_slip ?? '');
    expect(await slipBadge.count()).toBe(0);

    // The admin opens the Verification tab and the queued check.
    const { page } = await h.openSignedIn(admin.email, PASSWORD, '/admin');
    await page.getByRole('tab', { name: text.adminTab }).click();
    const queue = page.getByTestId('verification-queue');
    await queue.getByText('Priya Sharma', { exact: true }).waitFor();
    await screenshot(page, 'verification-admin-queue');
    await queue.getByRole('button', { name: `${text.open}: ${text.subjects.salary_slip}, Priya Sharma` }).click();

    const review = page.getByTestId('check-review');
    const viewer = review.getByTestId('document-viewer');
    await viewer.waitFor();
    const check = await db.selectFrom('verification_checks').select('id').where('candidate_id', '=', candidate.id).where('subject', '=', 'salary_slip').executeTakeFirstOrThrow();
    expect(await viewer.getAttribute('src')).toBe(`/api/verification/checks/${check.id}/document`);
    // The viewer's URL answers the PDF itself, inline and sandboxed.
    const pdf = await page.request.get(`/api/verification/checks/${check.id}/document`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline/);
    expect(pdf.headers()['content-security-policy']).toMatch(/^sandbox/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const mismatch = review.locator('[data-outcome="mismatch"]');
    await mismatch.getByText(text.reviewerRules.uan ?? '').waitFor();
    await mismatch.getByText('100999999999', { exact: true }).waitFor();
    await review.locator('[data-outcome="match"]').getByText(text.reviewerRules.name ?? '').waitFor();
    await screenshot(page, 'verification-admin-review');

    await review.getByRole('button', { name: text.verify, exact: true }).click();
    await waitForToast(page, text.decisionSaved);
    await review.getByTestId('check-status').getByText(text.statuses.verified ?? '').waitFor();
    await review.getByText('Lakshmi Verifier').first().waitFor();
    await screenshot(page, 'verification-admin-verified');

    // The candidate's open dashboard hears it live: Verified, by the verification team, no name.
    await slipRow.getByTestId('check-status').getByText(text.statuses.verified ?? '').waitFor();
    await slipRow.getByText(fill(text.decidedBy, { decider: text.deciders.verification_team ?? '', date: '' }).trim(), { exact: false }).waitFor();
    expect(await card.textContent()).not.toContain('Lakshmi');
    await screenshot(cpage, 'verification-candidate-verified');

    // The employer's open board hears the decision and shows the badge, without a reload.
    await slipBadge.waitFor();
    await screenshot(epage, 'verification-employer-board-badge');

    const row = await db.selectFrom('verification_checks').selectAll().where('id', '=', check.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'verified', decided_by: 'verification_team', decided_by_user: admin.id });

    // The UAN check with no provider configured (issue 12, defect 4): the reviewer is told that
    // nothing was looked up and that it awaits their review, not "Not found".
    const consented = await h.t.app.inject({ method: 'POST', url: '/api/verification/checks/uan/consent', payload: {}, headers: { cookie: jar.header } });
    expect(consented.statusCode, consented.body).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: text.adminTab }).click();
    await queue.getByRole('button', { name: `${text.open}: ${text.subjects.uan}, Priya Sharma` }).click();
    const uanFlag = review.locator('[data-outcome="not_checked"]');
    await uanFlag.getByText(text.reviewerRules.uan_no_provider ?? '').waitFor();
    await uanFlag.getByText(text.outcomes.not_checked ?? '').waitFor();
    await uanFlag.getByText(text.ruleNotes.reviewer.uan_no_provider ?? '').waitFor();
    expect(await review.textContent()).not.toContain(text.outcomes.missing);
    await screenshot(page, 'verification-admin-uan-no-provider');
  });
});
