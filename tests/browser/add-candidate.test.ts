import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { waitForMessage } from '../support/outbox.ts';
import { makePdf } from '../support/pdf.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const text = messages.candidateInvitations;
const csvText = messages.csvImport;
const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1280, height: 800 };

/**
 * Issue 36 §2 (ADR 0030): a recruiter adds a walk-in or imports a file of referrals; nobody enters
 * the pipeline on the company's word: each person confirms from the emailed link first.
 */
describe('pipeline: adding candidates by hand and from CSV', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  async function seed(companyName: string) {
    const { factories, database } = h.t;
    const company = await factories.company({ name: companyName });
    const recruiter = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Anita Desai' });
    const interviewer = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: PASSWORD, fullName: 'Deepa Krishnan' });
    const job = await factories.job(company.id, { title: 'Loom Supervisor', expiresAt: new Date(Date.now() + 30 * DAY) });
    // The interviewer sees the job because they interview its one applicant.
    const applicant = await factories.user({ role: 'candidate', fullName: 'Vikram Joshi' });
    const application = await factories.application(job.id, applicant.id);
    const interview = await database.db
      .insertInto('interviews')
      .values({ application_id: application.id, company_id: company.id, scheduled_at: new Date(Date.now() + 3 * DAY), duration_minutes: 60, mode: 'video', location: 'https://meet.example.com/loom' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('interview_interviewers').values({ interview_id: interview.id, user_id: interviewer.id }).execute();
    return { company, recruiter, interviewer, job, pipeline: `/dashboard/jobs/${job.id}/pipeline` };
  }

  it('adds a walk-in who confirms from the emailed link at 375 px and joins the pipeline; an interviewer has no Add candidate', { timeout: 180_000 }, async () => {
    const { recruiter, interviewer, job, pipeline } = await seed('Kaveri Textiles');
    const { page } = await h.openSignedIn(recruiter.email, PASSWORD, pipeline);
    await page.getByRole('heading', { name: 'Loom Supervisor' }).waitFor();

    // 1. The dialog names what is missing, then sends the walk-in's details.
    await page.getByRole('button', { name: text.addCandidate }).click();
    const dialog = page.getByRole('dialog', { name: text.addTitle });
    await dialog.getByRole('button', { name: text.add }).click();
    await dialog.getByText(text.nameRequired).waitFor();
    await dialog.getByLabel(text.fullName).fill('Sunita Rao');
    await dialog.getByLabel(text.email, { exact: true }).fill('Sunita.Rao@example.in');
    await dialog.getByLabel(text.phone).fill('+91 98450 12345');
    await dialog.getByLabel(text.source).selectOption({ label: text.sourceLabels.walk_in });
    // "Referred by" is for a referral only.
    expect(await dialog.getByLabel(text.referrerName).count()).toBe(0);
    // The resume she handed over: a Word file is refused in the browser, her PDF is taken.
    const resumeInput = dialog.getByLabel(text.resumeLabel);
    await resumeInput.setInputFiles({ name: 'sunita-rao.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('not a pdf') });
    await dialog.getByText(messages.candidate.documents.notPdf).waitFor();
    const resumePdf = makePdf({ text: 'Sunita Rao, Loom Supervisor, Erode' });
    await resumeInput.setInputFiles({ name: 'sunita-rao.pdf', mimeType: 'application/pdf', buffer: resumePdf });
    await dialog.getByText(fill(text.resumeChosen, { name: 'sunita-rao.pdf' })).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'add-candidate-dialog-1280');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'add-candidate-dialog-375');
    await page.setViewportSize(WIDE);
    await dialog.getByRole('button', { name: text.add }).click();
    await waitForToast(page, fill(text.added, { name: 'Sunita Rao' }));
    await dialog.waitFor({ state: 'detached' });

    // 2. Waiting for her to confirm, folded under one line; nothing in the pipeline yet.
    const waiting = page.getByTestId('waiting-invitations');
    await waiting.getByRole('button', { name: new RegExp(text.waitingTitle) }).click();
    await waiting.getByText('Sunita Rao').waitFor();
    await waiting.getByText('sunita.rao@example.in', { exact: false }).waitFor();
    await waiting.getByText(text.sourceLabels.walk_in, { exact: true }).waitFor();
    await waiting.getByRole('link', { name: new RegExp(fill(text.resumeOf, { name: 'sunita-rao.pdf' })) }).waitFor();
    expect(await page.getByRole('button', { name: 'Sunita Rao', exact: true }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'add-candidate-waiting-1280');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'add-candidate-waiting-375');
    await page.setViewportSize(WIDE);

    // 3. She opens the link from her email on a phone, signed out, and sees what was recorded.
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === 'sunita.rao@example.in' && m.subject === fill(text.emailSubject, { company: 'Kaveri Textiles', job: 'Loom Supervisor' }));
    const link = /https?:\/\/\S+\/confirm-application#[A-Za-z0-9_-]{20,}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const visitor = await h.open(`${new URL(link!).pathname}${new URL(link!).hash}`);
    await visitor.page.getByRole('heading', { name: text.pageTitle }).waitFor();
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'add-candidate-confirm-1280');
    await visitor.page.setViewportSize(PHONE);
    await visitor.page.getByText(fill(text.addedYou, { company: 'Kaveri Textiles', job: 'Loom Supervisor' })).waitFor();
    await visitor.page.getByText(text.walkIn).waitFor();
    const recorded = visitor.page.getByRole('region', { name: text.whatTheyRecorded });
    await recorded.getByText('Sunita Rao').waitFor();
    await recorded.getByText('+91 98450 12345').waitFor();
    // The resume the company attached: she can download it, and keeps it unless she unticks.
    const attached = visitor.page.getByRole('region', { name: text.theirResume });
    await attached.getByText('sunita-rao.pdf').waitFor();
    expect(await attached.getByRole('checkbox', { name: new RegExp(text.keepResume) }).isChecked()).toBe(true);
    const [download] = await Promise.all([visitor.page.waitForEvent('download'), attached.getByRole('button', { name: `${text.viewTheirResume}: sunita-rao.pdf` }).click()]);
    expect(download.suggestedFilename()).toBe('sunita-rao.pdf');
    await expectNoSidewaysScroll(visitor.page);
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'add-candidate-confirm-375');
    await visitor.page.getByRole('button', { name: text.confirm }).click();
    await visitor.page.getByText(fill(text.confirmedWithResume, { company: 'Kaveri Textiles', job: 'Loom Supervisor', email: 'sunita.rao@example.in' })).waitFor();
    await visitor.page.getByRole('link', { name: text.signIn }).waitFor();
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'add-candidate-confirmed-375');

    // 4. The recruiter's open pipeline shows her by itself, and the waiting list is gone.
    await page.getByRole('button', { name: 'Sunita Rao', exact: true }).first().waitFor();
    await waiting.waitFor({ state: 'detached' });
    const joined = await h.t.database.db
      .selectFrom('candidate_invitations')
      .innerJoin('job_applications', 'job_applications.id', 'candidate_invitations.application_id')
      .select(['candidate_invitations.status', 'job_applications.source', 'job_applications.job_id'])
      .where('candidate_invitations.email', '=', 'sunita.rao@example.in')
      .execute();
    expect(joined).toEqual([{ status: 'confirmed', source: 'walk_in', job_id: job.id }]);
    const kept = await h.t.database.db
      .selectFrom('candidate_documents as d')
      .innerJoin('user_profiles as u', 'u.id', 'd.candidate_id')
      .select(['d.document_type', 'd.original_name', 'd.size_bytes'])
      .where('u.email', '=', 'sunita.rao@example.in')
      .execute();
    expect(kept.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) }))).toEqual([{ document_type: 'resume', original_name: 'sunita-rao.pdf', size_bytes: resumePdf.length }]);

    // 5. An interviewer on the same job sees the pipeline without the buttons.
    const other = await h.openSignedIn(interviewer.email, PASSWORD, pipeline);
    await other.page.getByRole('heading', { name: 'Loom Supervisor' }).waitFor();
    await other.page.getByRole('button', { name: 'Vikram Joshi', exact: true }).first().waitFor();
    expect(await other.page.getByRole('button', { name: text.addCandidate }).count()).toBe(0);
    expect(await other.page.getByRole('button', { name: text.importCandidates }).count()).toBe(0);
    expect(await other.page.getByTestId('waiting-invitations').count()).toBe(0);
  });

  it('imports from CSV only when every row is ready: a problem row is shown, then the fixed file emails each person', { timeout: 180_000 }, async () => {
    const { job, recruiter, pipeline } = await seed('Tapti Weaves');
    const { page, expectConsoleError } = await h.openSignedIn(recruiter.email, PASSWORD, pipeline);
    // Step 3's refusal: the browser notes the 409 answer.
    expectConsoleError({ status: 409, path: `/api/pipeline/jobs/${job.id}/invitations` });
    await page.getByRole('heading', { name: 'Loom Supervisor' }).waitFor();
    await page.getByRole('button', { name: text.importCandidates }).click();
    const dialog = page.getByRole('dialog', { name: fill(text.importTitle, { title: 'Loom Supervisor' }) });
    const header = 'Name,Email,Phone,Source,Referred by';
    const check = async (name: string, lines: string[]) => {
      await dialog.getByLabel(csvText.chooseFile).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`) });
      await dialog.getByRole('button', { name: csvText.preview }).click();
    };

    // 1. One row's email is wrong: the preview names it, and there is no Import button.
    await check('referrals.csv', ['Farhan Akhtar,farhan@example.in,,Referral,Meera Iyer', 'Lakshmi Menon,lakshmi-at-example.in,9845012345,walk-in,']);
    await dialog.getByText(fill(csvText.previewProblems, { invalid: 1, total: 2 })).waitFor();
    const rows = dialog.getByTestId('csv-import-row');
    expect(await rows.count()).toBe(2);
    await rows.nth(0).getByText(csvText.ok).waitFor();
    await rows.nth(0).getByText(text.sourceLabels.referral, { exact: true }).waitFor();
    await rows.nth(0).getByText('Meera Iyer').waitFor();
    await rows.nth(1).getByText(text.emailInvalid).waitFor();
    // Nothing can be imported while a row has a problem (the button is there, disabled, or absent).
    const importButton = dialog.getByRole('button', { name: /^Import \d+ rows$/ });
    expect((await importButton.count()) === 0 || (await importButton.isDisabled())).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'add-candidate-import-problem-1280');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'add-candidate-import-problem-375');
    await page.setViewportSize(WIDE);
    expect(await h.t.database.db.selectFrom('candidate_invitations').select('id').where('job_id', '=', job.id).execute()).toEqual([]);

    // 2. The fixed file: both ready, imported at once, each emailed, both waiting.
    await check('referrals-fixed.csv', ['Farhan Akhtar,farhan@example.in,,Referral,Meera Iyer', 'Lakshmi Menon,lakshmi@example.in,9845012345,walk-in,']);
    await dialog.getByText(fill(csvText.previewReady, { valid: 2, total: 2 })).waitFor();
    await dialog.getByRole('button', { name: fill(csvText.importRows, { count: 2 }) }).click();
    await waitForToast(page, fill(text.imported, { count: 2 }));
    await dialog.waitFor({ state: 'detached' });
    const waiting = page.getByTestId('waiting-invitations');
    await waiting.getByText(fill(text.waitingCount, { count: 2 })).waitFor();
    await waiting.getByRole('button', { name: new RegExp(text.waitingTitle) }).click();
    await waiting.getByText('Farhan Akhtar').waitFor();
    await waiting.getByText('Lakshmi Menon').waitFor();
    for (const to of ['farhan@example.in', 'lakshmi@example.in']) await waitForMessage(h.t.dataDir, (m) => m.to === to && (m.subject ?? '').includes('Loom Supervisor'));

    // 3. Adding one of them again by hand is refused inside the form, which stays open.
    await page.getByRole('button', { name: text.addCandidate }).click();
    const add = page.getByRole('dialog', { name: text.addTitle });
    await add.getByLabel(text.fullName).fill('Farhan Akhtar');
    await add.getByLabel(text.email, { exact: true }).fill('farhan@example.in');
    await add.getByRole('button', { name: text.add }).click();
    await add.getByText(text.alreadyInvited).waitFor();
    await add.getByRole('button', { name: messages.pipeline.cancel }).click();

    // 4. Withdrawing asks first; the list then holds one.
    await waiting.getByRole('button', { name: fill(text.withdrawName, { name: 'Lakshmi Menon' }) }).click();
    await page.getByRole('dialog', { name: fill(text.withdrawName, { name: 'Lakshmi Menon' }) }).getByRole('button', { name: text.withdraw }).click();
    await waitForToast(page, text.withdrawn);
    await waiting.getByText('Lakshmi Menon').waitFor({ state: 'detached' });
    await waiting.getByText(fill(text.waitingCount, { count: 1 })).waitFor();

    // 5. Farhan declines from his email: what was recorded goes, and the recruiter's list empties by itself.
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === 'farhan@example.in');
    const link = new URL(/https?:\/\/\S+\/confirm-application#[A-Za-z0-9_-]{20,}/.exec(mail.text)![0]);
    const visitor = await h.open();
    await visitor.page.setViewportSize(PHONE);
    await visitor.page.goto(`${link.pathname}${link.hash}`);
    await visitor.page.getByText(fill(text.referredBy, { name: 'Meera Iyer' })).waitFor();
    await visitor.page.getByRole('button', { name: text.decline }).click();
    await visitor.page.getByText(fill(text.declined, { company: 'Tapti Weaves' })).waitFor();
    await waiting.waitFor({ state: 'detached' });
    expect(await h.t.database.db.selectFrom('candidate_invitations').select('id').where('email', '=', 'farhan@example.in').execute()).toEqual([]);
  });

  it('keeps the invitation when the server refuses the resume, lets the recruiter attach another, and remove it', { timeout: 180_000 }, async () => {
    const { recruiter, pipeline } = await seed('Vaigai Spinning Mills');
    const { page, expectConsoleError } = await h.openSignedIn(recruiter.email, PASSWORD, pipeline);
    await page.getByRole('heading', { name: 'Loom Supervisor' }).waitFor();
    await page.getByRole('button', { name: text.addCandidate }).click();
    const dialog = page.getByRole('dialog', { name: text.addTitle });
    await dialog.getByLabel(text.fullName).fill('Karthik Subramanian');
    await dialog.getByLabel(text.email, { exact: true }).fill('karthik.s@example.in');
    await dialog.getByLabel(text.source).selectOption({ label: text.sourceLabels.walk_in });
    // A PDF that runs JavaScript when opened: only the server's gate can tell.
    const armed = makePdf({ catalogExtra: '/OpenAction 6 0 R ', extraObjects: ['<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>'] });
    await dialog.getByLabel(text.resumeLabel).setInputFiles({ name: 'karthik.pdf', mimeType: 'application/pdf', buffer: armed });
    expectConsoleError({ status: 422, path: /^\/api\/pipeline\/invitations\/[0-9a-f-]{36}\/resume$/ });
    await dialog.getByRole('button', { name: text.add }).click();

    // 1. He was emailed, the resume was not attached: the dialog says why and offers to attach another.
    await dialog.getByText(fill(text.resumeFailed, { name: 'Karthik Subramanian', reason: messages.candidate.documents.pdfActiveContent })).waitFor();
    await dialog.getByText(text.resumeRetry).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'add-candidate-resume-refused-375');
    await page.setViewportSize(WIDE);
    await dialog.getByLabel(fill(text.resumeFileName, { name: 'Karthik Subramanian' })).setInputFiles({ name: 'karthik-subramanian.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: 'Karthik Subramanian' }) });
    await waitForToast(page, text.resumeAttached);
    await dialog.waitFor({ state: 'detached' });

    // 2. The waiting list shows the file; Remove asks first, then the list offers Attach again.
    const waiting = page.getByTestId('waiting-invitations');
    await waiting.getByRole('button', { name: new RegExp(text.waitingTitle) }).click();
    const link = waiting.getByRole('link', { name: new RegExp(fill(text.resumeOf, { name: 'karthik-subramanian.pdf' })) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/api\/pipeline\/invitations\/[0-9a-f-]{36}\/resume$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'add-candidate-waiting-resume-1280');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'add-candidate-waiting-resume-375');
    await page.setViewportSize(WIDE);
    await waiting.getByRole('button', { name: fill(text.removeResumeName, { name: 'Karthik Subramanian' }) }).click();
    await page.getByRole('dialog', { name: fill(text.removeResumeName, { name: 'Karthik Subramanian' }) }).getByRole('button', { name: text.removeResume }).click();
    await waitForToast(page, text.resumeRemoved);
    await link.waitFor({ state: 'detached' });
    await waiting.getByRole('button', { name: fill(text.attachResumeName, { name: 'Karthik Subramanian' }) }).waitFor();
    const held = await h.t.database.db.selectFrom('candidate_invitations').select('resume_key').where('email', '=', 'karthik.s@example.in').executeTakeFirstOrThrow();
    expect(held.resume_key).toBeNull();
  });
});
