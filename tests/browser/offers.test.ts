import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { offersMessages as text } from '../../shared/messages/offers.ts';
import { indiaDateFromToday } from '../../shared/schemas/employment.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { downloadedBytes, screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { joinRupeeSign, pdfText } from '../support/pdf-qr.ts';

const PASSWORD = 'Kaveri-Offers-Journey-36';

/**
 * Issue 36 §5's journey: a recruiter makes an offer from the pipeline with its CTC in rupees
 * (the total worked out as they type) and submits it; they are not offered Approve. The owner
 * approves and sends it. The candidate, on a 375 px phone, reads it on their dashboard, downloads
 * the letter and accepts, and is hired with the offer's title and joining date.
 */
describe('offers: make, approve, send, accept', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('goes from a recruiter’s draft to an owner’s approval to the candidate’s acceptance', { timeout: 240_000 }, async () => {
    const db = h.t.database.db;
    const company = await h.t.factories.company({ name: 'Kaveri Analytics Pvt Ltd' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Anita Desai' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Farhan Sheikh' });
    const job = await h.t.factories.job(company.id, { title: 'Data Analyst' });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Kavya Menon', password: PASSWORD });
    await h.t.factories.candidateProfile(candidate.id);
    const application = await h.t.factories.application(job.id, candidate.id);
    await db.updateTable('job_applications').set({ status: 'interview' }).where('id', '=', application.id).execute();
    await db.updateTable('companies').set({ letter_signatory_name: 'Anita Desai', letter_signatory_designation: 'Head of People' }).where('id', '=', company.id).execute();
    await db
      .insertInto('company_billing_profiles')
      .values({ company_id: company.id, legal_name: 'Kaveri Analytics Private Limited', address_line1: '12 Residency Road', address_line2: null, city: 'Bengaluru', state: 'Karnataka', pincode: '560025', updated_by: owner.id, updated_at: new Date() })
      .execute();
    const joining = indiaDateFromToday(30);

    // The recruiter makes the offer from the application's panel.
    const recruiting = await h.openSignedIn(recruiter.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    let page = recruiting.page;
    await page.getByRole('button', { name: 'Kavya Menon', exact: true }).first().click();
    let panel = page.getByRole('dialog', { name: 'Kavya Menon' });
    await panel.getByRole('button', { name: text.createOffer }).click();
    const form = page.getByRole('dialog', { name: fill(text.formTitle, { name: 'Kavya Menon' }) });
    await form.getByLabel(text.titleLabel).fill('Senior Data Analyst');
    await form.getByLabel(text.joiningDateLabel).fill(joining);
    await form.getByLabel(text.components.basic).fill('6,00,000');
    await form.getByLabel(text.components.hra).fill('300000');
    await form.getByLabel(text.components.special_allowance).fill('2,28,000');
    await form.getByLabel(text.components.employer_pf).fill('80,000');
    await form.getByLabel(text.components.gratuity).fill('28,860');
    await form.getByTestId('offer-total').getByText(`${text.totalLabel}: ₹12,36,860`).waitFor();
    await form.getByRole('button', { name: text.save }).click();
    // More than 12% of basic: the field says so.
    await form.getByText(/cannot be more than 12% of basic \(₹72,000 a year\)/).waitFor();
    await form.getByLabel(text.components.employer_pf).fill('72,000');
    await form.getByTestId('offer-total').getByText(`${text.totalLabel}: ₹12,28,860`).waitFor();
    await form.getByText('₹1,02,405 a month').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offers-form-1280');
    await form.getByRole('button', { name: text.save }).click();
    await waitForToast(page, text.saved);
    const section = panel.getByTestId('offer-section');
    await section.getByText(text.statuses.draft, { exact: true }).waitFor();
    await section.getByRole('button', { name: text.submit }).click();
    await waitForToast(page, text.submitted);
    await section.getByText(text.statuses.pending_approval, { exact: true }).waitFor();
    await section.getByText(text.waitingApproval).waitFor();
    expect(await section.getByRole('button', { name: text.approve }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offers-panel-recruiter');

    // The owner approves and sends it.
    const owning = await h.openSignedIn(owner.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    page = owning.page;
    await page.getByRole('button', { name: 'Kavya Menon', exact: true }).first().click();
    panel = page.getByRole('dialog', { name: 'Kavya Menon' });
    const ownerSection = panel.getByTestId('offer-section');
    await ownerSection.getByRole('button', { name: text.approve }).click();
    await waitForToast(page, text.approved);
    await ownerSection.getByRole('button', { name: text.send }).click();
    await waitForToast(page, fill(text.sent, { name: 'Kavya Menon' }));
    await ownerSection.getByText(text.statuses.sent, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offers-panel-owner-sent');

    // The candidate, on a phone: the offer on the dashboard, its letter, Accept.
    const candidating = await h.openSignedIn(candidate.email, PASSWORD);
    page = candidating.page;
    await page.setViewportSize({ width: 375, height: 812 });
    const card = page.getByTestId('candidate-offer');
    await card.getByRole('heading', { name: fill(text.offerFrom, { company: 'Kaveri Analytics Pvt Ltd' }) }).waitFor();
    await card.getByText(fill(text.candidateTotal, { total: '₹12,28,860' })).waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offers-candidate-375');
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: new RegExp(`^${text.viewLetter}`) }).click();
    const letter = joinRupeeSign(await pdfText(await downloadedBytes(await download)));
    for (const expected of ['12 Residency Road', 'Anita Desai', 'Head of People', '₹12,28,860']) expect(letter).toContain(expected);

    await card.getByRole('button', { name: text.accept }).click();
    const confirm = page.getByRole('dialog', { name: fill(text.acceptTitle, { company: 'Kaveri Analytics Pvt Ltd' }) });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: text.acceptConfirm }).click();
    await waitForToast(page, text.acceptedDone);
    await card.getByText(text.statuses.accepted, { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offers-candidate-accepted-375');

    const hired = await db.selectFrom('employments').select(['title', 'joining_date']).where('application_id', '=', application.id).executeTakeFirstOrThrow();
    expect(hired).toEqual({ title: 'Senior Data Analyst', joining_date: joining });
    expect((await db.selectFrom('job_applications').select('status').where('id', '=', application.id).executeTakeFirstOrThrow()).status).toBe('hired');
  });

  it('lets an admin name the signatory in Settings → Letters, beside the billing address', { timeout: 90_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Tunga Signatory Foods' });
    const admin = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'admin', password: PASSWORD });
    const { page } = await h.openSignedIn(admin.email, PASSWORD, '/dashboard/settings/letters');
    const section = page.getByTestId('signatory-settings');
    await section.getByText(text.signatoryNoAddress).waitFor();
    await section.getByLabel(text.signatoryName).fill('Rekha Pillai');
    await section.getByLabel(text.signatoryDesignation).fill('Director, Human Resources');
    await section.getByRole('button', { name: text.signatorySave }).click();
    await waitForToast(page, text.signatorySaved);
    const saved = await h.t.database.db.selectFrom('companies').select(['letter_signatory_name', 'letter_signatory_designation']).where('id', '=', company.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ letter_signatory_name: 'Rekha Pillai', letter_signatory_designation: 'Director, Human Resources' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offers-signatory-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offers-signatory-375');
  });
});
