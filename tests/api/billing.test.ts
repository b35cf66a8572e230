import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { BillingOverview, CheckoutResult } from '../../shared/schemas/billing.ts';
import { signWebhook } from '../../server/features/billing/webhook-signature.ts';
import { createDevelopmentProvider } from '../../server/features/billing/development-provider.ts';
import { extractPdfText } from '../../server/features/verification/pdf-text.ts';
import { joinRupeeSign } from '../support/pdf-qr.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const KARNATAKA_PROFILE = { legal_name: 'Kaveri Foods Private Limited', gstin: '29AAGCB7383J1Z4', address_line1: '12, 3rd Cross, Jayalakshmipuram', city: 'Mysuru', state: 'Karnataka', pincode: '570012' };
const MAHARASHTRA_PROFILE = { legal_name: 'Sahyadri Logistics LLP', address_line1: 'Plot 7, MIDC Bhosari', city: 'Pune', state: 'Maharashtra', pincode: '411026' };

/**
 * Paying (issue 15): the Billing screen's facts, checkout through the development provider, the
 * webhook path (signatures, replays), GST invoices, plan changes and cancellation.
 */
describe.skipIf(laneUnavailable)('billing: /api/billing', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  let ipCounter = 0;
  const nextIp = () => `10.92.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const db = () => t.database.db;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    secret = createDevelopmentProvider(t.config).webhookSecret;
  });
  afterAll(async () => t?.close());

  type Member = { jar: CookieJar; userId: string };
  async function newCompany(): Promise<{ id: string; owner: Member; admin: Member; recruiter: Member }> {
    const company = await t.factories.company();
    const member = async (companyRole: 'owner' | 'admin' | 'recruiter') => {
      const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole });
      return { userId: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
    };
    return { id: company.id, owner: await member('owner'), admin: await member('admin'), recruiter: await member('recruiter') };
  }
  const call = (who: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const overview = async (who: Member) => {
    const response = await call(who, 'GET', '/api/billing');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BillingOverview>();
  };
  async function pay(company: { id: string; owner: Member }, plan: 'starter' | 'professional', profile: object = KARNATAKA_PROFILE, checksAddOn?: boolean): Promise<CheckoutResult> {
    expect((await call(company.owner, 'PUT', '/api/settings/billing-profile', profile)).statusCode).toBe(200);
    // Its trial is over, so the plan starts now (bought during the trial, it would start at its end: billing-changes.test.ts).
    await db().updateTable('company_subscriptions').set({ trial_ends_at: new Date(clock().getTime() - 60_000) }).where('company_id', '=', company.id).execute();
    const checkout = await call(company.owner, 'POST', '/api/billing/checkout', checksAddOn === undefined ? { plan } : { plan, checks_add_on: checksAddOn });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const result = checkout.json<CheckoutResult>();
    const paid = await call(company.owner, 'POST', `/api/billing/checkouts/${result.checkout_id}/test-payment`);
    expect(paid.statusCode, paid.body).toBe(200);
    return result;
  }
  const webhook = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/billing/webhooks/razorpay', headers: { 'content-type': 'application/json', ...headers }, payload: body, remoteAddress: nextIp() });
  const signed = (event: object, eventId = `evt_${randomUUID()}`) => {
    const body = JSON.stringify(event);
    return webhook(body, { 'x-razorpay-signature': signWebhook(secret, body), 'x-razorpay-event-id': eventId });
  };
  const subscriptionEvent = (type: string, subscriptionId: string, extra: object = {}) => ({
    entity: 'event',
    event: type,
    contains: ['subscription'],
    payload: { subscription: { entity: { id: subscriptionId, status: 'active', current_start: Math.floor(Date.now() / 1000), current_end: Math.floor((Date.now() + 30 * DAY) / 1000) } }, ...extra },
    created_at: Math.floor(Date.now() / 1000),
  });
  const subscriptionRow = (companyId: string) => db().selectFrom('company_subscriptions').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
  const paymentsOf = (companyId: string) => db().selectFrom('billing_payments').selectAll().where('company_id', '=', companyId).execute();

  it('shows a new company its trial, limits and usage; owners manage, admins read, recruiters are refused', async () => {
    const company = await newCompany();
    await t.factories.job(company.id, { title: 'Warehouse Supervisor' });
    const seen = await overview(company.owner);
    expect(seen).toMatchObject({ plan: 'professional', standing: 'trial', status: 'trialing', trial_days_left: 14, show_trial_banner: false, can_manage: true, test_mode: true, has_billing_profile: false, next_charge: null, payments: [] });
    expect(seen.limits).toEqual({ listings: 15, applications_per_listing: 300, checks_per_month: null });
    expect(seen.usage.listings).toBe(1);
    expect((await overview(company.admin)).can_manage).toBe(false);
    const refused = await call(company.recruiter, 'GET', '/api/billing');
    expect(refused.statusCode).toBe(403);
    // Everyone sees the standing (for the banners).
    expect((await call(company.recruiter, 'GET', '/api/billing/standing')).json()).toMatchObject({ standing: 'trial', trial_days_left: 14, show_trial_banner: false });
    // From the trial's tenth day the banner shows.
    offsetMs = 10 * DAY + 60_000;
    try {
      expect((await call(company.recruiter, 'GET', '/api/billing/standing')).json()).toMatchObject({ trial_days_left: 4, show_trial_banner: true });
    } finally {
      offsetMs = 0;
    }
  });

  it('needs the billing profile before paying, and refuses admins and bad plans', async () => {
    const company = await newCompany();
    const first = await call(company.owner, 'POST', '/api/billing/checkout', { plan: 'starter' });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: 'BILLING_PROFILE_REQUIRED', message: messages.billing.billingProfileFirst });
    expect((await call(company.admin, 'POST', '/api/billing/checkout', { plan: 'starter' })).statusCode).toBe(403);
    for (const body of [{ plan: 'enterprise' }, { plan: 'gold' }, {}, { plan: 'starter', extra: 1 }, { plan: 'professional', checks_add_on: true }, { plan: 'starter', checks_add_on: 1 }]) {
      expect((await call(company.owner, 'POST', '/api/billing/checkout', body)).statusCode).toBe(400);
    }
    expect(await db().selectFrom('billing_checkouts').select('id').where('company_id', '=', company.id).execute()).toEqual([]);
  });

  it('activates the plan through the webhook path and issues a GST invoice with CGST and SGST within the state', async () => {
    const company = await newCompany();
    const checkout = await pay(company, 'professional');
    expect(checkout).toMatchObject({ provider: 'development', amount_paise: 14_748_82, pay_url: `/dashboard/billing/test-checkout/${checkout.checkout_id}` });
    const seen = await overview(company.owner);
    expect(seen).toMatchObject({ plan: 'professional', standing: 'active', status: 'active', trial_days_left: null, has_billing_profile: true });
    expect(seen.next_charge).toMatchObject({ taxable_paise: 12_499_00, total_paise: 14_748_82, plan: 'professional' });
    expect(seen.payments).toHaveLength(1);
    const invoice = seen.payments[0]!.invoice!;
    expect(invoice.number).toMatch(/^WC\/\d{4}-\d{2}\/\d{5}$/);
    const row = await db().selectFrom('billing_invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect({ taxable: Number(row.taxable_paise), cgst: Number(row.cgst_paise), sgst: Number(row.sgst_paise), igst: Number(row.igst_paise), total: Number(row.total_paise) }).toEqual({
      taxable: 12_499_00,
      cgst: 1_12_491,
      sgst: 1_12_491,
      igst: 0,
      total: 14_748_82,
    });

    const pdf = await call(company.owner, 'GET', `/api/billing/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = joinRupeeSign((await extractPdfText(pdf.rawPayload)).replace(/\s+/g, ' '));
    for (const expected of [invoice.number, 'Tax Invoice', '29AAGCB7383J1Z4', '29AACCW1234M1Z3', 'Place of supply: Karnataka (29)', 'CGST @ 9%', 'SGST @ 9%', '₹1,124.91', '₹14,748.82', 'Rupees Fourteen Thousand Seven Hundred Forty-Eight and Eighty-Two Paise Only', '998314']) {
      expect(text).toContain(expected);
    }
    // Issue 33 C5: the description was cut at 64 characters, printing the period's end as "27 Dec 2" / "026".
    expect(row.description).toMatch(/^WorkCred Professional plan subscription, \d{1,2} [A-Z][a-z]{2,3} \d{4} to \d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    const printedLines = (await extractPdfText(pdf.rawPayload)).split('\n');
    for (const date of row.description.match(/\d{1,2} [A-Z][a-z]{2,3} \d{4}/g) ?? []) expect(printedLines.some((printed) => printed.includes(date)), date).toBe(true);
    // The owner (billing is theirs), and no one else in the company, is emailed that it is ready.
    const owner = await db().selectFrom('user_profiles').select('email').where('id', '=', company.owner.userId).executeTakeFirstOrThrow();
    const mails = await db().selectFrom('outbox_messages').select(['recipient', 'subject', 'body_text']).where('subject', '=', `Your WorkCred tax invoice ${invoice.number}`).execute();
    expect(mails.map((mail) => mail.recipient)).toEqual([owner.email]);
    expect(mails[0]!.body_text).toContain('Thank you for your payment of ₹14,748.82 for the Professional plan subscription');
    expect(mails[0]!.body_text).toContain(`${t.config.PUBLIC_URL}/dashboard/billing`);
    // Admins may download; another company may not see it at all.
    expect((await call(company.admin, 'GET', `/api/billing/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
    const other = await newCompany();
    expect((await call(other.owner, 'GET', `/api/billing/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    // Paying again for the plan it has is refused.
    expect((await call(company.owner, 'POST', '/api/billing/checkout', { plan: 'professional' })).json().code).toBe('ALREADY_ON_PLAN');
  });

  it('charges IGST outside the supplier state, with no GSTIN on the invoice when the buyer has none', async () => {
    const company = await newCompany();
    await pay(company, 'starter', MAHARASHTRA_PROFILE);
    const invoice = (await overview(company.owner)).payments[0]!.invoice!;
    const row = await db().selectFrom('billing_invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect({ taxable: Number(row.taxable_paise), cgst: Number(row.cgst_paise), igst: Number(row.igst_paise), total: Number(row.total_paise), place: row.place_of_supply_code }).toEqual({
      taxable: 9_999_00,
      cgst: 0,
      igst: 1_79_982,
      total: 11_798_82,
      place: '27',
    });
    const text = (await extractPdfText((await call(company.owner, 'GET', `/api/billing/invoices/${invoice.id}/pdf`)).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('GSTIN: not registered');
    expect(text).not.toContain('CGST');
  });

  it('refuses a wrongly signed or unsigned webhook with 400 and changes nothing; applies a replay once', async () => {
    const company = await newCompany();
    await pay(company, 'starter');
    const row = await subscriptionRow(company.id);
    const subscriptionId = row.provider_subscription_id!;
    const halted = subscriptionEvent('subscription.halted', subscriptionId);
    const body = JSON.stringify(halted);
    for (const headers of [{} as Record<string, string>, { 'x-razorpay-signature': signWebhook('not-the-secret', body) }, { 'x-razorpay-signature': 'zz' }, { 'x-razorpay-signature': signWebhook(secret, `${body} `) }]) {
      const refused = await webhook(body, headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'SIGNATURE_INVALID', message: messages.billing.webhookSignatureInvalid });
    }
    expect((await subscriptionRow(company.id)).status).toBe('active');
    // Signed but not an event: 400 too.
    const junk = '{"hello":"world"}';
    expect((await webhook(junk, { 'x-razorpay-signature': signWebhook(secret, junk) })).statusCode).toBe(400);

    // A renewal charge, delivered three times (Razorpay retries): one payment, one invoice.
    const renewal = subscriptionEvent('subscription.charged', subscriptionId, { payment: { entity: { id: `pay_${randomUUID()}`, amount: 11_798_82, currency: 'INR', status: 'captured' } } });
    const answers = await Promise.all([signed(renewal, 'evt_renewal_1'), signed(renewal, 'evt_renewal_1'), signed(renewal, 'evt_renewal_1')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await paymentsOf(company.id)).toHaveLength(2);
    // The same payment under another event id is still one payment: the body names the event.
    expect((await signed(renewal, 'evt_renewal_2')).json().outcome).toBe('duplicate');
    expect(await paymentsOf(company.id)).toHaveLength(2);

    // Retries exhausted: halted, read-only at once. (Made now: one made before the renewal is stale.)
    expect((await signed(subscriptionEvent('subscription.halted', subscriptionId))).json().outcome).toBe('applied');
    expect(await overview(company.owner)).toMatchObject({ status: 'halted', standing: 'lapsed' });
    const refused = await call(company.owner, 'POST', '/api/jobs', { title: 'Cashier', description: 'Counter' });
    expect(refused.json().code).toBe('PLAN_LAPSED');
    // An event for a subscription we never started is recorded and ignored.
    expect((await signed(subscriptionEvent('subscription.activated', 'sub_unknown'))).json().outcome).toBe('ignored');
  });

  it('numbers invoices consecutively without gaps when payments arrive at once', async () => {
    const companies = await Promise.all([newCompany(), newCompany(), newCompany(), newCompany()]);
    await Promise.all(companies.map((company) => pay(company, 'starter')));
    const rows = await db().selectFrom('billing_invoices').select(['financial_year', 'sequence']).execute();
    const byYear = new Map<string, number[]>();
    for (const row of rows) byYear.set(row.financial_year, [...(byYear.get(row.financial_year) ?? []), row.sequence]);
    for (const sequences of byYear.values()) {
      const sorted = [...sequences].sort((a, b) => a - b);
      expect(sorted).toEqual(sorted.map((_, index) => index + 1));
    }
  });

  it('changes plan now or at the end of the period, and cancels to the end of the period', async () => {
    const company = await newCompany();
    await pay(company, 'starter');
    expect((await call(company.owner, 'POST', '/api/billing/change-plan', { plan: 'starter', when: 'now' })).json().code).toBe('ALREADY_ON_PLAN');
    expect((await call(company.admin, 'POST', '/api/billing/change-plan', { plan: 'professional', when: 'now' })).statusCode).toBe(403);
    expect((await call(company.owner, 'POST', '/api/billing/change-plan', { plan: 'professional', when: 'now' })).statusCode).toBe(200);
    expect(await overview(company.owner)).toMatchObject({ plan: 'professional', limits: { listings: 15 } });

    expect((await call(company.owner, 'POST', '/api/billing/change-plan', { plan: 'starter', when: 'cycle_end' })).statusCode).toBe(200);
    expect(await overview(company.owner)).toMatchObject({ plan: 'professional', scheduled_plan: 'starter', next_charge: { plan: 'starter', total_paise: 11_798_82 } });
    // The renewal takes the scheduled plan up.
    const subscriptionId = (await subscriptionRow(company.id)).provider_subscription_id!;
    await signed(subscriptionEvent('subscription.charged', subscriptionId, { payment: { entity: { id: `pay_${randomUUID()}`, amount: 11_798_82, currency: 'INR', status: 'captured' } } }));
    expect(await overview(company.owner)).toMatchObject({ plan: 'starter', scheduled_plan: null });

    expect((await call(company.owner, 'POST', '/api/billing/cancel')).statusCode).toBe(200);
    const cancelled = await overview(company.owner);
    expect(cancelled).toMatchObject({ cancel_at_period_end: true, standing: 'active', next_charge: null });
    expect((await call(company.owner, 'POST', '/api/billing/cancel')).statusCode).toBe(409);
    // After the period paid for, the company is read-only.
    offsetMs = new Date(cancelled.period_ends_at!).getTime() - Date.now() + 60_000;
    try {
      expect((await overview(company.owner)).standing).toBe('lapsed');
    } finally {
      offsetMs = 0;
    }
  });

  it('sells Starter with the background-check add-on, adds and removes it on a running plan, and counts checks against it', async () => {
    const company = await newCompany();
    // Professional includes checks: the add-on is refused with it, and nothing is started.
    expect((await call(company.owner, 'PUT', '/api/settings/billing-profile', KARNATAKA_PROFILE)).statusCode).toBe(200);
    const refused = await call(company.owner, 'POST', '/api/billing/checkout', { plan: 'professional', checks_add_on: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ADD_ON_STARTER_ONLY', message: messages.billing.addOnStarterOnly });
    expect(await db().selectFrom('billing_checkouts').select('id').where('company_id', '=', company.id).execute()).toEqual([]);
    const notBoolean = await call(company.owner, 'POST', '/api/billing/checkout', { plan: 'starter', checks_add_on: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toContain('checks_add_on must be true or false');
    // Nothing runs yet: there is no plan to add it to.
    expect((await call(company.owner, 'PUT', '/api/billing/checks-add-on', { enabled: true })).json().code).toBe('NO_RUNNING_PLAN');

    // Starter with the add-on: ₹9,999 + ₹2,499 a month, with 18% GST.
    const checkout = await pay(company, 'starter', KARNATAKA_PROFILE, true);
    expect(checkout.amount_paise).toBe(14_747_64);
    const seen = await overview(company.owner);
    expect(seen).toMatchObject({ plan: 'starter', checks_add_on: true, limits: { checks_per_month: 150 }, next_charge: { taxable_paise: 12_498_00, total_paise: 14_747_64 } });
    const invoice = await db().selectFrom('billing_invoices').select(['description', 'total_paise']).where('company_id', '=', company.id).executeTakeFirstOrThrow();
    expect(invoice.description).toContain('WorkCred Starter plan subscription with the background-check add-on');
    expect(Number(invoice.total_paise)).toBe(14_747_64);

    // Checks count against it: the company may ask an applicant for one.
    const job = await t.factories.job(company.id);
    const candidate = await t.factories.user({ role: 'candidate' });
    const application = await t.factories.application(job.id, candidate.id);
    const asked = await call(company.owner, 'POST', `/api/pipeline/applications/${application.id}/check-requests`, { subject: 'uan' });
    expect(asked.statusCode, asked.body).toBe(201);

    // Removing it: the owner only, after which checks are refused; again is a conflict.
    expect((await call(company.admin, 'PUT', '/api/billing/checks-add-on', { enabled: false })).statusCode).toBe(403);
    expect((await call(company.recruiter, 'PUT', '/api/billing/checks-add-on', { enabled: false })).statusCode).toBe(403);
    const bad = await call(company.owner, 'PUT', '/api/billing/checks-add-on', { enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('enabled must be true or false');
    expect((await call(company.owner, 'PUT', '/api/billing/checks-add-on', { enabled: false })).statusCode).toBe(200);
    expect(await overview(company.owner)).toMatchObject({ checks_add_on: false, limits: { checks_per_month: 0 }, next_charge: { taxable_paise: 9_999_00 } });
    const other = await t.factories.user({ role: 'candidate' });
    const otherApplication = await t.factories.application(job.id, other.id);
    const noChecks = await call(company.owner, 'POST', `/api/pipeline/applications/${otherApplication.id}/check-requests`, { subject: 'uan' });
    expect(noChecks.statusCode).toBe(402);
    expect(noChecks.json().code).toBe('CHECKS_NOT_INCLUDED');
    expect((await call(company.owner, 'PUT', '/api/billing/checks-add-on', { enabled: false })).json().code).toBe('ADD_ON_NOT_BOUGHT');

    // Added again from Billing; twice is a conflict; every change is audited.
    expect((await call(company.owner, 'PUT', '/api/billing/checks-add-on', { enabled: true })).statusCode).toBe(200);
    expect((await call(company.owner, 'PUT', '/api/billing/checks-add-on', { enabled: true })).json().code).toBe('ADD_ON_ALREADY');
    const audits = await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', company.id).where('action', 'like', 'checks_add_on%').orderBy('created_at').execute();
    expect(audits.map((row) => row.action)).toEqual(['checks_add_on_removed', 'checks_add_on_added']);

    // A move to Professional (which includes checks) takes the add-on off; on Professional it is refused.
    expect((await call(company.owner, 'POST', '/api/billing/change-plan', { plan: 'professional', when: 'now' })).statusCode).toBe(200);
    expect(await overview(company.owner)).toMatchObject({ plan: 'professional', checks_add_on: false, limits: { checks_per_month: null } });
    expect((await call(company.owner, 'PUT', '/api/billing/checks-add-on', { enabled: true })).json().code).toBe('ADD_ON_STARTER_ONLY');
  });

  it('drops the add-on when a renewal takes up a scheduled move to Professional', async () => {
    const company = await newCompany();
    await pay(company, 'starter', KARNATAKA_PROFILE, true);
    expect((await call(company.owner, 'POST', '/api/billing/change-plan', { plan: 'professional', when: 'cycle_end' })).statusCode).toBe(200);
    expect(await overview(company.owner)).toMatchObject({ plan: 'starter', checks_add_on: true, scheduled_plan: 'professional', next_charge: { plan: 'professional', taxable_paise: 12_499_00 } });
    const subscriptionId = (await subscriptionRow(company.id)).provider_subscription_id!;
    await signed(subscriptionEvent('subscription.charged', subscriptionId, { payment: { entity: { id: `pay_${randomUUID()}`, amount: 14_748_82, currency: 'INR', status: 'captured' } } }));
    expect(await subscriptionRow(company.id)).toMatchObject({ plan: 'professional', checks_add_on: false, scheduled_plan: null });
  });
});
