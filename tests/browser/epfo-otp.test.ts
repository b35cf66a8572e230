import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { codeIn, waitForMessage } from '../support/outbox.ts';

const PASSWORD = 'Periyar-Monsoon-Kochi-61';
const text = messages.epfo;
const provider = 'the development provider';

/**
 * Issue 34, the stronger option: a candidate verifies with a code sent to their EPFO mobile (the
 * development provider texts it to their phone through the outbox), types a wrong code and is told
 * so, then the right one, and sees the employers from their passbook with the method named. At
 * 1280 and 375 px.
 */
describe('EPFO: a candidate verifies with a code sent to their EPFO mobile', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ UAN_PROVIDER: 'development' });
  });
  afterAll(async () => h?.close());

  for (const width of [1280, 375]) {
    it(`sends the code, refuses a wrong one, then shows the passbook's employers at ${width} px`, async () => {
      const phone = `+91987650${String(width).padStart(4, '0')}`;
      const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Priya Sharma' });
      await h.t.factories.candidateProfile(candidate.id, { uan: developmentUanFor('confirmed', 7000 + width), current_employer: 'Infosys Ltd', phone });

      const browser = await h.openSignedIn(candidate.email, PASSWORD);
      const { page } = browser;
      await page.setViewportSize({ width, height: 900 });
      const row = page.getByTestId('verification-card').getByTestId('check-uan');
      // The plain lookup and the stronger option, side by side.
      await row.getByRole('button', { name: text.verifyButton }).waitFor();
      await row.getByTestId('epfo-otp-option').getByText(text.otpStronger).waitFor();
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `epfo-otp-option-${width}`);
      await row.getByRole('button', { name: text.otpButton }).click();
      const dialog = page.getByRole('dialog', { name: text.otpConsentTitle });
      // The consent names the provider, what is sent and what is read.
      await dialog.getByText(fill(text.otpPurpose, { provider })).waitFor();
      await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `epfo-otp-consent-${width}`);
      await dialog.getByRole('button', { name: messages.verification.consentConfirm }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Live: the code field appears once the "EPFO" text has gone out.
      const sms = await waitForMessage(h.t.dataDir, (message) => message.channel === 'sms' && message.to === phone, 'the code texted');
      const code = codeIn(sms);
      const field = row.getByLabel(text.otpCodeLabel);
      await field.waitFor();
      expect(await field.getAttribute('inputmode')).toBe('numeric');
      expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
      await row.getByTestId('epfo-otp-sent').waitFor();
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `epfo-otp-code-${width}`);

      // A wrong code: refused by "EPFO", announced on the field.
      await field.fill(code === '000000' ? '111111' : '000000');
      await row.getByRole('button', { name: text.otpSubmit }).click();
      const refusal = fill(text.otpWrongCode, { tries: fill(text.otpTries.other ?? '', { count: 2 }) });
      await row.getByRole('alert').filter({ hasText: refusal }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `epfo-otp-wrong-${width}`);

      // The right one: the passbook's employers, with the method named.
      await field.fill(code);
      await row.getByRole('button', { name: text.otpSubmit }).click();
      const history = row.getByTestId('epfo-history');
      await history.getByText(fill(text.passbookFoundTitle, { provider, date: format(new Date(), 'd MMM yyyy') })).waitFor();
      await history.getByText('INFOSYS LIMITED').waitFor();
      await history.getByText('TATA CONSULTANCY SERVICES LIMITED').waitFor();
      await history.getByText(fill(text.confirms, { claims: text.claimSources.current_employer ?? '' })).waitFor();
      await row.getByTestId('check-status').getByText(messages.verification.statuses.verified ?? '').waitFor();
      await page.getByTestId('epfo-record').getByText(fill(text.passbookSourceLine, { provider, date: format(new Date(), 'd MMM yyyy') })).waitFor();
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `epfo-otp-verified-${width}`);
    });
  }
});
