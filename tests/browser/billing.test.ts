import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { formatIstDate, formatPaise } from '../../shared/gst.ts';
import { messages } from '../../shared/messages.ts';
import { extractPdfText } from '../../server/features/verification/pdf-text.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { downloadedBytes, screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { joinRupeeSign } from '../support/pdf-qr.ts';

const PASSWORD = 'Kaveri-Billing-Journey-47';
const DAY = 24 * 60 * 60 * 1000;
const text = messages.billing;

/**
 * Issue 15's journey: a company in the last days of its trial sees the banner, posts up to its
 * plan's limit and is refused the next listing with the plan's message, pays through the
 * development provider (the webhook path activates the plan), and downloads a GST invoice.
 */
describe('billing: trial, limit, upgrade and invoice', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('shows the trial banner, refuses the listing past the limit, upgrades in test mode and downloads the invoice', { timeout: 150_000 }, async () => {
    const db = h.t.database.db;
    const company = await h.t.factories.company({ name: 'Kaveri Foods' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Lakshmi Rao' });
    // Day 11 of the trial: three days left. 14 of its 15 listings are taken.
    await db.updateTable('company_subscriptions').set({ trial_ends_at: new Date(Date.now() + 3 * DAY - 60 * 60 * 1000) }).where('company_id', '=', company.id).execute();
    for (let i = 0; i < 14; i += 1) await h.t.factories.job(company.id, { title: `Production Associate ${i + 1}`, location: 'Mysuru' });
    await db
      .insertInto('company_billing_profiles')
      .values({ company_id: company.id, legal_name: 'Kaveri Foods Private Limited', gstin: '29AAGCB7383J1Z4', address_line1: '12, 3rd Cross, Jayalakshmipuram', city: 'Mysuru', state: 'Karnataka', pincode: '570012' })
      .execute();

    const { page, expectConsoleError } = await h.openSignedIn(owner.email, PASSWORD);
    const banner = page.getByRole('status').filter({ hasText: fill(text.trialBanner, { days: 3 }) });
    await banner.waitFor();

    // The fifteenth listing is posted; the sixteenth is refused with the plan's limit.
    await page.goto('/dashboard/jobs');
    const post = async (title: string) => {
      await page.getByRole('button', { name: messages.jobsManagement.createNewJob }).first().click();
      await page.getByLabel(messages.jobsManagement.titleLabel).fill(title);
      await page.getByLabel(messages.jobsManagement.descriptionLabel).fill('Runs the packing line on the morning shift.');
      await page.getByRole('dialog').getByRole('button', { name: messages.jobsManagement.createJob, exact: true }).click();
    };
    await post('Quality Inspector');
    await waitForToast(page, messages.jobsManagement.posted);
    expectConsoleError({ status: 402, path: '/api/jobs' });
    await post('Forklift Operator');
    await page.getByText(fill(text.listingLimit, { plan: 'Professional', limit: '15' })).waitFor();
    await screenshot(page, 'billing-listing-limit-1280');
    await page.keyboard.press('Escape');

    // Billing, from the banner's link.
    await banner.getByRole('link', { name: text.trialBannerAction }).click();
    await page.waitForURL('**/dashboard/billing');
    await page.getByRole('heading', { name: text.currentPlan }).waitFor();
    await page.getByRole('meter', { name: text.listingsUsed }).waitFor();
    expect(await page.getByRole('meter', { name: text.listingsUsed }).getAttribute('aria-valuenow')).toBe('15');
    await screenshot(page, 'billing-trial-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Issue 33 B4: choosing a plan during the trial says first that the trial's days are kept,
    // with the first charge's price (with GST) and date, priced by the server.
    const trialEnds = (await db.selectFrom('company_subscriptions').select('trial_ends_at').where('company_id', '=', company.id).executeTakeFirstOrThrow()).trial_ends_at;
    const trialEndDate = formatIstDate(new Date(trialEnds));
    await page.getByRole('button', { name: fill(text.choosePlan, { plan: 'Professional' }) }).click();
    const confirm = page.getByRole('dialog', { name: fill(text.checkoutTitle, { plan: 'Professional' }) });
    await confirm.getByText(fill(text.checkoutTrialText, { trialEnd: trialEndDate, amount: formatPaise(14_748_82), date: trialEndDate })).waitFor();
    await screenshot(page, 'billing-confirm-trial-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'billing-confirm-trial-375');
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.getByRole('button', { name: text.goBack }).click();
    // The trial runs out unpaid: now the plan starts, and is charged, at once.
    await db.updateTable('company_subscriptions').set({ trial_ends_at: new Date(Date.now() - 60_000) }).where('company_id', '=', company.id).execute();
    await page.reload();
    await page.getByRole('button', { name: fill(text.choosePlan, { plan: 'Professional' }) }).click();
    const now = page.getByRole('dialog', { name: fill(text.checkoutTitle, { plan: 'Professional' }) });
    await now.getByText(formatPaise(14_748_82), { exact: false }).waitFor();
    await now.getByRole('button', { name: text.checkoutConfirm }).click();
    await page.waitForURL('**/dashboard/billing/test-checkout/*');
    await page.getByText(text.testModeBadge).first().waitFor();
    await screenshot(page, 'billing-test-checkout-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: fill(text.testCheckoutPay, { amount: formatPaise(14_748_82) }) }).click();
    await waitForToast(page, fill(text.testCheckoutDone, { plan: 'Professional' }));
    await page.waitForURL('**/dashboard/billing');
    await page.getByText(text.standingActive, { exact: true }).waitFor();
    expect(await banner.count()).toBe(0);

    // The invoice downloads, and its text holds what a GST invoice must.
    const link = page.getByRole('link', { name: /Download WC\// });
    await link.waitFor();
    const number = (await link.textContent())!.trim();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const pdf = await downloadedBytes(download);
    const invoice = joinRupeeSign((await extractPdfText(new Uint8Array(pdf))).replace(/\s+/g, ' '));
    for (const expected of [number, '29AAGCB7383J1Z4', 'Place of supply: Karnataka (29)', 'CGST @ 9%', 'SGST @ 9%', '₹1,124.91', '₹14,748.82']) expect(invoice).toContain(expected);
    await screenshot(page, 'billing-active-1280');

    // A phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: text.payments }).scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-active-375');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('buys Starter with the background-check add-on, then removes it and adds it again', { timeout: 90_000 }, async () => {
    const db = h.t.database.db;
    const company = await h.t.factories.company({ name: 'Tungabhadra Steel' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Girish Patil' });
    await db
      .insertInto('company_billing_profiles')
      .values({ company_id: company.id, legal_name: 'Tungabhadra Steel Private Limited', address_line1: 'Plot 14, KIADB Industrial Area', city: 'Hosapete', state: 'Karnataka', pincode: '583201' })
      .execute();
    // Its trial is over, so Starter starts (and is charged) at once.
    await db.updateTable('company_subscriptions').set({ trial_ends_at: new Date(Date.now() - 60_000) }).where('company_id', '=', company.id).execute();
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/billing');
    await page.getByRole('heading', { name: text.plans }).waitFor();
    // No plan is running, so there is no add-on card yet: the add-on is chosen with Starter.
    expect(await page.getByRole('heading', { name: text.addOnTitle }).count()).toBe(0);
    await page.getByRole('checkbox', { name: fill(text.addOnChoose, { price: '₹2,499' }) }).check();
    await page.getByText(fill(text.plusGst, { total: formatPaise(14_747_64) })).waitFor();
    await page.getByRole('button', { name: fill(text.choosePlan, { plan: 'Starter' }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.checkoutConfirm }).click();
    await page.waitForURL('**/dashboard/billing/test-checkout/*');
    await page.getByText(`Starter${text.addOnInvoiceLine}`).waitFor();
    await page.getByRole('button', { name: fill(text.testCheckoutPay, { amount: formatPaise(14_747_64) }) }).click();
    await waitForToast(page, fill(text.testCheckoutDone, { plan: 'Starter' }));
    await page.waitForURL('**/dashboard/billing');

    // The add-on card says what it gives; removing it says what stops first.
    const card = page.getByRole('region', { name: text.addOnTitle });
    await card.getByText(fill(text.addOnActive, { limit: 150, price: '₹2,499' })).waitFor();
    await screenshot(page, 'billing-add-on-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: text.addOnRemove }).click();
    const dialog = page.getByRole('dialog', { name: text.addOnRemoveTitle });
    await dialog.getByText(text.addOnRemoveText).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: text.addOnRemoveConfirm }).click();
    await waitForToast(page, text.addOnRemoved);
    await card.getByText(fill(text.addOnText, { limit: 150, price: '₹2,499' })).waitFor();
    expect((await db.selectFrom('company_subscriptions').select('checks_add_on').where('company_id', '=', company.id).executeTakeFirstOrThrow()).checks_add_on).toBe(false);

    // Added again, from the card, after a confirmation stating its price with GST (issue 33 B4: it was one click).
    await card.getByRole('button', { name: text.addOnAdd }).click();
    const add = page.getByRole('dialog', { name: text.addOnAddTitle });
    await add.getByText(formatPaise(2_948_82), { exact: false }).waitFor();
    await screenshot(page, 'billing-confirm-add-on-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await add.getByRole('button', { name: text.addOnAdd }).click();
    await waitForToast(page, fill(text.addOnAdded, { limit: 150 }));
    await card.getByText(fill(text.addOnActive, { limit: 150, price: '₹2,499' })).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-add-on-375');
    await expectNoSidewaysScroll(page);

    // Cancelled, then resumed before the period ends: the plan is booked again from its end.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: text.cancelPlan }).click();
    const cancel = page.getByRole('dialog', { name: text.cancelTitle });
    await cancel.getByTestId('change-price').waitFor();
    await cancel.getByRole('button', { name: text.cancelConfirm }).click();
    await page.getByRole('button', { name: text.resume }).click();
    const resume = page.getByRole('dialog', { name: fill(text.resumeTitle, { plan: 'Starter' }) });
    await resume.getByText(formatPaise(14_747_64), { exact: false }).waitFor();
    await screenshot(page, 'billing-confirm-resume-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'billing-confirm-resume-375');
    await expectNoSidewaysScroll(page);
    await resume.getByRole('button', { name: text.resumeConfirm }).click();
    await page.waitForURL('**/dashboard/billing/test-checkout/*');
    await page.getByRole('button', { name: text.testCheckoutAuthorise }).click();
    await page.waitForURL('**/dashboard/billing');
    await page.getByRole('button', { name: text.cancelPlan }).waitFor();
    expect(await page.getByRole('button', { name: text.resume }).count()).toBe(0);
    expect((await db.selectFrom('company_subscriptions').select('cancel_at_period_end').where('company_id', '=', company.id).executeTakeFirstOrThrow()).cancel_at_period_end).toBe(false);
  });

  it("lets a platform admin extend a company's trial from the Plans tab", { timeout: 90_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Godavari Textiles' });
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD, fullName: 'Aditi Rao' });
    const { page } = await h.openSignedIn(admin.email, PASSWORD, '/admin');
    await page.getByRole('tab', { name: text.adminTab }).click();
    await page.getByLabel(text.adminSearch).fill('Godavari');
    const row = page.getByRole('row', { name: /Godavari Textiles/ });
    await row.waitFor();
    await screenshot(page, 'billing-admin-plans-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: `${text.adminExtendTrial}: Godavari Textiles` }).click();
    await page.getByLabel(text.adminExtendDays).fill('10');
    await page.getByRole('dialog').getByRole('button', { name: text.adminExtendSubmit }).click();
    await page.getByText(/Trial of Godavari Textiles extended to/).first().waitFor();
    const row2 = await h.t.database.db.selectFrom('company_subscriptions').select('trial_ends_at').where('company_id', '=', company.id).executeTakeFirstOrThrow();
    expect(new Date(row2.trial_ends_at).getTime()).toBeGreaterThan(Date.now() + 23 * DAY);
  });
});
