import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { downloadedBytes, screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { decodeQrInPdf } from '../support/pdf-qr.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Godavari-Letters-Issue-71';
const text = messages.letters;
const pipeline = messages.pipeline;
const employment = messages.employment;

/**
 * Issue 17's journey: an owner issues an offer letter from the pipeline and hires the candidate,
 * relieves them with an experience letter, downloads it and reads its QR code; a signed-out
 * browser opens that address and sees who issued it; the owner revokes it and the page says so;
 * a changed copy does not match. The candidate finds both letters on their dashboard.
 */
describe('letters: issue, verify, revoke', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('hires with an offer letter, relieves with an experience letter, and anyone verifies it by its QR code', { timeout: 180_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Godavari Agritech Pvt Ltd' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Lakshmi Narayanan' });
    const job = await h.t.factories.job(company.id, { title: 'Agronomist' });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Arjun Reddy', password: PASSWORD });
    await h.t.factories.candidateProfile(candidate.id);
    const application = await h.t.factories.application(job.id, candidate.id);
    await h.t.database.db.updateTable('job_applications').set({ status: 'offered' }).where('id', '=', application.id).execute();

    // The pipeline: the offered applicant's panel issues the offer letter.
    const { page } = await h.openSignedIn(owner.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    await page.getByRole('button', { name: 'Arjun Reddy', exact: true }).first().click();
    const panel = page.getByRole('dialog', { name: 'Arjun Reddy' });
    const issueOffer = fill(text.issue, { kind: text.kinds.offer.toLowerCase() });
    await panel.getByRole('button', { name: issueOffer }).click();
    const offer = page.getByRole('dialog', { name: issueOffer });
    await offer.getByRole('button', { name: issueOffer }).click();
    await offer.getByText(text.offerNeedsTerms).waitFor();
    await offer.getByLabel(text.joiningDateLabel).fill('2027-01-04');
    await offer.getByLabel(text.ctcLabel).fill('9.75');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'letters-issue-offer');
    await offer.getByRole('button', { name: issueOffer }).click();
    await waitForToast(page, fill(text.issued, { kind: text.kinds.offer, name: 'Arjun Reddy' }));
    await offer.waitFor({ state: 'detached' });
    const offerRow = await h.t.database.db.selectFrom('letters').select(['annual_ctc_paise', 'joining_date']).where('kind', '=', 'offer').where('recipient_id', '=', candidate.id).executeTakeFirstOrThrow();
    expect(offerRow).toEqual({ annual_ctc_paise: String(9.75 * 100_000 * 100), joining_date: '2027-01-04' });

    // Then Hired, as the board does it.
    await panel.getByLabel(pipeline.stageLabel).selectOption({ label: pipeline.stageLabels.hired });
    await panel.getByRole('button', { name: pipeline.move, exact: true }).click();
    const hire = page.getByRole('dialog', { name: fill(pipeline.hireTitle, { name: 'Arjun Reddy' }) });
    await hire.getByLabel(pipeline.hireJoiningDate).fill('2025-01-06');
    await hire.getByRole('button', { name: pipeline.hireConfirm }).click();
    await waitForToast(page, fill(pipeline.moved, { name: 'Arjun Reddy', stage: 'Hired' }));

    // Team → Employees: relieve, then the experience letter.
    await page.goto('/dashboard/team/employees');
    const row = page.getByRole('row', { name: 'Arjun Reddy' });
    await row.getByRole('button', { name: fill(employment.relieveNamed, { name: 'Arjun Reddy' }) }).click();
    const relieve = page.getByRole('dialog', { name: fill(employment.relieveTitle, { name: 'Arjun Reddy' }) });
    await relieve.getByLabel(employment.lastDayLabel).fill('2026-10-30');
    await relieve.getByLabel(employment.reasonLabel).fill('Moving to Hyderabad for higher studies');
    await relieve.getByRole('button', { name: employment.relieveConfirm }).click();
    await waitForToast(page, fill(employment.relieved, { name: 'Arjun Reddy' }));
    await page.getByRole('tab', { name: employment.filters.relieved }).click();
    await page.getByRole('row', { name: 'Arjun Reddy' }).getByRole('button', { name: fill(text.issueNamed, { name: 'Arjun Reddy' }) }).click();
    const issueExperience = fill(text.issue, { kind: text.kinds.experience.toLowerCase() });
    const experience = page.getByRole('dialog', { name: issueExperience });
    expect(await experience.getByLabel(text.columns.kind).inputValue()).toBe('experience');
    await experience.getByRole('button', { name: issueExperience }).click();
    await waitForToast(page, fill(text.issued, { kind: text.kinds.experience, name: 'Arjun Reddy' }));

    // Documents → Letters issued: download the experience letter and read its QR code.
    await page.goto('/dashboard/documents');
    const letters = page.getByRole('region', { name: text.listTitle });
    const experienceRow = letters.getByRole('row', { name: `${text.kinds.experience}, Arjun Reddy` });
    await experienceRow.waitFor();
    expect(await letters.getByTestId('letter-row').count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'letters-documents-1280');
    const download = page.waitForEvent('download');
    await experienceRow.getByRole('link', { name: fill(text.downloadNamed, { kind: text.kinds.experience.toLowerCase(), name: 'Arjun Reddy' }) }).click();
    const pdf = await downloadedBytes(await download);
    const address = await decodeQrInPdf(pdf);
    expect(address).toMatch(new RegExp(`^${h.baseURL}/verify/[0-9A-HJKMNP-TV-Z]{12}$`));

    // A signed-out browser opens the address from the QR code.
    const visitor = await h.open();
    const response = await visitor.page.goto(address!);
    expect(response?.status()).toBe(200);
    const facts = visitor.page.getByTestId('letter-facts');
    await facts.getByRole('heading', { name: fill(text.issuedBy, { company: 'Godavari Agritech Pvt Ltd' }) }).waitFor();
    await facts.getByText(text.validBadge, { exact: true }).waitFor();
    expect(await facts.innerText()).toMatch(/Arjun Reddy[\s\S]*Experience letter[\s\S]*Agronomist[\s\S]*6 January 2025[\s\S]*30 October 2026/);
    expect(await facts.innerText()).not.toMatch(/lakh|9\.75/);
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'letters-verify-1280');

    // The owner revokes it; the page says so.
    await page.setViewportSize({ width: 375, height: 812 });
    await experienceRow.getByRole('button', { name: text.revoke }).click();
    const revoke = page.getByRole('dialog', { name: text.revokeTitle });
    await revoke.getByLabel(text.reasonLabel).fill('Issued before the full and final settlement');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await revoke.getByRole('button', { name: text.revoke }).click();
    await waitForToast(page, text.revoked);
    await experienceRow.getByText(text.statusRevoked, { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'letters-documents-375');

    await visitor.page.setViewportSize({ width: 375, height: 812 });
    await visitor.page.reload();
    await facts.getByText(text.revokedBadge, { exact: true }).waitFor();
    await facts.getByText(/was revoked by Godavari Agritech Pvt Ltd on/).waitFor();
    await expectNoSidewaysScroll(visitor.page);

    // A changed copy does not match; the copy as issued does.
    const changed = Buffer.from(pdf);
    changed[changed.length - 30] = changed[changed.length - 30]! ^ 1;
    const fileInput = visitor.page.getByLabel(text.compareLabel);
    await fileInput.setInputFiles({ name: 'experience-letter.pdf', mimeType: 'application/pdf', buffer: changed });
    await visitor.page.getByTestId('compare-result').getByText(text.differs).waitFor();
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'letters-verify-revoked-375');
    await fileInput.setInputFiles({ name: 'experience-letter.pdf', mimeType: 'application/pdf', buffer: pdf });
    await visitor.page.getByTestId('compare-result').getByText(text.matches).waitFor();

    // A mistyped code, on the same page: 404 and the message.
    visitor.expectConsoleError({ status: 404, path: /^\/(api\/public\/letters\/[^/]+|verify\/[^/]+)$/ });
    const code = address!.split('/').at(-1)!;
    const wrong = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    await visitor.page.getByLabel(text.codeLabel).fill(wrong);
    await visitor.page.getByRole('button', { name: text.check }).click();
    await visitor.page.getByRole('alert').getByText(text.notFound).waitFor();
    expect((await visitor.page.goto(`/verify/${wrong}`))?.status()).toBe(404);
    await visitor.page.getByRole('alert').getByText(text.notFound).waitFor();

    // The candidate sees both letters on their dashboard.
    const mine = await h.openSignedIn(candidate.email, PASSWORD);
    await mine.page.getByRole('heading', { name: text.myLettersTitle }).waitFor();
    await expect.poll(() => mine.page.getByTestId('my-letter').count()).toBe(2);
    await mine.page.getByTestId('my-letter').filter({ hasText: text.kinds.experience }).getByText(text.statusRevoked).waitFor();
    await screenshot(mine.page, 'letters-candidate-dashboard');
  });

  it('lets an admin edit a template in Settings → Letters, naming an unknown merge field', { timeout: 90_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Krishna Letters Foods' });
    const admin = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'admin', password: PASSWORD });
    const { page } = await h.openSignedIn(admin.email, PASSWORD, '/dashboard/settings/letters');
    const form = page.getByRole('form', { name: text.kinds.offer });
    await form.getByLabel(text.subjectLabel).fill('Offer from {{company}}');
    await form.getByRole('button', { name: text.save }).click();
    await form.getByText(/Unknown merge field \{\{company\}\}/).waitFor();
    await form.getByLabel(text.subjectLabel).fill('Your offer from {{company_name}}');
    await form.getByRole('button', { name: text.save }).click();
    await waitForToast(page, text.saved);
    await form.getByText(text.customised, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'letters-templates-1280');
    const saved = await h.t.database.db.selectFrom('letter_templates').select(['kind', 'subject']).where('company_id', '=', company.id).execute();
    expect(saved).toEqual([{ kind: 'offer', subject: 'Your offer from {{company_name}}' }]);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'letters-templates-375');
  });
});
