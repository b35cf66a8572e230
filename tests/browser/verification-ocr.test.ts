import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { salarySlip } from '../../server/dev/demo-pdfs.ts';
import { createDocumentReads } from '../../server/features/verification/reading/ocr/document-reads.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { scanOf } from '../support/scan.ts';
import { signIn } from '../support/test-app.ts';

const PASSWORD = 'Hosur-Scanner-Payslip-35';
const text = messages.verification;

/**
 * Issue 35 §1 on the candidate's dashboard: a scanned salary slip is "Reading the document" after
 * the consent, page by page, then verified, live. The app under test reads no scans itself
 * (OCR_WORKERS=0): a second reader, as another instance would, takes the queued read.
 */
describe('a scanned salary slip read by OCR', () => {
  let h: BrowserHarness;
  let reader: ReturnType<typeof createDocumentReads>;
  beforeAll(async () => {
    h = await startBrowserHarness({ UAN_PROVIDER: 'none', OCR_WORKERS: '0' });
    reader = createDocumentReads({ database: h.t.database, storage: createFileStorage(h.t.config), log: h.t.app.log, clock: () => new Date(), workers: 1 });
  });
  afterAll(async () => {
    await reader?.stop();
    await h?.close();
  });

  for (const [width, person] of [
    [1280, { name: 'Meera Krishnan', uan: '100456789123' }],
    [375, { name: 'Farhan Qureshi', uan: '100678912345' }],
  ] as const) {
    it(`shows "Reading the document", then the verified check, at ${width} px`, { timeout: 120_000 }, async () => {
      const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: person.name });
      await h.t.factories.candidateProfile(candidate.id, { uan: person.uan, current_employer: 'Infosys Limited', current_pay_lakh: 10 });
      const jar = await signIn(h.t.app, candidate.email, PASSWORD);
      const scan = await scanOf(await salarySlip({ name: person.name, uan: person.uan, employer: 'Infosys Limited', netPay: '83,500.00' }));
      const uploaded = await h.t.app.inject({ method: 'PUT', url: '/api/candidate/documents/salary_slip', headers: { cookie: jar.header, 'content-type': 'application/pdf', origin: h.baseURL }, payload: scan });
      expect(uploaded.statusCode, uploaded.body).toBe(201);

      const { page } = await h.openSignedIn(candidate.email, PASSWORD);
      await page.setViewportSize({ width, height: 900 });
      const row = page.getByTestId('verification-card').getByTestId('check-salary_slip');
      await row.getByRole('button', { name: text.giveConsent }).click();
      await page.getByRole('dialog').getByRole('button', { name: text.consentConfirm }).click();
      await waitForToast(page, fill(text.consentSaved.pending ?? '', { subject: 'salary slip' }));
      // Queued: the consent answered at once, the check waits for a reader.
      await row.getByTestId('reading-progress').getByText(text.readingDocument).waitFor();
      await row.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `verification-ocr-reading-${width}`);

      // Another instance reads it; the card follows live.
      await reader.worker.runOnce();
      await row.getByTestId('check-status').getByText(text.statuses.verified ?? '').waitFor();
      expect(await row.getByTestId('reading-progress').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `verification-ocr-verified-${width}`);
    });
  }
});
