import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Periyar-Monsoon-Kochi-61';
const text = messages.epfo;
const provider = 'the development provider';

/**
 * Issue 34: a candidate verifies their employment with EPFO (the development provider) from their
 * dashboard and sees the employers found, live; the employer sees the EPFO verified mark on the
 * pipeline card and the history in the candidate panel. At 1280 and 375 px.
 */
describe('EPFO: a candidate verifies their employment, an employer sees the mark and the history', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ UAN_PROVIDER: 'development' });
  });
  afterAll(async () => h?.close());

  for (const width of [1280, 375]) {
    it(`verifies with EPFO and shows it to the employer at ${width} px`, async () => {
      const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Priya Sharma' });
      await h.t.factories.candidateProfile(candidate.id, { uan: developmentUanFor('confirmed', width), current_employer: 'Infosys Ltd' });
      const company = await h.t.factories.company({ name: `Godavari Software ${width}` });
      const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Anand Rao' });
      const job = await h.t.factories.job(company.id, { title: 'Senior Java Developer' });
      await h.t.factories.application(job.id, candidate.id);

      const { page } = await h.openSignedIn(candidate.email, PASSWORD);
      await page.setViewportSize({ width, height: 900 });
      // The decision's event carries the list. At 1280 px it is held until the consent's answer has
      // been taken (as when the provider takes a second): the page shows it without asking again.
      // At 375 px the consent's answer is held until the decision has reached the page (a provider
      // quicker than the answer): the answer, read before the decision, must not hide it, so the
      // page asks once.
      const decisionFirst = width === 375;
      let decisionDelivered: () => void = () => undefined;
      const delivered = new Promise<void>((resolve) => (decisionDelivered = resolve));
      await page.routeWebSocket(/\/api\/live$/, (socket) => {
        const server = socket.connectToServer();
        server.onMessage((message) => {
          const event = JSON.parse(String(message)) as { type?: string; data?: unknown };
          if (event.type !== 'verification_check' || !Array.isArray(event.data)) return socket.send(message);
          setTimeout(
            () => {
              socket.send(message);
              decisionDelivered();
            },
            decisionFirst ? 0 : 500,
          );
        });
      });
      await page.route('**/api/verification/checks/uan/consent', async (route) => {
        const response = await route.fetch();
        if (decisionFirst) await delivered;
        await route.fulfill({ response });
      });
      await page.reload();
      const row = page.getByTestId('verification-card').getByTestId('check-uan');
      await row.getByRole('button', { name: text.verifyButton }).click();
      const dialog = page.getByRole('dialog', { name: text.consentTitle });
      // The consent names the provider and what is sent.
      await dialog.getByText(fill(text.purpose, { provider })).waitFor();
      await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await screenshot(page, `epfo-consent-${width}`);
      // The consent's answer is the list, and the decision's event carries the list: the page fetches
      // it for neither, nor for its own consent's event (marked own: it sent its live socket's id).
      await page.waitForLoadState('networkidle');
      const listFetches: string[] = [];
      const consentSockets: (string | undefined)[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/verification/checks' && request.method() === 'GET') listFetches.push(path);
        if (path === '/api/verification/checks/uan/consent') consentSockets.push(request.headers()['x-live-socket']);
      });
      await dialog.getByRole('button', { name: messages.verification.consentConfirm }).click();

      // Live: the employers found appear without a reload.
      const history = row.getByTestId('epfo-history');
      await history.getByText('INFOSYS LIMITED').waitFor();
      await history.getByText('TATA CONSULTANCY SERVICES LIMITED').waitFor();
      await history.getByText(fill(text.confirms, { claims: text.claimSources.current_employer ?? '' })).waitFor();
      await row.getByTestId('check-status').getByText(messages.verification.statuses.verified ?? '').waitFor();
      expect(consentSockets).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
      expect(listFetches).toHaveLength(decisionFirst ? 1 : 0);
      await row.getByRole('button', { name: text.refreshButton }).waitFor();
      // The portable record on the same dashboard says what EPFO confirmed, through whom and when.
      await page.getByTestId('epfo-record').getByText(fill(text.sourceLine, { provider, date: format(new Date(), 'd MMM yyyy') })).waitFor();
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `epfo-candidate-verified-${width}`);
      // A refresh is consented to anew: the purpose again, then EPFO is asked.
      await row.getByRole('button', { name: text.refreshButton }).click();
      const again = page.getByRole('dialog', { name: text.consentTitle });
      await again.getByText(fill(text.purpose, { provider })).waitFor();
      await again.getByRole('button', { name: messages.verification.consentConfirm }).click();
      await waitForToast(page, text.refreshed);

      // The record was shared with this employer 100 days ago: they may ask for a fresh confirmation.
      await h.t.database.db.insertInto('record_shares').values({ candidate_id: candidate.id, company_id: company.id, purpose: 'shared for the test', granted_at: new Date(Date.now() - 100 * 86_400_000) }).execute();

      // The employer: the mark on the card, the history in the panel.
      const employerBrowser = await h.openSignedIn(employer.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
      const epage = employerBrowser.page;
      await epage.setViewportSize({ width, height: 900 });
      // The board at 1280, the list on a phone: the mark is on the candidate's card or row either way.
      await epage.getByTestId('badge-epfo').getByText(text.mark).first().waitFor();
      await screenshot(epage, `epfo-employer-mark-${width}`);
      await epage.getByRole('button', { name: 'Priya Sharma', exact: true }).first().click();
      const panel = epage.getByRole('dialog').getByTestId('epfo-panel');
      await panel.getByText('INFOSYS LIMITED').waitFor();
      await panel.getByText(fill(text.confirms, { claims: text.claimSourcesOthers.current_employer ?? '' })).waitFor();
      await panel.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(epage)).toEqual([]);
      await screenshot(epage, `epfo-employer-panel-${width}`);
      const record = epage.getByRole('dialog').getByTestId('shared-record-panel');
      await record.getByTestId('epfo-record').getByText('INFOSYS LIMITED').waitFor();
      await record.getByRole('button', { name: text.refreshRequestButton }).click();
      await waitForToast(epage, fill(text.refreshRequested, { name: 'Priya Sharma' }));
    });
  }
});
