import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { makeDocument, paintOverInUpdate, payslipLines } from '../support/pdf-forge.ts';
import { signIn } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const PASSWORD = 'Nilgiri-Ledger-Salem-48';
const text = messages.verification;

/**
 * Issue 35 §2: a payslip edited after it was made reaches the verification team with each finding,
 * its page and place, and the risk; the viewer opens at the flagged page, and "Show on page 1"
 * shows the page with the finding's region marked. The candidate reads one plain reason. At 1280
 * and 375 px.
 */
describe('document forensics: the team sees the findings of an edited payslip, the candidate a plain reason', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ UAN_PROVIDER: 'none' });
  });
  afterAll(async () => h?.close());

  for (const width of [1280, 375]) {
    it(`shows the findings to the team and a plain reason to the candidate at ${width} px`, async () => {
      const name = `Arjun Mehta ${width === 1280 ? 'Iyer' : 'Nair'}`;
      const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD, fullName: 'Lakshmi Verifier' });
      const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: name });
      await h.t.factories.candidateProfile(candidate.id, { uan: width === 1280 ? '100123456789' : '100987654321', current_employer: 'Acme Technologies Pvt. Ltd.', current_pay_lakh: 6.43 });
      const jar = await signIn(h.t.app, candidate.email, PASSWORD);
      const clean = await makeDocument(payslipLines({ name, uan: width === 1280 ? '100123456789' : '100987654321' }));
      const edited = await paintOverInUpdate(clean, { box: { x: 195, top: 246, width: 80, height: 13 }, text: '63,600.00', x: 200, top: 255 });
      const uploaded = await h.t.app.inject({ method: 'PUT', url: '/api/candidate/documents/salary_slip', headers: { cookie: jar.header, 'content-type': 'application/pdf', origin: h.baseURL }, payload: edited });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const consented = await h.t.app.inject({ method: 'POST', url: '/api/verification/checks/salary_slip/consent', payload: {}, headers: { cookie: jar.header, origin: h.baseURL } });
      expect(consented.statusCode, consented.body).toBe(200);
      const check = await waitFor(
        () => h.t.database.db.selectFrom('verification_checks').select(['id', 'status']).where('candidate_id', '=', candidate.id).where('subject', '=', 'salary_slip').where('status', '=', 'in_review').executeTakeFirst(),
        { what: 'the slip in review', timeoutMs: 30_000 },
      );

      const { page } = await h.openSignedIn(admin.email, PASSWORD, '/admin');
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('tab', { name: text.adminTab }).click();
      await page.getByTestId('verification-queue').getByRole('button', { name: `${text.open}: ${text.subjects.salary_slip}, ${name}` }).click();
      const review = page.getByTestId('check-review');
      const covered = review.locator('li', { hasText: text.reviewerRules.forensic_covered_text ?? '' });
      await covered.getByText(text.signalOutcome, { exact: true }).waitFor();
      await covered.getByText('Hidden under a shape: “53,600.00”; written over it: “63,600.00”').waitFor();
      await covered.getByTestId('flag-place').getByText(`${fill(text.flagPlace, { page: '1' })} (195, 246, 275, 259 pt)`).waitFor();
      await review.locator('li', { hasText: text.reviewerRules.document_risk ?? '' }).getByText(text.riskLevels.high ?? '', { exact: false }).waitFor();
      expect(await review.getByTestId('document-viewer').getAttribute('src')).toBe(`/api/verification/checks/${check.id}/document#page=1`);
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await covered.scrollIntoViewIfNeeded();
      await screenshot(page, `verification-forensics-review-${width}`);

      // The finding shown on its page: the page drawn by the server, the finding's rect marked over
      // it where the figure is, scrolled into view and named by the finding.
      const rect = [195, 246, 275, 259] as const;
      const show = covered.getByRole('button', { name: fill(text.showOnPage, { page: '1' }) });
      await show.click();
      const view = review.getByTestId('page-view');
      const image = view.getByTestId('page-image');
      await waitFor(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { what: 'the page image drawn' });
      const highlight = view.getByRole('img', { name: `${text.reviewerRules.forensic_covered_text}: Hidden under a shape: “53,600.00”; written over it: “63,600.00”` });
      const markInView = () => highlight.evaluate((element) => { const box = element.getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; });
      await waitFor(markInView, { what: 'the marked place scrolled into view' });
      const [imageBox, markBox] = await Promise.all([image.boundingBox(), highlight.boundingBox()]);
      if (!imageBox || !markBox) throw new Error('the page or its mark has no box');
      // An A4 page (595 × 842 pt): the mark sits where the rect is, in the image's own scale.
      const scale = imageBox.width / 595;
      expect(imageBox.height / imageBox.width).toBeCloseTo(842 / 595, 2);
      for (const [actual, expected] of [
        [markBox.x - imageBox.x, rect[0] * scale],
        [markBox.y - imageBox.y, rect[1] * scale],
        [markBox.width, (rect[2] - rect[0]) * scale],
        [markBox.height, (rect[3] - rect[1]) * scale],
      ] as const) expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1.5);
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `verification-forensics-page-view-${width}`);
      // Asked again after scrolling away, the same finding is brought back into sight.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await markInView()).toBe(false);
      await show.click();
      await waitFor(markInView, { what: 'the marked place scrolled into view again' });
      await view.getByRole('button', { name: text.hidePage }).click();
      await view.waitFor({ state: 'detached' });
      expect(await show.evaluate((element) => element === document.activeElement)).toBe(true);

      const mine = await h.openSignedIn(candidate.email, PASSWORD);
      await mine.page.setViewportSize({ width, height: 900 });
      const slipRow = mine.page.getByTestId('verification-card').getByTestId('check-salary_slip');
      await slipRow.getByText(text.flagsLabel).click();
      await slipRow.getByText(text.rules.document_changed ?? '').waitFor();
      await slipRow.getByText(text.ruleNotes.candidate.document_changed ?? '').waitFor();
      expect(await slipRow.textContent()).not.toContain('Hidden under a shape');
      await expectNoSidewaysScroll(mine.page);
      expect(await seriousAxeViolations(mine.page)).toEqual([]);
      await screenshot(mine.page, `verification-forensics-candidate-${width}`);
    });
  }
});
