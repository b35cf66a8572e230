import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import type { BillingOverview, CheckoutResult, PlanChangePreview } from '../../shared/schemas/billing.ts';
import { createDevelopmentProvider } from '../../server/features/billing/development-provider.ts';
import { signWebhook } from '../../server/features/billing/webhook-signature.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const PROFILE = { legal_name: 'Kaveri Foods Private Limited', address_line1: '12, 3rd Cross, Jayalakshmipuram', city: 'Mysuru', state: 'Karnataka', pincode: '570012' };
const text = messages.billing;

/**
 * Issue 33 B4: billing changes are safe. Paying during the trial keeps its days (the paid period
 * starts when it ends); every change is priced and dated by the server before it is confirmed; a
 * downgrade the usage exceeds is refused; a cancelled plan can be resumed until its period ends.
 * The clock is moved, not waited for.
 */
describe.skipIf(laneUnavailable)('billing changes: trial kept, previews, downgrades, resume', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  let ipCounter = 0;
  const nextIp = () => `10.93.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const db = () => t.database.db;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    secret = createDevelopmentProvider(t.config).webhookSecret;
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  type Member = { jar: CookieJar };
  async function newCompany() {
    const company = await t.factories.company();
    const member = async (companyRole: 'owner' | 'admin' | 'recruiter'): Promise<Member> => {
      const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole });
      return { jar: await signIn(t.app, user.email, user.password, nextIp()) };
    };
    const owner = await member('owner');
    const call = (who: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: who.jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
    expect((await call(owner, 'PUT', '/api/settings/billing-profile', PROFILE)).statusCode).toBe(200);
    return { id: company.id, owner, member, call, overview: async () => (await call(owner, 'GET', '/api/billing')).json<BillingOverview>() };
  }
  type Company = Awaited<ReturnType<typeof newCompany>>;

  async function checkoutAndPay(company: Company, url: string, payload?: object): Promise<CheckoutResult> {
    const started = await company.call(company.owner, 'POST', url, payload);
    expect(started.statusCode, started.body).toBe(200);
    const result = started.json<CheckoutResult>();
    const paid = await company.call(company.owner, 'POST', `/api/billing/checkouts/${result.checkout_id}/test-payment`);
    expect(paid.statusCode, paid.body).toBe(200);
    return result;
  }
  /** A company whose trial is over, paying for `plan` from now. */
  async function payingCompany(plan: 'starter' | 'professional') {
    const company = await newCompany();
    await db().updateTable('company_subscriptions').set({ trial_ends_at: new Date(clock().getTime() - DAY) }).where('company_id', '=', company.id).execute();
    await checkoutAndPay(company, '/api/billing/checkout', { plan });
    return company;
  }
  const preview = (company: Company, body: object, who: Member = company.owner) => company.call(who, 'POST', '/api/billing/preview', body);

  it('keeps the trial when paying during it: the plan starts, and is first charged, when the trial ends', async () => {
    const company = await newCompany();
    const trialEnds = new Date(clock().getTime() + 10 * DAY);
    await db().updateTable('company_subscriptions').set({ trial_ends_at: trialEnds }).where('company_id', '=', company.id).execute();

    const shown = await preview(company, { action: 'checkout', plan: 'starter' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<PlanChangePreview>()).toMatchObject({ plan: 'starter', trial_ends_at: trialEnds.toISOString(), first_charge_at: trialEnds.toISOString(), effective_at: trialEnds.toISOString(), monthly_total_paise: 11_798_82 });

    const result = await checkoutAndPay(company, '/api/billing/checkout', { plan: 'starter' });
    expect(result.starts_at).toBe(trialEnds.toISOString());
    let billing = await company.overview();
    // Still on its trial, with every day of it; the paid plan is booked for the trial's end.
    expect(billing).toMatchObject({ status: 'trialing', standing: 'trial', trial_ends_at: trialEnds.toISOString(), trial_days_left: 10, payments: [] });
    expect(billing.booked).toEqual({ plan: 'starter', checks_add_on: false, starts_at: trialEnds.toISOString(), total_paise: 11_798_82 });
    expect(billing.next_charge).toMatchObject({ at: trialEnds.toISOString(), total_paise: 11_798_82, plan: 'starter' });
    const audit = await db().selectFrom('admin_audit_logs').select('action').where('company_id', '=', company.id).where('action', 'in', ['checkout_started', 'plan_booked']).execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['checkout_started', 'plan_booked']);
    // A second checkout would set up a second mandate.
    const again = await company.call(company.owner, 'POST', '/api/billing/checkout', { plan: 'professional' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PLAN_BOOKED' });

    // The trial ends before the first charge's event arrives: the company does not lapse.
    offsetMs = trialEnds.getTime() - Date.now() + 60_000;
    billing = await company.overview();
    expect(billing.standing).toBe('active');
    // Razorpay activates and charges at start_at.
    const row = await db().selectFrom('company_subscriptions').select('provider_subscription_id').where('company_id', '=', company.id).executeTakeFirstOrThrow();
    const start = Math.floor(trialEnds.getTime() / 1000);
    const end = Math.floor((trialEnds.getTime() + 31 * DAY) / 1000);
    const subscription = { id: row.provider_subscription_id, plan_id: 'plan_test_starter', status: 'active', current_start: start, current_end: end };
    for (const [event, payload] of [
      ['subscription.activated', { subscription: { entity: subscription } }],
      ['subscription.charged', { subscription: { entity: subscription }, payment: { entity: { id: `pay_trial_${company.id.slice(0, 8)}`, amount: 11_798_82, currency: 'INR', status: 'captured', created_at: start } } }],
    ] as const) {
      const body = JSON.stringify({ entity: 'event', account_id: 'acc_test', event, contains: Object.keys(payload), payload, created_at: start });
      const response = await t.app.inject({ method: 'POST', url: '/api/billing/webhooks/razorpay', headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(secret, body) }, payload: body, remoteAddress: nextIp() });
      expect(response.statusCode, response.body).toBe(200);
    }
    billing = await company.overview();
    expect(billing).toMatchObject({ status: 'active', plan: 'starter', period_ends_at: new Date(end * 1000).toISOString(), booked: null });
    expect(billing.payments[0]).toMatchObject({ amount_paise: 11_798_82, period_start: new Date(start * 1000).toISOString() });
    offsetMs = 0;
  });

  it('refuses a downgrade the open listings exceed, naming what to close; after closing, schedules it and caps new listings', async () => {
    const company = await payingCompany('professional');
    const jobs = [];
    for (let i = 0; i < 12; i++) jobs.push(await t.factories.job(company.id, { title: `Listing ${i}`, expiresAt: new Date(Date.now() + 60 * DAY) }));
    const refusal = fill(text.usageExceedsPlan, { used: 12, plan: 'Starter', limit: 10, excess: 2 });
    expect(refusal).toBe('You have 12 open job listings; the Starter plan allows 10. Close 2 listings first, then switch.');
    for (const when of ['now', 'cycle_end'] as const) {
      const shown = await preview(company, { action: 'change_plan', plan: 'starter', when });
      expect(shown.statusCode).toBe(409);
      expect(shown.json()).toMatchObject({ code: 'USAGE_EXCEEDS_PLAN', message: refusal });
      const changed = await company.call(company.owner, 'POST', '/api/billing/change-plan', { plan: 'starter', when });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ code: 'USAGE_EXCEEDS_PLAN', message: refusal });
    }
    expect(await company.overview()).toMatchObject({ plan: 'professional', scheduled_plan: null, usage: { listings: 12 }, limits: { listings: 15 } });

    // One over the limit is one listing to close (issue 33 C5: "Close 1 listings").
    await db().updateTable('job_postings').set({ is_deleted: true }).where('id', '=', jobs[0]!.id).execute();
    const oneOver = await preview(company, { action: 'change_plan', plan: 'starter', when: 'now' });
    expect(oneOver.json<{ message: string }>().message).toBe('You have 11 open job listings; the Starter plan allows 10. Close 1 listing first, then switch.');
    await db().updateTable('job_postings').set({ is_deleted: true }).where('id', '=', jobs[1]!.id).execute();
    const shown = await preview(company, { action: 'change_plan', plan: 'starter', when: 'cycle_end' });
    expect(shown.statusCode, shown.body).toBe(200);
    const billing = await company.overview();
    expect(shown.json<PlanChangePreview>()).toMatchObject({ plan: 'starter', effective_at: billing.period_ends_at, first_charge_at: billing.period_ends_at, monthly_total_paise: 11_798_82, prorated: false });
    expect((await company.call(company.owner, 'POST', '/api/billing/change-plan', { plan: 'starter', when: 'cycle_end' })).statusCode).toBe(200);
    // Professional still allows 15, but the plan it changes to at renewal allows 10: no 11th.
    const posted = await company.call(company.owner, 'POST', '/api/jobs', { title: 'Store Manager', description: 'Runs the Jayanagar store.' });
    expect(posted.statusCode).toBe(402);
    expect(posted.json()).toMatchObject({ code: 'LISTING_LIMIT' });
    expect(posted.json<{ message: string }>().message).toContain('Starter');
    expect((await company.overview()).usage.listings).toBe(10);
  });

  it('prices every change in paise with GST and dates it, from the server', async () => {
    const company = await payingCompany('starter');
    const billing = await company.overview();
    const periodEnd = billing.period_ends_at!;
    const addOn = await preview(company, { action: 'checks_add_on', enabled: true });
    expect(addOn.statusCode, addOn.body).toBe(200);
    expect(addOn.json<PlanChangePreview>()).toMatchObject({ plan: 'starter', checks_add_on: true, add_on_total_paise: 2_948_82, monthly_total_paise: 14_747_64, first_charge_at: periodEnd, prorated: true });
    const upgrade = await preview(company, { action: 'change_plan', plan: 'professional', when: 'now' });
    expect(upgrade.json<PlanChangePreview>()).toMatchObject({ plan: 'professional', monthly_total_paise: 14_748_82, first_charge_at: periodEnd, prorated: true });
    const cancel = await preview(company, { action: 'cancel' });
    expect(cancel.json<PlanChangePreview>()).toMatchObject({ action: 'cancel', effective_at: periodEnd, monthly_total_paise: null, first_charge_at: null });
    // A preview changes nothing.
    expect(await company.overview()).toMatchObject({ plan: 'starter', checks_add_on: false, cancel_at_period_end: false });
    const bad = await preview(company, { action: 'refund' });
    expect(bad.statusCode).toBe(400);
  });

  it('resumes a cancelled plan until its paid period ends, without a charge now; after the end Resume is gone', async () => {
    const company = await payingCompany('starter');
    expect((await company.call(company.owner, 'POST', '/api/billing/cancel')).statusCode).toBe(200);
    let billing = await company.overview();
    const periodEnd = billing.period_ends_at!;
    expect(billing).toMatchObject({ cancel_at_period_end: true, can_resume: true, next_charge: null });

    const shown = await preview(company, { action: 'resume' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<PlanChangePreview>()).toMatchObject({ action: 'resume', plan: 'starter', effective_at: periodEnd, first_charge_at: periodEnd, monthly_total_paise: 11_798_82 });
    const result = await checkoutAndPay(company, '/api/billing/resume');
    expect(result.starts_at).toBe(periodEnd);
    billing = await company.overview();
    expect(billing).toMatchObject({ status: 'active', plan: 'starter', cancel_at_period_end: false, can_resume: false, period_ends_at: periodEnd, next_charge: { at: periodEnd, total_paise: 11_798_82 } });
    expect(billing.payments).toHaveLength(1);
    const audit = await db().selectFrom('admin_audit_logs').select('action').where('company_id', '=', company.id).where('action', '=', 'plan_resume_started').execute();
    expect(audit).toHaveLength(1);

    // Another company lets its cancelled period run out: nothing to resume.
    const lapsing = await payingCompany('starter');
    expect((await lapsing.call(lapsing.owner, 'POST', '/api/billing/cancel')).statusCode).toBe(200);
    offsetMs = new Date((await lapsing.overview()).period_ends_at!).getTime() - Date.now() + 60_000;
    expect(await lapsing.overview()).toMatchObject({ standing: 'lapsed', can_resume: false });
    const late = await lapsing.call(lapsing.owner, 'POST', '/api/billing/resume');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'NOTHING_TO_RESUME', message: text.nothingToResume });
    offsetMs = 0;
  });

  it('lets only the owner preview or resume: admins and recruiters are refused', async () => {
    const company = await payingCompany('starter');
    expect((await company.call(company.owner, 'POST', '/api/billing/cancel')).statusCode).toBe(200);
    for (const role of ['admin', 'recruiter'] as const) {
      const member = await company.member(role);
      expect((await preview(company, { action: 'cancel' }, member)).statusCode).toBe(403);
      expect((await company.call(member, 'POST', '/api/billing/resume')).statusCode).toBe(403);
    }
    expect((await company.overview()).cancel_at_period_end).toBe(true);
  });
});
