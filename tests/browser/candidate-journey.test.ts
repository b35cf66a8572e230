import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { messages } from '../../shared/messages.ts';
import { documentTypes } from '../../shared/options.ts';
import { MAX_DOCUMENT_BYTES } from '../../shared/schemas/candidate.ts';
import { screenshot, startBrowserHarness, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { codeIn, readOutbox, type OutboxRecord } from '../support/outbox.ts';
import { waitFor } from '../support/wait-for.ts';

const c = messages.candidate;
const titles = c.registration.stepTitles;
const dash = messages.candidateDashboard;
const DAY = 24 * 60 * 60 * 1000;

/** A small, valid one-page PDF (header, four objects, a correct xref table and trailer). */
function pdf(title: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The newest message of the kind to this address once there are at least `count` of them. */
async function nthMessage(dataDir: string, channel: OutboxRecord['channel'], to: (address: string) => boolean, count: number): Promise<OutboxRecord> {
  return waitFor(
    () => {
      const found = readOutbox(dataDir).filter((message) => message.channel === channel && to(message.to));
      return found.length >= count ? found.at(-1) : undefined;
    },
    { what: `${channel} message #${count}` },
  );
}


/** A six-digit code that is certainly not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function stepTitle(page: Page, title: string, percent: number) {
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
  await expect.poll(() => page.getByRole('progressbar', { name: c.flow.progressLabel }).getAttribute('aria-valuenow')).toBe(String(percent));
}

/** Welcome Aboard! → Verify Your Email with the code from the outbox. `sent` counts earlier codes to this address. */
async function signUpByEmail(h: BrowserHarness, page: Page, email: string, sent = 0) {
  await stepTitle(page, titles.email, 17);
  await page.getByLabel(c.flow.emailLabel).fill(email);
  await page.getByRole('button', { name: c.registration.continueWithEmail }).click();
  await stepTitle(page, titles.verifyEmail, 33);
  const message = await nthMessage(h.t.dataDir, 'email', (to) => to === email, sent + 1);
  await page.getByLabel(c.registration.emailCodeLabel).fill(codeIn(message));
  await page.getByRole('button', { name: c.registration.verifyEmailButton }).click();
}

/** Add Your Phone: the number, Send OTP, then the SMS code. */
async function verifyPhone(h: BrowserHarness, page: Page, phone: string, smsBefore: number) {
  await page.getByLabel(c.phone.phoneLabel).fill(phone);
  await page.getByRole('button', { name: c.phone.sendOtp }).click();
  await waitForToast(page, c.phone.sent);
  const sms = await nthMessage(h.t.dataDir, 'sms', () => true, smsBefore + 1);
  await page.getByLabel(c.phone.otpLabel).fill(codeIn(sms));
  await page.getByRole('button', { name: c.phone.verifyOtp }).click();
  await waitForToast(page, c.phone.verified);
}

const smsCount = (h: BrowserHarness) => readOutbox(h.t.dataDir).filter((message) => message.channel === 'sms').length;

describe('candidate journey: registration (/candidate-registration), documents, dashboard and applying', () => {
  let h: BrowserHarness;
  let company: { id: string; name: string };
  let pdfDir: string;
  const files = {} as Record<(typeof documentTypes)[number], string>;
  beforeAll(async () => {
    h = await startBrowserHarness();
    company = await h.t.factories.company({ name: 'Banyan Fintech' });
    pdfDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-pdfs-'));
    for (const type of documentTypes) {
      files[type] = path.join(pdfDir, `${type}-2026.pdf`);
      writeFileSync(files[type], pdf(`${type} of Meera Iyer`));
    }
  });
  afterAll(async () => {
    await h?.close();
    if (pdfDir) rmSync(pdfDir, { recursive: true, force: true });
  });

  it('registers with the email and SMS codes, uploads four PDFs, completes, and sees an application on the dashboard', async () => {
    const email = 'meera.iyer@example.in';
    const { page, expectConsoleError } = await h.open('/candidate-registration');
    await page.getByRole('heading', { name: c.registration.pageTitle, level: 1 }).waitFor();
    expect(await page.title()).toBe(`${c.registration.pageTitle} · WorkCred`);

    // Step 1: a malformed email is refused in the browser.
    await stepTitle(page, titles.email, 17);
    await page.getByLabel(c.flow.emailLabel).fill('meera@');
    await page.getByRole('button', { name: c.registration.continueWithEmail }).click();
    await page.getByText(c.registration.invalidEmail).waitFor();
    await screenshot(page, 'candidate-1-email');
    await signUpByEmail(h, page, email);

    // Step 2, second half: the phone. The email code signed the candidate in.
    await stepTitle(page, titles.addPhone, 33);
    await screenshot(page, 'candidate-2-phone');
    await page.getByLabel(c.phone.phoneLabel).fill('98765');
    await page.getByRole('button', { name: c.phone.sendOtp }).click();
    await page.getByText(c.phone.invalidPhone).waitFor();
    await page.getByLabel(c.phone.phoneLabel).fill('98765 43210');
    await page.getByRole('button', { name: c.phone.sendOtp }).click();
    await waitForToast(page, c.phone.sent);
    // The second state: the code, and Resend counting down.
    const resend = page.getByRole('button', { name: /^Resend OTP in \d+s$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    const sms = await nthMessage(h.t.dataDir, 'sms', (to) => to.endsWith('9876543210'), 1);
    const otp = page.getByLabel(c.phone.otpLabel);
    await otp.fill('12');
    await page.getByRole('button', { name: c.phone.verifyOtp }).click();
    await page.getByText(c.phone.invalidOtp).waitFor();
    await otp.fill(wrongCode(codeIn(sms)));
    await page.getByRole('button', { name: c.phone.verifyOtp }).click();
    await waitForToast(page, c.phone.wrongOtp);
    await screenshot(page, 'candidate-2-phone-code');
    await otp.fill(codeIn(sms));
    await page.getByRole('button', { name: c.phone.verifyOtp }).click();
    await waitForToast(page, c.phone.verified);

    // Step 3: UAN.
    await stepTitle(page, titles.uan, 50);
    const uan = page.getByLabel(c.uan.label);
    await uan.fill('1234');
    await page.getByRole('button', { name: c.registration.next }).click();
    await page.getByText(c.uan.invalid).waitFor();
    await uan.fill('100200300400');
    await screenshot(page, 'candidate-3-uan');
    await page.getByRole('button', { name: c.registration.next }).click();

    // Step 4: personal; Previous reopens the saved UAN.
    await stepTitle(page, titles.personal, 67);
    await page.getByRole('button', { name: c.registration.previous }).click();
    await stepTitle(page, titles.uan, 50);
    expect(await page.getByLabel(c.uan.label).inputValue()).toBe('100200300400');
    await page.getByRole('button', { name: c.registration.next }).click();
    await stepTitle(page, titles.personal, 67);
    await page.getByRole('button', { name: c.registration.next }).click();
    await page.getByText(c.personal.educationRequired).waitFor();
    // Issue 18: the age declaration and the privacy notice, each refused until ticked.
    await page.getByText(messages.privacy.adultRequired).waitFor();
    await page.getByText(messages.privacy.noticeRequired).waitFor();
    await page.getByLabel(c.personal.fullNameLabel).fill('Meera Iyer');
    await page.getByLabel(c.personal.educationLabel).fill('B.Com, University of Mumbai');
    await page.getByLabel(messages.privacy.adultLabel).check();
    await page.getByLabel(messages.privacy.noticeLabel).check();
    await screenshot(page, 'candidate-4-personal');
    await page.getByRole('button', { name: c.registration.next }).click();

    // Step 5: professional.
    await stepTitle(page, titles.professional, 83);
    await page.getByLabel(c.professional.currentEmployerLabel).fill('Kaveri Traders');
    await page.getByLabel(c.professional.noticePeriodLabel).fill('30');
    await page.getByLabel(c.professional.experienceLabel).fill('4.5');
    await screenshot(page, 'candidate-5-professional');
    await page.getByRole('button', { name: c.registration.next }).click();

    // Step 6: documents. Refused before sending: not a PDF, and over 10 MB.
    await stepTitle(page, titles.documents, 100);
    const resumeInput = page.getByTestId('document-input-resume');
    const resumeError = page.getByTestId('document-resume-error');
    await resumeInput.setInputFiles({ name: 'resume.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK not a pdf') });
    await resumeError.filter({ hasText: `Error uploading Resume: ${c.documents.notPdf}` }).waitFor();
    // From disk: a local Chromium reads the path itself, where a buffer would be copied over the protocol.
    const big = path.join(pdfDir, 'huge.pdf');
    writeFileSync(big, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)]));
    await resumeInput.setInputFiles(big);
    await resumeError.filter({ hasText: `Error uploading Resume: ${c.documents.tooLarge}` }).waitFor();
    // A PDF in name only reaches the server, which judges the bytes: its message, in the spec's frame.
    expectConsoleError({ status: 400, path: '/api/candidate/documents/resume' });
    await resumeInput.setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><body>not a pdf</body></html>') });
    await resumeError.filter({ hasText: `Error uploading Resume: ${c.documents.notPdf}` }).waitFor();
    await screenshot(page, 'candidate-6-documents-refused');
    expect(await h.t.database.db.selectFrom('candidate_documents').select('id').execute()).toEqual([]);

    for (const type of documentTypes) {
      await page.getByTestId(`document-input-${type}`).setInputFiles(files[type]);
      await waitForToast(page, `${c.documents.typeLabels[type]} uploaded successfully`);
      await page.locator(`[data-testid="document-${type}"][data-state="uploaded"]`).waitFor();
    }
    await page.getByTestId('document-resume-name').filter({ hasText: 'resume-2026.pdf' }).waitFor();
    expect(await resumeError.count()).toBe(0);
    await screenshot(page, 'candidate-6-documents');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: c.registration.completeRegistration }).click();
    await waitForToast(page, c.registration.completed);
    await waitForPath(page, '/dashboard');

    // The candidate dashboard: candidate ID, profile, the four documents; no employer dialog.
    const profile = await h.t.database.db
      .selectFrom('candidate_profiles')
      .innerJoin('user_profiles', 'user_profiles.id', 'candidate_profiles.user_id')
      .select('candidate_profiles.candidate_code')
      .where('user_profiles.email', '=', email)
      .executeTakeFirstOrThrow();
    await page.getByTestId('candidate-code').filter({ hasText: profile.candidate_code }).waitFor();
    expect(profile.candidate_code).toMatch(/^WC-[0-9A-Z]{6}$/);
    await page.getByTestId('profile-uan').filter({ hasText: '••••••••0400' }).waitFor();
    await page.getByTestId('profile-full-name').filter({ hasText: 'Meera Iyer' }).waitFor();
    for (const type of documentTypes) await page.locator(`[data-testid="document-${type}"][data-state="uploaded"]`).waitFor();
    expect(await page.getByText(dash.finishRegistration).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText(messages.dashboardOverview.completeProfileTitle).count()).toBe(0);
    await page.getByText(dash.noApplications).waitFor();
    // The sidebar offers a candidate only their own screens.
    const nav = page.getByRole('navigation', { name: messages.shell.mainNavigation });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Documents', 'Support', 'Privacy']);
    await screenshot(page, 'candidate-dashboard');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Edit a section in place: the registration's form, saved through the same PUT.
    await page.getByRole('button', { name: `Edit ${dash.professionalTitle}` }).click();
    await page.getByLabel(c.professional.currentEmployerLabel).fill('Kaveri Traders Pvt Ltd');
    await screenshot(page, 'candidate-dashboard-edit');
    await page.getByRole('button', { name: dash.saveProfile }).click();
    await waitForToast(page, dash.profileSaved);
    await page.getByTestId('profile-employer').filter({ hasText: 'Kaveri Traders Pvt Ltd' }).waitFor();

    // Change the phone number: the new number is verified by a code of its own, as at registration.
    await page.getByRole('button', { name: `Edit ${dash.contactTitle}` }).click();
    await verifyPhone(h, page, '99887 66554', smsCount(h));
    await waitForToast(page, dash.profileSaved);
    await page.getByTestId('candidate-profile').getByText('+91 99887 66554').waitFor();

    // Documents page of the sidebar lists the same four.
    await nav.getByRole('link', { name: 'Documents' }).click();
    await waitForPath(page, '/dashboard/documents');
    for (const type of documentTypes) await page.locator(`[data-testid="document-${type}"][data-state="uploaded"]`).waitFor();
    expect(await page.getByText(messages.comingSoon.documents).count()).toBe(0);

    // Apply to a job from its public page; back on the dashboard it is listed.
    const job = await h.t.factories.job(company.id, { title: 'Accounts Executive', location: 'Chennai', expiresAt: new Date(Date.now() + 30 * DAY) });
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'Accounts Executive', level: 1 }).waitFor();
    await page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await waitForToast(page, messages.jobDetail.submitted);
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    const applications = page.getByTestId('candidate-applications');
    await applications.getByRole('link', { name: 'Accounts Executive' }).waitFor();
    expect(await applications.getByRole('link', { name: 'Accounts Executive' }).getAttribute('href')).toBe(`/jobs/${job.id}`);
    await applications.getByText('Banyan Fintech').waitFor();
    await applications.getByText('Received').waitFor();
    await screenshot(page, 'candidate-dashboard-applied');

    // Finished: the registration page sends the candidate to the dashboard.
    await page.goto('/candidate/register');
    await waitForPath(page, '/dashboard');
  });

  it('resumes at Personal Details after leaving at the UAN step, signing in again by email code', async () => {
    const email = 'arvind.menon@example.in';
    const first = await h.open('/candidate/register');
    await signUpByEmail(h, first.page, email);
    await stepTitle(first.page, titles.addPhone, 33);
    await verifyPhone(h, first.page, '+91 91234 56780', smsCount(h));
    await stepTitle(first.page, titles.uan, 50);
    // A UAN another candidate holds is refused at the field, with the server's explanation.
    const holder = await h.t.factories.user({ role: 'candidate' });
    await h.t.database.db.insertInto('candidate_profiles').values({ user_id: holder.id, candidate_code: 'WC-HQ1D2R', uan: '999988887777' }).execute();
    first.expectConsoleError({ status: 409, path: '/api/candidate/profile/uan' });
    await first.page.getByLabel(c.uan.label).fill('999988887777');
    await first.page.getByRole('button', { name: c.registration.next }).click();
    await first.page.getByText(c.uan.taken).waitFor();
    await stepTitle(first.page, titles.uan, 50);
    await first.page.getByLabel(c.uan.label).fill('555566667777');
    await first.page.getByRole('button', { name: c.registration.next }).click();
    await stepTitle(first.page, titles.personal, 67);
    await first.context.close();

    // Another browser (no cookies). Within a minute of the last code the server refuses another.
    const { page, expectConsoleError } = await h.open('/candidate/register');
    await page.setViewportSize({ width: 375, height: 800 });
    expectConsoleError({ status: 429, path: '/api/candidate/registration/email' });
    await page.getByLabel(c.flow.emailLabel).fill(email);
    await page.getByRole('button', { name: c.registration.continueWithEmail }).click();
    await page.getByText(c.registration.emailResendTooSoon).waitFor();
    await page.getByRole('button', { name: c.flow.haveCode }).waitFor();
    // A few minutes later, say: age the first code's email, and the email code signs in again.
    await sql`UPDATE outbox_messages SET created_at = created_at - interval '2 minutes' WHERE recipient = ${email}`.execute(h.t.database.db);
    await signUpByEmail(h, page, email, 1);
    await stepTitle(page, titles.personal, 67);
    await screenshot(page, 'candidate-resume-personal-mobile');
    await page.getByRole('button', { name: c.registration.previous }).click();
    await stepTitle(page, titles.uan, 50);
    expect(await page.getByLabel(c.uan.label).inputValue()).toBe('555566667777');
    await page.getByRole('button', { name: c.registration.previous }).click();
    await stepTitle(page, titles.addPhone, 33);
    await page.getByText(/Your mobile number .* is verified\./).waitFor();
    await screenshot(page, 'candidate-resume-phone-verified-mobile');

    // Not finished: the dashboard says so and links back.
    await page.goto('/dashboard');
    await page.getByTestId('candidate-code').waitFor();
    await screenshot(page, 'candidate-dashboard-unfinished-mobile');
    await page.getByRole('link', { name: dash.finishRegistration }).click();
    await waitForPath(page, '/candidate/register');
    await stepTitle(page, titles.personal, 67);
  });

  it('tells a signed-in employer the registration is for candidates, with the way to the dashboard', async () => {
    const employer = await h.t.factories.user({ role: 'employer', password: 'Monsoon-Ledger-Pune-84' });
    const { page } = await h.openSignedIn(employer.email, 'Monsoon-Ledger-Pune-84', '/candidate/register');
    await page.getByRole('heading', { name: c.flow.otherRoleTitle }).waitFor();
    expect(await page.getByLabel(c.flow.emailLabel).count()).toBe(0);
    await screenshot(page, 'candidate-register-as-employer');
    await page.getByRole('link', { name: c.flow.goToDashboard }).click();
    await waitForPath(page, '/dashboard');
  });
});
