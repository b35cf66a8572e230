import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { resume } from '../../server/dev/demo-pdfs.ts';
import { messages } from '../../shared/messages.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/schemas/privacy.ts';
import { fill } from '../../web/lib/fill.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { downloadedBytes, screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { signIn } from '../support/test-app.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { waitFor } from '../support/wait-for.ts';

const PASSWORD = 'Periyar-Monsoon-Quilon-58';
const text = messages.privacy;

/**
 * Issue 18 in a browser: a candidate's privacy centre (consents, withdrawing a check's consent with
 * its consequence shown first, what is held, who it was shared with, a grievance, a nominee), the
 * admin answering the grievance, and the candidate reading the answer; axe at 1280 and 375 px.
 */
describe('privacy: the candidate’s privacy centre and the admin’s Privacy tab', () => {
  let h: BrowserHarness;
  let now = new Date();
  beforeAll(async () => {
    h = await startBrowserHarness({ GRIEVANCE_OFFICER_NAME: 'Lakshmi Iyer', GRIEVANCE_OFFICER_EMAIL: 'dpo@workcred.test' }, { clock: () => now });
  });
  afterAll(async () => h?.close());

  it('withdraws a check’s consent, raises a grievance, names a nominee, downloads the export; the admin answers and the candidate reads it', async () => {
    const { db } = h.t.database;
    const company = await h.t.factories.company({ name: 'Malabar Spices Pvt Ltd' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Nikhil Menon' });
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD, fullName: 'Farah Khan' });
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Anjali Nair' });
    await h.t.factories.candidateProfile(candidate.id, { uan: '100456789012', location: 'Kochi' });
    const job = await h.t.factories.job(company.id, { title: 'Export Documentation Executive' });
    const application = await h.t.factories.application(job.id, candidate.id);
    await db
      .insertInto('check_requests')
      .values((['experience_letter', 'uan'] as const).map((subject) => ({ company_id: company.id, application_id: application.id, candidate_id: candidate.id, subject, requested_by: recruiter.id })))
      .execute();
    await db.insertInto('employments').values({ company_id: company.id, employee_id: candidate.id, title: 'Packing Supervisor', joining_date: '2024-07-01', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() }).execute();
    await db.insertInto('verification_consents').values({ candidate_id: candidate.id, subject: 'uan', purpose: 'Confirm your employment history from your UAN', notice_version: PRIVACY_NOTICE_VERSION }).execute();
    const resumePdf = await resume({ name: 'Anjali Nair' });
    const jar = await signIn(h.t.app, candidate.email, PASSWORD);
    const uploaded = await h.t.app.inject({ method: 'PUT', url: '/api/candidate/documents/resume', headers: { cookie: jar.header, 'content-type': 'application/pdf', origin: h.baseURL }, payload: resumePdf });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await db.insertInto('document_downloads').values({ candidate_id: candidate.id, document_type: 'resume', reader_id: recruiter.id, company_id: company.id }).execute();

    const { page } = await h.openSignedIn(candidate.email, PASSWORD, '/dashboard');
    await page.getByRole('navigation', { name: messages.shell.mainNavigation }).getByRole('link', { name: text.navLabel }).click();
    await page.getByRole('heading', { name: text.title }).waitFor();
    const consents = page.getByRole('region', { name: text.consentsTitle });
    const check = consents.getByTestId('consent').filter({ hasText: text.consentKinds.check });
    await check.getByText(fill(text.noticeVersion, { version: PRIVACY_NOTICE_VERSION })).waitFor();
    await consents.getByTestId('consent').filter({ hasText: 'Malabar Spices Pvt Ltd' }).getByText(text.consentMethods.application).waitFor();
    const shared = page.getByRole('region', { name: text.disclosuresTitle });
    await shared.getByRole('row', { name: /Malabar Spices Pvt Ltd Downloaded your resume/ }).waitFor();
    await shared.getByRole('row', { name: /Malabar Spices Pvt Ltd You applied: Export Documentation Executive/ }).waitFor();
    // Issue 33 C5: "Asked for a experience letter check"; the article follows the sound (a UAN).
    await shared.getByRole('row', { name: /Malabar Spices Pvt Ltd Asked for an experience letter check/ }).waitFor();
    await shared.getByRole('row', { name: /Malabar Spices Pvt Ltd Asked for a UAN \(EPFO\) check/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-candidate-1280');

    // Withdraw the UAN check's consent: the consequence is stated before confirming.
    await check.getByRole('button', { name: `${text.withdraw}: ${text.consentKinds.check}` }).click();
    const dialog = page.getByRole('dialog', { name: text.withdrawTitle });
    await dialog.getByText(text.consequences.check).waitFor();
    await dialog.getByRole('button', { name: text.withdrawConfirm }).click();
    await waitForToast(page, text.withdrawDone);
    await check.getByText(text.withdrawn, { exact: true }).waitFor();
    expect(await check.getByRole('button', { name: new RegExp(text.withdraw) }).count()).toBe(0);
    const consent = await db.selectFrom('verification_consents').select('revoked_at').where('candidate_id', '=', candidate.id).executeTakeFirstOrThrow();
    expect(consent.revoked_at).not.toBeNull();

    // A grievance: refused empty, then sent with a reference.
    const grievance = page.getByRole('region', { name: text.grievanceTitle });
    await grievance.getByText('Lakshmi Iyer').waitFor();
    await grievance.getByLabel(text.topicLabel).selectOption('sharing');
    await grievance.getByRole('button', { name: text.submitGrievance }).click();
    await grievance.getByText(text.detailsRequired).waitFor();
    await grievance.getByLabel(text.detailsLabel).fill('A recruiter from another company called me about my UAN although I never applied there.');
    await grievance.getByRole('button', { name: text.submitGrievance }).click();
    const stored = await waitFor(() => db.selectFrom('privacy_requests').select(['reference', 'id']).where('person_id', '=', candidate.id).executeTakeFirst(), { what: 'the grievance' });
    const requests = page.getByRole('region', { name: text.requestsTitle });
    await requests.getByText(fill(text.referenceLabel, { reference: stored.reference }), { exact: false }).waitFor();
    await requests.getByText(text.requestStatuses.open, { exact: true }).waitFor();

    // A nominee.
    const nominee = page.getByRole('region', { name: text.nomineeTitle });
    await nominee.getByLabel(text.nomineeNameLabel).fill('Suresh Nair');
    await nominee.getByLabel(text.nomineeRelationshipLabel).fill('Father');
    await nominee.getByLabel(text.nomineeEmailLabel).fill('suresh.nair@example.in');
    await nominee.getByLabel(text.nomineePhoneLabel).fill('94470 55555');
    await nominee.getByRole('button', { name: text.saveNominee }).click();
    await waitForToast(page, text.nomineeSaved);
    await nominee.getByTestId('nominee').getByText('Suresh Nair (Father), suresh.nair@example.in, +919447055555').waitFor();

    // Export: prepared in the background, then a zip with the document and the applications.
    const exportSection = page.getByRole('region', { name: text.exportTitle });
    await exportSection.getByRole('button', { name: text.requestExport }).click();
    await waitForToast(page, text.exportRequested);
    const downloadLink = exportSection.getByRole('link', { name: text.downloadExport });
    await downloadLink.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    const zip = unzipSync(new Uint8Array(await downloadedBytes(download)));
    expect(Buffer.from(zip['documents/resume.pdf'] ?? []).equals(resumePdf)).toBe(true);
    const data = JSON.parse(strFromU8(zip['workcred-data.json']!)) as { applications: { job_title: string }[] };
    expect(data.applications.map((application) => application.job_title)).toEqual(['Export Documentation Executive']);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('heading', { name: text.title }).scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'privacy-candidate-375');

    // The admin answers from the Privacy tab.
    const adminView = await h.openSignedIn(admin.email, PASSWORD, '/admin');
    const apage = adminView.page;
    await apage.getByRole('tab', { name: text.adminTab }).click();
    const row = apage.getByTestId('admin-privacy-request').filter({ hasText: stored.reference });
    await row.getByText('Anjali Nair').waitFor();
    await row.getByText(/Due in (89|90) days/).waitFor();
    expect(await seriousAxeViolations(apage)).toEqual([]);
    await screenshot(apage, 'privacy-admin-1280');
    await row.getByRole('button', { name: `${text.answer} ${stored.reference}` }).click();
    const answer = apage.getByRole('dialog', { name: fill(text.answerTitle, { reference: stored.reference }) });
    await answer.getByLabel(text.statusLabel).selectOption('resolved');
    await answer.getByLabel(text.responseLabel).fill('We found the recruiter had your number from an old job fair list. It has been deleted.');
    await apage.setViewportSize({ width: 375, height: 812 });
    expect(await seriousAxeViolations(apage)).toEqual([]);
    await answer.getByRole('button', { name: text.sendAnswer }).click();
    await waitForToast(apage, fill(text.answerSaved, { reference: stored.reference }));
    await apage.getByText(text.adminEmpty).waitFor();
    await expectNoSidewaysScroll(apage);
    await screenshot(apage, 'privacy-admin-375');

    // The candidate reads the answer.
    await page.reload();
    await requests.getByText(text.requestStatuses.resolved, { exact: true }).waitFor();
    await requests.getByText(/old job fair list/).waitFor();

    // A correction of an employment record goes to the employer, who answers it in Team → Employees.
    await page.setViewportSize({ width: 1280, height: 900 });
    const correction = page.getByRole('region', { name: text.correctionTitle });
    await correction.getByLabel(text.correctionWhatLabel).selectOption({ label: 'Packing Supervisor, Malabar Spices Pvt Ltd' });
    await correction.getByLabel(text.detailsLabel).fill('My joining date was 3 June 2024, not 1 July 2024.');
    await correction.getByRole('button', { name: text.submitCorrection }).click();
    const asked = requests.getByTestId('privacy-request').filter({ hasText: text.requestKinds.correction });
    await asked.getByText(text.requestStatuses.open, { exact: true }).waitFor();
    const employerView = await h.openSignedIn(recruiter.email, PASSWORD, '/dashboard/team/employees');
    const card = employerView.page.getByTestId('company-correction').filter({ hasText: 'Anjali Nair' });
    await card.getByText(/3 June 2024/).waitFor();
    expect(await seriousAxeViolations(employerView.page)).toEqual([]);
    await card.getByRole('button', { name: new RegExp(`^${text.answer} CR-`) }).click();
    const reply = employerView.page.getByRole('dialog', { name: /^Answer CR-/ });
    await reply.getByLabel(text.statusLabel).selectOption('resolved');
    await reply.getByLabel(text.responseLabel).fill('Corrected: your joining date is now 3 June 2024.');
    await reply.getByRole('button', { name: text.sendAnswer }).click();
    await employerView.page.getByText(text.companyCorrectionsEmpty).waitFor();
    await screenshot(employerView.page, 'privacy-employer-corrections');
    await page.reload();
    await asked.getByText(/Corrected: your joining date/).waitFor();
  });

  it('asks for erasure and cancels it by signing in; a second person’s erasure runs after the 30 days and nothing of them is found; the admin records a breach', async () => {
    const { db } = h.t.database;
    const anjali = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Anjali Menon' });
    await h.t.factories.candidateProfile(anjali.id);
    const devika = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Devika Raghunathan' });
    await h.t.factories.candidateProfile(devika.id, { uan: '100654321987' });
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD, fullName: 'Imran Sheikh' });

    const askErasure = async (page: Page) => {
      const section = page.getByRole('region', { name: text.erasureTitle });
      await section.getByRole('button', { name: text.requestErasure }).click();
      const dialog = page.getByRole('dialog', { name: text.erasureConfirmTitle });
      await dialog.getByText(text.erasureWhatStays, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: text.erasureConfirm }).click();
      await section.getByRole('status').getByText(/scheduled to be erased on/).waitFor();
      return section;
    };

    // Anjali asks, then signs in again: the request is cancelled.
    const first = await h.openSignedIn(anjali.email, PASSWORD, '/dashboard/privacy');
    await first.page.setViewportSize({ width: 375, height: 812 });
    const section = await askErasure(first.page);
    expect(await seriousAxeViolations(first.page)).toEqual([]);
    await screenshot(first.page, 'privacy-erasure-scheduled-375');
    const again = await h.openSignedIn(anjali.email, PASSWORD, '/dashboard/privacy');
    await again.page.getByRole('region', { name: text.requestsTitle }).getByText(text.requestStatuses.cancelled, { exact: true }).waitFor();
    await again.page.getByText(text.erasureCancelledBySignIn).waitFor();
    await first.page.reload();
    await section.getByRole('button', { name: text.requestErasure }).waitFor();

    // Devika asks and does not come back: 30 days later she is erased.
    const second = await h.openSignedIn(devika.email, PASSWORD, '/dashboard/privacy');
    await askErasure(second.page);
    await second.context.close();
    now = new Date(now.getTime() + 31 * 24 * 60 * 60 * 1000);
    expect((await h.t.app.privacyJobs.runOnce()).erased).toBe(1);

    const adminView = await h.openSignedIn(admin.email, PASSWORD, '/admin');
    await adminView.page.getByRole('tab', { name: text.adminTab }).click();
    await adminView.page.getByLabel(text.adminFilterLabel).selectOption('closed');
    const done = adminView.page.getByTestId('admin-privacy-request').filter({ hasText: text.requestStatuses.completed });
    await done.getByText(text.personGone).or(done.getByText('Erased person')).first().waitFor();
    expect(await adminView.page.getByText('Devika').count()).toBe(0);
    await screenshot(adminView.page, 'privacy-admin-erasure-completed');

    // The breach register: record one affecting Anjali, notify her, mark it reported to the Board.
    const apage = adminView.page;
    const register = apage.getByRole('region', { name: text.breachesTitle });
    await register.getByRole('button', { name: text.recordBreach }).click();
    const record = apage.getByRole('dialog', { name: text.recordBreach });
    await record.getByLabel(text.breachTitleLabel).fill('Resume links in a vendor export');
    await record.getByLabel(text.breachDescriptionLabel).fill('A nightly export to our analytics vendor carried resume links for six hours.');
    await record.getByLabel(text.breachAffectedLabel).fill('nobody@nowhere.example.in');
    // Refused by the server (not an account): the browser logs the 400.
    adminView.expectConsoleError({ status: 400 });
    await record.getByRole('button', { name: text.recordBreach }).click();
    await record.getByText(/nobody@nowhere\.example\.in/).waitFor();
    await record.getByLabel(text.breachAffectedLabel).fill(anjali.email);
    expect(await seriousAxeViolations(apage)).toEqual([]);
    await record.getByRole('button', { name: text.recordBreach }).click();
    const breach = register.getByTestId('breach').filter({ hasText: 'Resume links in a vendor export' });
    await breach.getByText(/Report to the Board by/).waitFor();
    await breach.getByRole('button', { name: text.notifyAffected }).click();
    const notify = apage.getByRole('dialog', { name: text.notifyTitle });
    await notify.getByRole('button', { name: text.sendNotice }).click();
    // Issue 33 C5: one person, not "1 people".
    await waitForToast(apage, 'Notice sent to 1 person');
    await breach.getByRole('button', { name: text.markReported }).click();
    await breach.getByText(/Reported to the Board/).waitFor();
    const notice = await db.selectFrom('outbox_messages').select('recipient').where('subject', '=', text.breachNoticeSubject).execute();
    expect(notice.map((m) => m.recipient)).toEqual([anjali.email]);
    await apage.setViewportSize({ width: 375, height: 812 });
    await register.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(apage)).toEqual([]);
    await screenshot(apage, 'privacy-breach-register-375');
    await expectNoSidewaysScroll(apage);

    // Kabir is 16: he cannot say he is 18, so his mother writes in; the admin records her consent.
    const kabir = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: '' });
    await h.t.factories.candidateProfile(kabir.id, { declared: false, completed: false });
    await apage.setViewportSize({ width: 1280, height: 900 });
    const guardians = apage.getByRole('region', { name: text.guardiansTitle });
    await guardians.getByText(text.guardiansEmpty).waitFor();
    await guardians.getByRole('button', { name: text.recordGuardian }).click();
    const consent = apage.getByRole('dialog', { name: text.recordGuardian });
    await consent.getByLabel(text.guardianEmailLabel).fill('nobody@nowhere.example.in');
    await consent.getByRole('button', { name: text.recordGuardian }).click();
    await consent.getByText(text.guardianNameRequired).waitFor();
    await consent.getByLabel(text.guardianNameLabel).fill('Rukhsana Qureshi');
    await consent.getByLabel(text.guardianRelationshipLabel).fill('Mother');
    await consent.getByLabel(text.guardianEvidenceLabel).fill('Mother’s Aadhaar seen on a video call; signed form in the grievance mailbox.');
    // No such account: the server's refusal is shown beside the email (the browser logs the 404).
    adminView.expectConsoleError({ status: 404 });
    await consent.getByRole('button', { name: text.recordGuardian }).click();
    await consent.getByText(text.guardianPersonNotFound).waitFor();
    await consent.getByLabel(text.guardianEmailLabel).fill(kabir.email);
    expect(await consent.getByText(text.guardianPersonNotFound).count()).toBe(0);
    expect(await seriousAxeViolations(apage)).toEqual([]);
    await screenshot(apage, 'privacy-guardian-dialog');
    await consent.getByRole('button', { name: text.recordGuardian }).click();
    await waitForToast(apage, fill(text.guardianRecorded, { email: kabir.email }));
    await guardians.getByTestId('guardian-consent').getByText(/Rukhsana Qureshi \(Mother\)/).waitFor();
    await guardians.getByText(/Recorded .* by Imran Sheikh/).waitFor();

    // Kabir finishes the personal step: the age is not asked of him, the notice is.
    const child = await h.openSignedIn(kabir.email, PASSWORD, '/candidate/register');
    const cpage = child.page;
    await cpage.getByRole('heading', { name: messages.candidate.registration.stepTitles.personal, level: 2 }).waitFor();
    await cpage.getByText(/A parent or guardian gave consent for this account on/).waitFor();
    expect(await cpage.getByLabel(text.adultLabel).count()).toBe(0);
    await cpage.getByLabel(messages.candidate.personal.fullNameLabel).fill('Kabir Qureshi');
    await cpage.getByLabel(messages.candidate.personal.educationLabel).fill('Class XI, Kendriya Vidyalaya');
    await cpage.getByLabel(/I have read the privacy notice/).check();
    await cpage.setViewportSize({ width: 375, height: 812 });
    expect(await seriousAxeViolations(cpage)).toEqual([]);
    await expectNoSidewaysScroll(cpage);
    await screenshot(cpage, 'privacy-guardian-registration-375');
    await cpage.getByRole('button', { name: messages.candidate.registration.next }).click();
    await cpage.getByRole('heading', { name: messages.candidate.registration.stepTitles.professional, level: 2 }).waitFor();
    for (const needle of ['Devika', devika.email, '100654321987']) {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM user_profiles u LEFT JOIN candidate_profiles c ON c.user_id = u.id WHERE (u.*)::text ILIKE ${`%${needle}%`} OR (c.*)::text ILIKE ${`%${needle}%`}`.execute(db);
      expect(Number(rows[0]?.n), needle).toBe(0);
    }
  });
});
