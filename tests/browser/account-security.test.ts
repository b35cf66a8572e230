import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../shared/fill.ts';
import { CANDIDATE_EMAIL_CODE_SUBJECT, REAUTH_CODE_SUBJECT } from '../../server/auth/emails.ts';
import { codeIn, waitForMessage } from '../support/outbox.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Tamarind-Harbour-Kochi-61';
const text = messages.accountSecurity;
const factorRow = (page: Page, name: string) => page.getByTestId('mfa-factor').filter({ hasText: name });

/** The TOTP generator for the key the page shows under the QR code (grouped in fours). */
async function totpFromPage(page: Page): Promise<OTPAuth.TOTP> {
  const shown = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(shown.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The first verified factor turns two-step verification on: its 10 recovery codes are shown once (issue 33, A7). */
async function saveRecoveryCodes(page: Page) {
  const dialog = page.getByRole('dialog', { name: messages.mfaRecovery.showTitle });
  await dialog.getByRole('list', { name: messages.mfaRecovery.listLabel }).waitFor();
  expect(await dialog.getByRole('listitem').count()).toBe(10);
  await dialog.getByRole('button', { name: messages.mfaRecovery.done }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function signInTo(page: Page, email: string, path: string) {
  await page.goto('/auth');
  await submitSignIn(page, email, PASSWORD);
  await waitForPath(page, path);
}

describe('two-step verification settings (/account/security)', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('lets an employer add an authenticator app and a phone, sign in with them, and remove one', async () => {
    const user = await h.t.factories.user({ role: 'employer', password: PASSWORD, fullName: 'Meera Iyer' });
    const { page, context, expectConsoleError } = await h.open();
    // The server's refusals below arrive as error statuses, which the browser logs.
    expectConsoleError({ status: 403, path: '/api/mfa/factors' });
    expectConsoleError({ status: 403, path: /^\/api\/mfa\/factors\/[^/]+$/ });
    expectConsoleError({ status: 429, path: /^\/api\/mfa\/factors\/[^/]+\/challenge$/ });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseURL });
    await signInTo(page, user.email, '/dashboard');

    // Account menu → Security.
    await page.getByRole('button', { name: messages.shell.accountMenu }).click();
    await page.getByRole('menuitem', { name: text.menuItem }).click();
    await waitForPath(page, '/account/security');
    await page.getByRole('heading', { name: text.heading, level: 1 }).waitFor();
    await page.getByText(text.empty).waitFor();
    expect(await page.getByRole('link', { name: text.backToDashboard }).getAttribute('href')).toBe('/dashboard');
    await screenshot(page, 'account-security-empty');

    // Authenticator app: the wrong password is refused in the server's words, then the right one.
    await page.getByRole('button', { name: text.appButton }).click();
    const appDialog = page.getByRole('dialog', { name: text.appTitle });
    await appDialog.getByLabel(text.passwordLabel).fill('not-my-password');
    await appDialog.getByLabel(text.nameLabel).fill('Work phone');
    await appDialog.getByRole('button', { name: text.continue }).click();
    await appDialog.getByText(messages.mfa.wrongPassword).waitFor();
    await appDialog.getByLabel(text.passwordLabel).fill(PASSWORD);
    await appDialog.getByRole('button', { name: text.continue }).click();
    await appDialog.getByRole('img', { name: text.qrLabel }).waitFor();
    const totp = await totpFromPage(page);
    await screenshot(page, 'account-security-qr');

    // The key can be copied for those who cannot scan.
    await appDialog.getByRole('button', { name: text.copy }).click();
    await waitForToast(page, text.copied);
    expect((await page.evaluate(() => navigator.clipboard.readText())).length).toBe(32);

    const codeInput = appDialog.getByLabel(text.codeLabel);
    await codeInput.fill('123');
    await appDialog.getByRole('button', { name: text.verify }).click();
    await appDialog.getByText(messages.mfa.invalidOtp).waitFor();
    await codeInput.fill(totp.generate());
    await appDialog.getByRole('button', { name: text.verify }).click();
    await waitForToast(page, text.enabled);
    await appDialog.waitFor({ state: 'detached' });
    await saveRecoveryCodes(page);
    await factorRow(page, 'Work phone').getByText(text.verified, { exact: true }).waitFor();
    await screenshot(page, 'account-security-verified');

    // Sign out and back in: the second step asks for the app's code (a later step than the one used).
    await page.getByRole('link', { name: text.backToDashboard }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: messages.shell.accountMenu }).click();
    await page.getByRole('menuitem', { name: messages.shell.signOut }).click();
    await waitForPath(page, '/');
    await page.goto('/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await page.getByRole('heading', { name: messages.secondFactor.heading }).waitFor();
    await page.getByRole('button', { name: 'Work phone' }).click();
    await page.getByLabel(messages.secondFactor.codeLabel).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: messages.secondFactor.verify }).click();
    await waitForPath(page, '/dashboard');

    // Text message: the code comes from the outbox; asking again at once gets the server's 429 message.
    await page.goto('/account/security');
    await page.getByRole('button', { name: text.phoneButton }).click();
    const phoneDialog = page.getByRole('dialog', { name: text.phoneTitle });
    await phoneDialog.getByLabel(text.passwordLabel).fill(PASSWORD);
    await phoneDialog.getByLabel(text.phoneLabel).fill('98765 43210');
    await phoneDialog.getByRole('button', { name: text.continue }).click();
    const sms = await waitForMessage(h.t.dataDir, (m) => m.channel === 'sms' && m.to === '+919876543210', 'the enrolment SMS');
    await phoneDialog.getByText(/\+91•+210/).waitFor();
    await screenshot(page, 'account-security-phone-code');
    await phoneDialog.getByRole('button', { name: text.resend }).click();
    await waitForToast(page, messages.mfa.resendTooSoon);
    await phoneDialog.getByLabel(text.codeLabel).fill(codeIn(sms));
    await phoneDialog.getByRole('button', { name: text.verify }).click();
    await phoneDialog.waitFor({ state: 'detached' });
    const phoneRow = factorRow(page, text.phoneTitle);
    await phoneRow.getByText(text.verified, { exact: true }).waitFor();
    await phoneRow.getByText('+91•••••••210').waitFor();

    // Remove the phone: the password is asked again; a wrong one is refused.
    await page.getByRole('button', { name: `Remove ${text.phoneTitle}` }).click();
    const removeDialog = page.getByRole('dialog', { name: text.removeTitle });
    await removeDialog.getByLabel(text.passwordLabel).fill('still-not-it');
    await removeDialog.getByRole('button', { name: text.removeConfirm }).click();
    await removeDialog.getByText(messages.mfa.wrongPassword).waitFor();
    await removeDialog.getByLabel(text.passwordLabel).fill(PASSWORD);
    await removeDialog.getByRole('button', { name: text.removeConfirm }).click();
    await waitForToast(page, text.removed);
    await phoneRow.waitFor({ state: 'detached' });
    expect(await page.getByTestId('mfa-factor').count()).toBe(1);

    // Usable at 375 px: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('heading', { name: text.heading, level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'account-security-mobile');
  });

  it('lets an unfinished authenticator app be finished later, by keyboard', async () => {
    const user = await h.t.factories.user({ role: 'employer', password: PASSWORD });
    const { page } = await h.open();
    await page.setViewportSize({ width: 375, height: 812 });
    await signInTo(page, user.email, '/dashboard');
    await page.goto('/account/security');

    await page.getByRole('button', { name: text.appButton }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text.appTitle });
    // Focus moves into the dialog, to its password field once the dialog knows it asks for one
    // (it learns that from the factors list), and stays there.
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null && (document.activeElement as HTMLInputElement | null)?.type === 'password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await dialog.getByRole('img', { name: text.qrLabel }).waitFor();
    const totp = await totpFromPage(page);
    await screenshot(page, 'account-security-qr-mobile');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const row = factorRow(page, text.appTitle);
    await row.getByText(text.unverified, { exact: true }).waitFor();
    await row.getByRole('button', { name: `Finish setting up ${text.appTitle}` }).click();
    const finish = page.getByRole('dialog', { name: text.appTitle });
    await finish.getByText(text.finishTotpNote).waitFor();
    await finish.getByLabel(text.codeLabel).fill(totp.generate());
    await page.keyboard.press('Enter');
    await waitForToast(page, text.enabled);
    await saveRecoveryCodes(page);
    await row.getByText(text.verified, { exact: true }).waitFor();
  });

  it('is reached from the admin header and leads back to /admin', async () => {
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD });
    const { page } = await h.open();
    await page.setViewportSize({ width: 375, height: 812 });
    await signInTo(page, admin.email, '/admin');
    await page.getByRole('button', { name: messages.shell.signOut }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'admin-header-mobile');
    await page.getByRole('link', { name: text.menuItem }).click();
    await waitForPath(page, '/account/security');
    await page.getByText(text.empty).waitFor();
    await page.getByRole('link', { name: text.backToAdmin }).click();
    await waitForPath(page, '/admin');
  });

  it('tells candidates on /auth how they sign in, and lets one with no password confirm a change with an emailed code (issue 12, defect 2)', async () => {
    const email = 'nikhil.bhat@example-mail.in';
    const c = messages.candidate;
    const { page, expectConsoleError } = await h.open('/auth');
    // The wrong code below is refused by the server (403), which the browser logs.
    expectConsoleError({ status: 403, path: '/api/mfa/factors' });

    // /auth says how a candidate signs in (again): by a code emailed to them, on the registration page.
    await page.getByText(messages.signIn.candidatePrompt).waitFor();
    await screenshot(page, 'auth-candidate-sign-in');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'auth-candidate-sign-in-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: messages.signIn.candidateCodeLink }).click();
    await waitForPath(page, '/candidate/register');
    await page.getByText(c.flow.emailIntro).waitFor();
    await page.getByLabel(c.flow.emailLabel).fill(email);
    await page.getByRole('button', { name: c.registration.continueWithEmail }).click();
    const signInCode = await waitForMessage(h.t.dataDir, (m) => m.to === email && m.subject === CANDIDATE_EMAIL_CODE_SUBJECT, 'the sign-in code');
    await page.getByLabel(c.registration.emailCodeLabel).fill(codeIn(signInCode));
    await page.getByRole('button', { name: c.registration.verifyEmailButton }).click();
    await page.getByLabel(c.phone.phoneLabel).waitFor();

    await page.goto('/account/security');
    await page.getByText(text.empty).waitFor();
    await page.getByRole('button', { name: text.appButton }).click();
    const dialog = page.getByRole('dialog', { name: text.appTitle });
    // No password field: the account has none. A code is emailed on request instead.
    await dialog.getByText(text.emailCodeHint).waitFor();
    expect(await dialog.getByLabel(text.passwordLabel).count()).toBe(0);
    await dialog.getByRole('button', { name: text.emailCodeSend }).click();
    await dialog.getByText(fill(messages.mfa.reauthCodeSent, { email })).waitFor();
    await dialog.getByRole('button', { name: text.emailCodeAgain }).waitFor();
    const code = codeIn(await waitForMessage(h.t.dataDir, (m) => m.to === email && m.subject === REAUTH_CODE_SUBJECT, 'the confirmation code'));
    await dialog.getByLabel(text.nameLabel).fill('My phone');
    await screenshot(page, 'account-security-candidate-code');

    // At phone width: a wrong code is refused at the field in the server's words, then the right one.
    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByLabel(text.emailCodeLabel).fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: text.continue }).click();
    await dialog.getByText(messages.mfa.reauthCodeWrong).waitFor();
    await screenshot(page, 'account-security-candidate-code-375');
    await dialog.getByLabel(text.emailCodeLabel).fill(code);
    await dialog.getByRole('button', { name: text.continue }).click();
    await dialog.getByRole('img', { name: text.qrLabel }).waitFor();
    const totp = await totpFromPage(page);
    await dialog.getByLabel(text.codeLabel).fill(totp.generate());
    await dialog.getByRole('button', { name: text.verify }).click();
    await waitForToast(page, text.enabled);
    await dialog.waitFor({ state: 'detached' });
    await saveRecoveryCodes(page);
    await factorRow(page, 'My phone').getByText(text.verified, { exact: true }).waitFor();
    await screenshot(page, 'account-security-candidate-verified-375');
  });
});
