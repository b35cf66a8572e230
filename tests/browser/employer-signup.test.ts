import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { messages } from '../../shared/messages.ts';
import { codeIn, waitForMessage } from '../support/outbox.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Jasmine-Courier-Kochi-73';
const text = messages.employerSignupFlow;

/** The company check's answer under the name, once it is in the given state. */
async function companyStatus(page: Page, state: 'exists' | 'available', message: string) {
  const status = page.locator(`[data-testid="company-check-status"][data-state="${state}"]`).filter({ hasText: message });
  await status.waitFor();
  return status;
}


describe('employer signup (/employer-signup) and onboarding (/employer/onboarding)', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await h.t.database.db
      .insertInto('company_verifications')
      .values([
        { company_name: 'Seeded Steelworks', domain: 'seeded-steelworks.in', verification_status: 'pending' },
        { company_name: 'Verified Vanguard', domain: 'verified-vanguard.in', verification_status: 'verified' },
      ])
      .execute();
  });
  afterAll(async () => h?.close());

  it('walks the three steps with the live company check and registers, landing on /auth', async () => {
    const { page } = await h.open('/employer-signup?plan=starter');
    await page.getByRole('heading', { name: text.pageTitle, level: 1 }).waitFor();
    await page.getByText('Starter plan selected').waitFor();
    await page.getByText('Step 1 of 3: Company Information').waitFor();
    expect(await page.getByRole('progressbar', { name: text.progressLabel }).getAttribute('aria-valuenow')).toBe('1');
    const previous = page.getByRole('button', { name: messages.employerSignup.previous });
    const next = page.getByRole('button', { name: messages.employerSignup.next });
    expect(await previous.isDisabled()).toBe(true);

    const companyName = page.getByLabel(text.companyNameLabel);
    // Two characters: no check yet.
    await companyName.fill('Se');
    expect(await page.getByTestId('company-check-status').count()).toBe(0);

    // An existing (seeded) company: yellow. Typed key by key, so several names are in flight.
    await companyName.fill('');
    await companyName.pressSequentially('seeded steelworks', { delay: 20 });
    const existing = await companyStatus(page, 'exists', 'seeded steelworks is registered and awaiting verification.');
    expect(await existing.getAttribute('class')).toContain('yellow');
    await screenshot(page, 'employer-signup-step-1-existing');

    // A fresh name: green, and the earlier answer is gone.
    await companyName.fill('Fresh Fig Foods');
    const fresh = await companyStatus(page, 'available', 'Great — Fresh Fig Foods is available.');
    expect(await fresh.getAttribute('class')).toContain('green');
    expect(await page.getByText('awaiting verification').count()).toBe(0);
    await screenshot(page, 'employer-signup-step-1-available');

    await next.click();
    await page.getByText('Step 2 of 3: Personal Details').waitFor();
    // The keyboard follows the step (the wizard shared with onboarding, issue 33 D).
    await page.waitForFunction(() => document.activeElement?.id === 'full_name');
    expect(await previous.isDisabled()).toBe(false);
    // Previous keeps what was typed.
    await previous.click();
    await page.getByText('Step 1 of 3: Company Information').waitFor();
    expect(await companyName.inputValue()).toBe('Fresh Fig Foods');
    await next.click();

    // Next refuses an empty step.
    await next.click();
    await page.getByText(text.fullNameRequired).waitFor();
    await page.getByLabel(text.fullNameLabel).fill('Farah Khan');
    await screenshot(page, 'employer-signup-step-2');
    // Enter in a field moves on like Next.
    await page.getByLabel(text.fullNameLabel).press('Enter');
    await page.getByText('Step 3 of 3: Account Setup').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'email');
    expect(await page.getByRole('button', { name: messages.employerSignup.next }).count()).toBe(0);

    const complete = page.getByRole('button', { name: messages.employerSignup.complete });
    await page.getByLabel(text.workEmailLabel).fill('farah.khan@gmail.com');
    await page.getByLabel(text.passwordLabel, { exact: true }).fill(PASSWORD);
    await complete.click();
    await page.getByText(messages.employerSignup.invalidWorkEmail, { exact: true }).waitFor();
    await screenshot(page, 'employer-signup-step-3-free-mail');

    await page.getByLabel(text.workEmailLabel).fill('farah.khan@freshfig-foods.in');
    await screenshot(page, 'employer-signup-step-3');
    await complete.click();
    await waitForToast(page, messages.employerSignup.registered);
    // /dashboard's guard sends the not-yet-confirmed user on to /auth.
    await waitForPath(page, '/auth');

    const row = await h.t.database.db.selectFrom('company_verifications').select(['company_name', 'domain']).where('company_name', '=', 'Fresh Fig Foods').executeTakeFirst();
    expect(row).toEqual({ company_name: 'Fresh Fig Foods', domain: 'freshfig-foods.in' });
    await waitForMessage(h.t.dataDir, (m) => m.to === 'farah.khan@freshfig-foods.in' && m.subject === 'Confirm your WorkCred account');
  });

  it('blocks a signup under a verified company with its status message', async () => {
    const { page } = await h.open('/employer-signup');
    const blocked = 'Verified Vanguard is already registered and verified on WorkCred. Ask your administrator to invite you.';
    await page.getByLabel(text.companyNameLabel).fill('Verified Vanguard');
    await companyStatus(page, 'exists', blocked);
    await page.getByLabel(text.companyNameLabel).press('Enter');
    await page.getByLabel(text.fullNameLabel).fill('Vikram Rao');
    await page.getByLabel(text.fullNameLabel).press('Enter');
    await page.getByLabel(text.workEmailLabel).fill('vikram@another-vanguard.in');
    await page.getByLabel(text.passwordLabel, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: messages.employerSignup.complete }).click();
    await waitForToast(page, blocked);
    expect(new URL(page.url()).pathname).toBe('/employer-signup');
    await page.getByRole('button', { name: messages.employerSignup.complete }).waitFor();
    expect(await h.t.database.db.selectFrom('auth_users').select('id').where('email', '=', 'vikram@another-vanguard.in').executeTakeFirst()).toBeUndefined();
  });

  it('has no serious or critical axe violations, and fits a 375 px screen', async () => {
    const { page } = await h.open('/employer-signup?plan=professional');
    await page.getByText('Professional plan selected').waitFor();
    await page.getByLabel(text.companyNameLabel).fill('Seeded Steelworks');
    await companyStatus(page, 'exists', 'Seeded Steelworks is registered');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'employer-signup-mobile');
    await page.getByRole('button', { name: messages.employerSignup.next }).click();
    await page.getByLabel(text.fullNameLabel).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('walks the signed-in onboarding wizard with a real emailed code and stays on the page', async () => {
    const company = await h.t.factories.company({ name: 'Coral Freight Pvt Ltd' });
    // A long address with no spaces or hyphens: the review must wrap it at 375 px (a random one sometimes did not fit).
    const email = 'kavya_menon.procurementandlogistics@coralfreightlogistics.example.in';
    const user = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Kavya Menon', email });
    const onboardingText = messages.employerOnboardingFlow;
    const { page } = await h.openSignedIn(user.email, PASSWORD, '/employer/onboarding');
    await page.getByRole('heading', { name: onboardingText.heading, level: 1 }).waitFor();

    // Pre-filled from the profile.
    expect(await page.getByLabel(onboardingText.companyNameLabel).inputValue()).toBe('Coral Freight Pvt Ltd');
    const previous = page.getByRole('button', { name: onboardingText.previous });
    const next = page.getByRole('button', { name: onboardingText.next });
    expect(await previous.isDisabled()).toBe(true);

    // Step 1 needs industry and size.
    await next.click();
    await page.getByText(onboardingText.industryRequired).waitFor();
    await page.getByLabel(onboardingText.industryLabel).selectOption('Manufacturing');
    await page.getByLabel(onboardingText.companySizeLabel).selectOption('51-200');
    await next.click();

    await page.getByText('Step 2 of 4: Account Information').waitFor();
    expect(await page.getByLabel(onboardingText.fullNameLabel).inputValue()).toBe('Kavya Menon');
    expect(await page.getByLabel(onboardingText.workEmailLabel).inputValue()).toBe(user.email);
    await page.getByLabel(onboardingText.phoneLabel).fill('12345');
    await next.click();
    await page.getByText(messages.mfa.invalidPhone).waitFor();
    await page.getByLabel(onboardingText.phoneLabel).fill('+91 98765 43210');
    await next.click();

    await page.getByText('Step 3 of 4: Verification').waitFor();
    await page.getByRole('button', { name: onboardingText.sendCode }).click();
    await waitForToast(page, onboardingText.codeSent.replace('{email}', user.email));
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === user.email && m.subject === onboardingText.emailSubject);
    await page.getByRole('button', { name: onboardingText.resendCode }).waitFor();
    expect(await page.getByRole('button', { name: onboardingText.resendCode }).isDisabled()).toBe(true);
    await page.getByLabel(onboardingText.codeLabel).fill(codeIn(mail));
    await next.click();
    await page.getByText(onboardingText.termsRequired).waitFor();
    await page.getByLabel(onboardingText.termsLabel).check();
    await screenshot(page, 'employer-onboarding-verification');
    await next.click();

    await page.getByText('Step 4 of 4: Confirmation').waitFor();
    // The review has no fields: the keyboard goes to the step's heading.
    await page.waitForFunction(() => document.activeElement?.tagName === 'LEGEND' && document.activeElement.textContent === 'Confirmation');
    const review = page.getByTestId('onboarding-review');
    for (const value of ['Coral Freight Pvt Ltd', 'Manufacturing', '51-200 employees', messages.onboarding.notProvided, 'Kavya Menon', user.email, '+91 98765 43210']) {
      await review.getByText(value, { exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: onboardingText.next }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'employer-onboarding-review');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'employer-onboarding-review-mobile');

    await page.getByRole('button', { name: messages.onboarding.submit }).click();
    await waitForToast(page, messages.onboarding.completed);
    await page.getByRole('heading', { name: onboardingText.completedHeading }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/employer/onboarding');
    await screenshot(page, 'employer-onboarding-completed');

    const rows = await h.t.database.db.selectFrom('employer_onboarding').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ company_name: 'Coral Freight Pvt Ltd', industry: 'Manufacturing', company_size: '51-200', company_website: null, phone_number: '+91 98765 43210' });
  });

  it('shows the reason under the failure toast for a wrong code', async () => {
    const user = await h.t.factories.user({ role: 'employer', password: PASSWORD, fullName: 'Wrong Code' });
    const onboardingText = messages.employerOnboardingFlow;
    const { page, expectConsoleError } = await h.open('/auth');
    expectConsoleError({ status: 400, path: '/api/employer-onboarding' });
    await submitSignIn(page, user.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.goto('/employer/onboarding');
    await page.getByLabel(onboardingText.companyNameLabel).fill('Wrong Code Co');
    await page.getByLabel(onboardingText.industryLabel).selectOption('Finance');
    await page.getByLabel(onboardingText.companySizeLabel).selectOption('1-10');
    await page.getByLabel(onboardingText.websiteLabel).fill('wrongcode.in');
    await page.getByRole('button', { name: onboardingText.next }).click();
    await page.getByLabel(onboardingText.phoneLabel).fill('9876543210');
    await page.getByRole('button', { name: onboardingText.next }).click();
    await page.getByRole('button', { name: onboardingText.sendCode }).click();
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === user.email && m.subject === onboardingText.emailSubject);
    const wrong = String((Number(codeIn(mail)) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel(onboardingText.codeLabel).fill(wrong);
    await page.getByLabel(onboardingText.termsLabel).check();
    await page.getByRole('button', { name: onboardingText.next }).click();
    await page.getByTestId('onboarding-review').getByText('wrongcode.in', { exact: true }).waitFor();
    await page.getByRole('button', { name: messages.onboarding.submit }).click();
    await waitForToast(page, messages.onboarding.failed);
    await page.locator('[data-sonner-toast]').filter({ hasText: messages.mfa.invalidCode }).waitFor();
    expect(await h.t.database.db.selectFrom('employer_onboarding').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
