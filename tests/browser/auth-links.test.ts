import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { codeIn, linkIn, waitForMessage } from '../support/outbox.ts';
import { startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Banyan-Quarry-Indore-36';
const NEW_PASSWORD = 'Lantern-Harbour-Surat-92';

describe('emailed links: confirmation (/auth/callback) and password reset', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('lands a confirmed sign-up on /dashboard through /auth/callback', async () => {
    const email = 'meera.iyer@lotus-analytics.in';
    const signUp = await h.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: PASSWORD, name: 'Meera Iyer', companyName: 'Lotus Analytics', callbackURL: '/auth/callback' },
    });
    expect(signUp.statusCode).toBe(200);
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === email && m.subject === 'Confirm your WorkCred account');

    const { page } = await h.open();
    await page.goto(linkIn(mail));
    await waitForToast(page, messages.auth.callbackSuccess);
    await waitForPath(page, '/dashboard');
    await page.getByText('Welcome, Meera Iyer').waitFor();
  });

  it('points candidates from /auth to registration by email code', async () => {
    const { page } = await h.open('/auth');
    await page.getByRole('link', { name: messages.signIn.candidateCodeLink }).click();
    await waitForPath(page, '/candidate/register');
    await page.getByRole('heading', { name: messages.candidate.registration.pageTitle }).waitFor();
  });

  it('brings a registered candidate who signs in by email code back to the job they were applying to', async () => {
    const company = await h.t.factories.company({ name: 'Banyan Logistics' });
    const job = await h.t.factories.job(company.id, { title: 'Fleet Coordinator' });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Kavya Rao' });
    const { db } = h.t.database;
    await db.updateTable('user_profiles').set({ phone: '+919876543210', mobile_verified: true }).where('id', '=', candidate.id).execute();
    await db
      .insertInto('candidate_profiles')
      .values({ user_id: candidate.id, candidate_code: 'WC-9B2K7M', uan: '100200300400', education: 'B.Com', current_employer: 'Banyan Retail', notice_period_days: 30, experience_years: 4, registration_completed_at: new Date() })
      .execute();

    const { page } = await h.open(`/jobs/${job.id}`);
    // Issue 33: Apply leads a visitor straight to the candidates' sign-in by email code.
    await page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await waitForPath(page, '/candidate/register');
    await page.getByTestId('apply-context').waitFor();
    await page.getByLabel(messages.candidate.flow.emailLabel).fill(candidate.email);
    await page.getByRole('button', { name: messages.candidate.registration.continueWithEmail }).click();
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === candidate.email && m.subject === 'Your WorkCred email verification code');
    await page.getByLabel(messages.candidate.registration.emailCodeLabel).fill(codeIn(mail));
    await page.getByRole('button', { name: messages.candidate.registration.verifyEmailButton }).click();
    await waitForPath(page, `/jobs/${job.id}`);
    await page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await waitForToast(page, messages.jobDetail.submitted);
  });

  it('sends an errored callback to /auth with the failure toast', async () => {
    const { page } = await h.open('/auth/callback?error=INVALID_TOKEN');
    await waitForToast(page, messages.auth.callbackFailed);
    await waitForPath(page, '/auth');
  });

  it('sends a callback without a session to /auth', async () => {
    const { page } = await h.open('/auth/callback');
    await waitForPath(page, '/auth');
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  });

  it('resets a forgotten password through the emailed link, then signs in with the new one', async () => {
    const user = await h.t.factories.user({ role: 'employer', password: PASSWORD });
    const { page, expectConsoleError } = await h.open('/auth');
    expectConsoleError({ status: 400, path: '/api/auth/reset-password' });
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: messages.signIn.forgotPassword }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Email').inputValue()).toBe(user.email);
    await dialog.getByRole('button', { name: messages.passwordReset.sendLink }).click();
    await dialog.getByText(messages.passwordReset.linkSent).waitFor();

    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === user.email && m.subject === 'Reset your WorkCred password');
    await page.goto(linkIn(mail));
    await waitForPath(page, '/auth/reset-password');
    await page.getByRole('heading', { name: messages.passwordReset.heading }).waitFor();

    // Mismatch is caught here; a common password is refused by the server with its own message.
    await page.getByLabel(messages.passwordReset.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(messages.passwordReset.confirmPasswordLabel).fill('something-else-entirely');
    await page.getByRole('button', { name: messages.passwordReset.submit }).click();
    await page.getByText(messages.passwordReset.mismatch).waitFor();
    await page.getByLabel(messages.passwordReset.newPasswordLabel, { exact: true }).fill('password1');
    await page.getByLabel(messages.passwordReset.confirmPasswordLabel).fill('password1');
    await page.getByRole('button', { name: messages.passwordReset.submit }).click();
    await page.locator('[data-sonner-toast][data-type="error"]').waitFor();

    await page.getByLabel(messages.passwordReset.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(messages.passwordReset.confirmPasswordLabel).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: messages.passwordReset.submit }).click();
    await waitForToast(page, messages.passwordReset.success);
    await waitForPath(page, '/auth');

    await submitSignIn(page, user.email, NEW_PASSWORD);
    await waitForPath(page, '/dashboard');
  });

  it('explains a spent reset link', async () => {
    const { page } = await h.open('/auth/reset-password?error=INVALID_TOKEN');
    await page.getByText(messages.passwordReset.invalidLink).waitFor();
    await page.getByRole('link', { name: messages.passwordReset.backToSignIn }).click();
    await waitForPath(page, '/auth');
  });
});
