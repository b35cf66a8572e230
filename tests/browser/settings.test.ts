import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Hampi-Boulders-Sunrise-34';
const DAY = 24 * 60 * 60 * 1000;
const text = messages.settings;

/** Issue 13: Settings replaces "Settings Coming Soon": Company (with logo and the public page), Billing profile, Candidate emails. */
describe('Settings', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('saves the company profile and logo, shown on /companies/:slug; billing with a checked GSTIN; candidate emails', { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Deccan Biscuits' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Shalini Reddy' });
    await h.t.factories.job(company.id, { title: 'Production Supervisor', location: 'Hyderabad, Telangana', expiresAt: new Date(Date.now() + 30 * DAY) });

    const { page } = await h.openSignedIn(owner.email, PASSWORD);
    await page.getByRole('navigation', { name: messages.shell.mainNavigation }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: text.pageTitle }).waitFor();
    const tabs = page.getByRole('tablist', { name: text.tabsLabel });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([text.companyTab, text.billingTab, text.emailsTab, messages.letters.templatesTab, messages.developers.tab, text.accountTab]);

    // Company: a reserved address is refused beside the field; then the profile and a logo are saved.
    const panel = page.getByRole('tabpanel', { name: text.companyTab });
    await panel.getByLabel(text.nameLabel).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.getByLabel(text.slugLabel).fill('jobs');
    await panel.getByRole('button', { name: text.save }).click();
    await panel.getByText(text.slugReserved).waitFor();
    await panel.getByLabel(text.nameLabel).fill('Deccan Biscuits Pvt Ltd');
    await panel.getByLabel(text.industryLabel).selectOption('Manufacturing');
    await panel.getByLabel(text.sizeLabel).selectOption('201-500');
    await panel.getByLabel(text.websiteLabel).fill('deccanbiscuits.in');
    await panel.getByLabel(text.descriptionLabel).fill('Biscuits and rusks baked in Hyderabad since 1987.');
    await panel.getByLabel(text.slugLabel).fill('deccan-biscuits');
    await panel.getByLabel(text.brandColorLabel, { exact: true }).fill('#9A3412');
    await panel.getByRole('button', { name: text.save }).click();
    await waitForToast(page, text.saved);
    const png = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#9a3412' } }).png().toBuffer();
    await panel.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await waitForToast(page, text.logoSaved);
    await panel.getByRole('img', { name: 'Deccan Biscuits Pvt Ltd logo' }).waitFor();
    await screenshot(page, 'settings-company-1280');

    // The public careers page shows it, with the open job.
    const visitor = await h.open('/companies/deccan-biscuits');
    await visitor.page.getByRole('heading', { level: 1, name: 'Deccan Biscuits Pvt Ltd' }).waitFor();
    await visitor.page.getByText('Manufacturing · 201-500 employees').waitFor();
    await visitor.page.getByRole('link', { name: /Production Supervisor/ }).waitFor();
    await visitor.page.getByRole('img', { name: 'Deccan Biscuits Pvt Ltd logo' }).waitFor();
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'company-page-1280');
    await visitor.page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(visitor.page);
    await screenshot(visitor.page, 'company-page-375');

    // Billing profile: a wrong check character gets "Enter a valid GSTIN" beside the field.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabs.getByRole('tab', { name: text.billingTab }).click();
    await waitForPath(page, '/dashboard/settings/billing');
    const billing = page.getByRole('tabpanel', { name: text.billingTab });
    await billing.getByLabel(text.legalNameLabel).fill('Deccan Biscuits Private Limited');
    await billing.getByLabel(text.gstinLabel).fill('36AABCD1234E1Z0');
    await billing.getByLabel(text.addressLine1Label).fill('Plot 14, IDA Uppal');
    await billing.getByLabel(text.cityLabel).fill('Hyderabad');
    await billing.getByLabel(text.stateLabel).selectOption('Telangana');
    await billing.getByLabel(text.pincodeLabel).fill('500039');
    await billing.getByRole('button', { name: text.save }).click();
    await billing.getByText(text.gstinInvalid, { exact: true }).waitFor();
    expect(await billing.getByLabel(text.gstinLabel).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'settings-billing-invalid-gstin');
    const { gstinCheckCharacter } = await import('../../shared/schemas/company-settings.ts');
    await billing.getByLabel(text.gstinLabel).fill(`36AABCD1234E1Z${gstinCheckCharacter('36AABCD1234E1Z')}`);
    await billing.getByRole('button', { name: text.save }).click();
    await waitForToast(page, text.saved);
    // The profile's "saved" toast may still be up: wait for the billing row itself.
    await expect.poll(async () => (await h.t.database.db.selectFrom('company_billing_profiles').select(['gstin', 'state']).executeTakeFirst())?.state).toBe('Telangana');

    // Candidate emails: the rejection email off, replies to the careers address.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabs.getByRole('tab', { name: text.emailsTab }).click();
    const emails = page.getByRole('tabpanel', { name: text.emailsTab });
    await emails.getByRole('switch', { name: 'Email when moved to Rejected' }).uncheck();
    await emails.getByLabel(text.replyToLabel).fill('careers@deccanbiscuits.in');
    await emails.getByRole('button', { name: text.save }).click();
    await waitForToast(page, text.saved);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // An earlier "saved" toast may still be up: wait for the row itself.
    await expect
      .poll(() => h.t.database.db.selectFrom('companies').select(['stage_emails_off', 'reply_to_email']).where('id', '=', company.id).executeTakeFirstOrThrow())
      .toEqual({ stage_emails_off: ['rejected'], reply_to_email: 'careers@deccanbiscuits.in' });

    // 375 px: every tab fits and passes axe. On a phone the toasts lie over the tabs: let them go first.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const tab of [text.companyTab, text.billingTab, text.emailsTab]) {
      await tabs.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).getByRole('button', { name: text.save }).waitFor();
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `settings-${tab.toLowerCase().replace(/\W+/g, '-')}-375`);
    }
  });

  it('shows an interviewer only Your account, and a recruiter no billing', async () => {
    const company = await h.t.factories.company({ name: 'Konkan Ports' });
    const interviewer = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: PASSWORD });
    const admin = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'admin', password: PASSWORD });
    const first = await h.openSignedIn(interviewer.email, PASSWORD, '/dashboard/settings');
    const tabs = first.page.getByRole('tablist', { name: text.tabsLabel });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([text.accountTab]);
    const second = await h.openSignedIn(admin.email, PASSWORD, '/dashboard/settings/billing');
    const adminTabs = second.page.getByRole('tablist', { name: text.tabsLabel });
    await adminTabs.waitFor();
    expect(await adminTabs.getByRole('tab').allTextContents()).toEqual([text.companyTab, text.emailsTab, messages.letters.templatesTab, messages.developers.tab, text.accountTab]);
    expect(await adminTabs.getByRole('tab', { name: text.companyTab }).getAttribute('aria-selected')).toBe('true');
  });
});
