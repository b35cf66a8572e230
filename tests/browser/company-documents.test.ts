import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { makePdf } from '../support/pdf.ts';
import { screenshot, startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { signIn } from '../support/test-app.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Krishna-Documents-Log-58';
const text = messages.companyDocuments;

/** Issue 17: a recruiter finds an applicant's document on Documents and downloads it; the candidate sees who did. */
describe('documents (/dashboard/documents)', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('lists applicants’ documents with their status, filters them, downloads one, and shows the candidate the download', { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Krishna Valley Spices' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Nandini Rao' });
    const job = await h.t.factories.job(company.id, { title: 'Export Documentation Executive' });
    // Uploaded the way a candidate uploads (PUT with the PDF as the body), so the file is stored.
    const store = async (candidate: { email: string }, type: 'resume' | 'salary_slip') => {
      const jar = await signIn(h.t.app, candidate.email, PASSWORD, '10.96.0.1');
      const response = await h.t.app.inject({ method: 'PUT', url: `/api/candidate/documents/${type}`, payload: makePdf({ text: `${type} of ${candidate.email}` }), headers: { 'content-type': 'application/pdf', 'x-file-name': `${type}.pdf`, cookie: jar.header } });
      expect(response.statusCode, response.body).toBe(201);
    };
    const suresh = await h.t.factories.user({ role: 'candidate', fullName: 'Suresh Babu', password: PASSWORD });
    const divya = await h.t.factories.user({ role: 'candidate', fullName: 'Divya Menon', password: PASSWORD });
    for (const candidate of [suresh, divya]) {
      await h.t.factories.candidateProfile(candidate.id);
      await h.t.factories.application(job.id, candidate.id);
    }
    await store(suresh, 'resume');
    await store(divya, 'salary_slip');
    // Whatever the automatic pass made of them: Divya's slip verified, Suresh's resume never checked.
    await h.t.database.db.deleteFrom('verification_checks').where('candidate_id', 'in', [suresh.id, divya.id]).where('subject', 'in', ['resume', 'salary_slip']).execute();
    await h.t.database.db.insertInto('verification_checks').values({ candidate_id: divya.id, subject: 'salary_slip', status: 'verified', decided_by: 'algorithm' }).execute();

    const { page } = await h.openSignedIn(recruiter.email, PASSWORD);
    await page.getByRole('navigation').getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: text.pageTitle, level: 2, exact: true }).waitFor();
    const table = page.getByRole('group', { name: text.candidateDocumentsTitle });
    await table.getByRole('rowheader', { name: 'Suresh Babu' }).waitFor();
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    expect(await row('Divya Menon').innerText()).toMatch(/Salary Slip[\s\S]*Verified/);
    expect(await row('Suresh Babu').innerText()).toMatch(/Resume[\s\S]*Not checked/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'company-documents-1280');

    await page.getByLabel(text.statusLabel, { exact: true }).selectOption({ label: text.statuses.verified });
    await expect.poll(() => table.getByRole('rowheader').allInnerTexts()).toEqual(['Divya Menon']);
    await page.getByLabel(text.statusLabel, { exact: true }).selectOption({ label: text.allStatuses });
    await page.getByLabel(text.searchLabel, { exact: true }).fill('sur');
    await expect.poll(() => table.getByRole('rowheader').allInnerTexts()).toEqual(['Suresh Babu']);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Resume of Suresh Babu' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'company-documents-375');

    // Suresh sees that Krishna Valley Spices downloaded his resume.
    const mine = await h.openSignedIn(suresh.email, PASSWORD, '/dashboard/documents');
    await mine.page.getByRole('heading', { name: text.downloadsTitle }).waitFor();
    await mine.page.getByText(text.downloadedBy.replace('{who}', 'Krishna Valley Spices').replace('{document}', 'resume')).waitFor();
    expect(await seriousAxeViolations(mine.page)).toEqual([]);
    await screenshot(mine.page, 'candidate-document-downloads');
  });
});
