import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { signIn } from '../support/test-app.ts';

const PASSWORD = 'Jasmine-Ferry-Mysuru-27';

describe('second step of sign-in (two-step verification)', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  /** An employer with a verified TOTP factor, enrolled through the API; its last used step is the previous one. */
  async function employerWithTotp() {
    // With a company: without one, Team asks to set the company up first (issue 33 B2).
    const company = await h.t.factories.company();
    const user = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Kavya Nair' });
    const jar = await signIn(h.t.app, user.email, PASSWORD, '10.9.0.1');
    const call = async (url: string, payload: object) => {
      const response = await h.t.app.inject({ method: 'POST', url, headers: { cookie: jar.header }, payload });
      jar.store(response);
      return response;
    };
    const enrolled = await call('/api/mfa/factors', { factor_type: 'totp', friendly_name: 'Work phone', password: PASSWORD });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const { id, totp: secret } = enrolled.json() as { id: string; totp: { secret: string } };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const challenge = await call(`/api/mfa/factors/${id}/challenge`, {});
    // A code is accepted once per 30-second step: enrol with the previous step's, sign in with the current one.
    const verified = await call(`/api/mfa/factors/${id}/verify`, { challenge_id: challenge.json().id, code: totp.generate({ timestamp: Date.now() - 30_000 }) });
    expect(verified.statusCode, verified.body).toBe(200);
    return { user, totp };
  }

  it('asks for the authenticator code after the password, then goes where the user was going', async () => {
    const { user, totp } = await employerWithTotp();
    const { page, expectConsoleError } = await h.open('/dashboard/team');
    expectConsoleError({ status: 400, path: /^\/api\/mfa\/factors\/[^/]+\/verify$/ });
    await waitForPath(page, '/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await page.getByRole('heading', { name: messages.secondFactor.heading }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    // While the second step is due the guarded pages stay closed.
    await page.goto('/dashboard/team');
    await waitForPath(page, '/auth');
    await page.getByRole('heading', { name: messages.secondFactor.heading }).waitFor();

    await page.getByRole('button', { name: 'Work phone' }).click();
    await page.getByText(messages.secondFactor.totpPrompt).waitFor();
    const codeInput = page.getByLabel(messages.secondFactor.codeLabel);
    await codeInput.fill('123');
    await page.getByRole('button', { name: messages.secondFactor.verify }).click();
    await page.getByText(messages.mfa.invalidOtp).waitFor();

    const code = totp.generate();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeInput.fill(wrong);
    await page.getByRole('button', { name: messages.secondFactor.verify }).click();
    await page.locator('[data-sonner-toast][data-type="error"]').waitFor();

    await codeInput.fill(code);
    await page.getByRole('button', { name: messages.secondFactor.verify }).click();
    await waitForToast(page, messages.auth.signedIn);
    await waitForPath(page, '/dashboard/team');
    await page.getByRole('heading', { name: messages.shell.teamTitle }).waitFor();
  });

  it('lets the user give up the second step and sign in as someone else', async () => {
    const { user } = await employerWithTotp();
    const { page } = await h.open('/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await page.getByRole('heading', { name: messages.secondFactor.heading }).waitFor();
    await page.getByRole('button', { name: messages.secondFactor.signOutInstead }).click();
    await page.getByRole('heading', { name: messages.auth.signInHeading }).waitFor();
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
    await page.getByRole('heading', { name: messages.auth.signInHeading }).waitFor();
  });
});
