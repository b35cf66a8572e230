import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { BillingOverview, CheckoutResult } from '../../shared/schemas/billing.ts';
import { createDevelopmentProvider } from '../../server/features/billing/development-provider.ts';
import { signWebhook } from '../../server/features/billing/webhook-signature.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY_SECONDS = 24 * 60 * 60;
const PROFILE = { legal_name: 'Kaveri Foods Private Limited', gstin: '29AAGCB7383J1Z4', address_line1: '12, 3rd Cross, Jayalakshmipuram', city: 'Mysuru', state: 'Karnataka', pincode: '570012' };

/**
 * The payments webhook as an attacker holding an old signed body would use it (issue 33, A3):
 * X-Razorpay-Event-Id is not signed, so a replay is known by its body; events arriving out of
 * order, or after a cancellation, do not move the plan; signatures are checked as Razorpay's SDK
 * checks them.
 */
describe.skipIf(laneUnavailable)('billing: payments webhook replays and order', () => {
  let t: TestApp;
  let secret: string;
  let ipCounter = 0;
  const nextIp = () => `10.93.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await createTestApp();
    secret = createDevelopmentProvider(t.config).webhookSecret;
  });
  afterAll(async () => t?.close());

  /** A company paying for Starter through the test-mode checkout; its subscription id and the time it started. */
  async function payingCompany(): Promise<{ id: string; owner: CookieJar; subscriptionId: string; startedAt: number }> {
    const company = await t.factories.company();
    const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const owner = await signIn(t.app, user.email, user.password, nextIp());
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: owner.header }, ...(payload ? { payload } : {}), remoteAddress: nextIp() });
    expect((await call('PUT', '/api/settings/billing-profile', PROFILE)).statusCode).toBe(200);
    // Its trial is over, so the plan starts now (bought during the trial, it would start at its end: billing-changes.test.ts).
    await t.database.db.updateTable('company_subscriptions').set({ trial_ends_at: new Date(Date.now() - 60_000) }).where('company_id', '=', company.id).execute();
    const checkout = (await call('POST', '/api/billing/checkout', { plan: 'starter' })).json<CheckoutResult>();
    const paid = await call('POST', `/api/billing/checkouts/${checkout.checkout_id}/test-payment`);
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await t.database.db.selectFrom('company_subscriptions').select('provider_subscription_id').where('company_id', '=', company.id).executeTakeFirstOrThrow();
    return { id: company.id, owner, subscriptionId: row.provider_subscription_id!, startedAt: Math.floor(Date.now() / 1000) };
  }
  const overview = async (owner: CookieJar) => (await t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: owner.header }, remoteAddress: nextIp() })).json<BillingOverview>();
  const paymentCount = async (companyId: string) => (await t.database.db.selectFrom('billing_payments').select('id').where('company_id', '=', companyId).execute()).length;

  /** A Razorpay event body as Razorpay sends it, made at `at` (Unix seconds). */
  const eventBody = (type: string, subscriptionId: string, at: number, paymentId?: string) =>
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_test_workcred',
      event: type,
      contains: paymentId ? ['subscription', 'payment'] : ['subscription'],
      payload: {
        subscription: { entity: { id: subscriptionId, status: type === 'subscription.cancelled' ? 'cancelled' : 'active', current_start: at, current_end: at + 30 * DAY_SECONDS } },
        ...(paymentId ? { payment: { entity: { id: paymentId, amount: 11_798_82, currency: 'INR', status: 'captured', created_at: at } } } : {}),
      },
      created_at: at,
    });
  const post = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/billing/webhooks/razorpay', headers: { 'content-type': 'application/json', ...headers }, payload: body, remoteAddress: nextIp() });
  const send = (body: string, eventId: string | null = `evt_${randomUUID()}`) => post(body, { 'x-razorpay-signature': signWebhook(secret, body), ...(eventId ? { 'x-razorpay-event-id': eventId } : {}) });
  const outcomeOf = async (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ outcome: string }>().outcome;
  };

  it('A3 regression: a charged body sent again under a new X-Razorpay-Event-Id, or none, does not reactivate a cancelled plan', async () => {
    const company = await payingCompany();
    const renewal = eventBody('subscription.charged', company.subscriptionId, company.startedAt + 60, `pay_${randomUUID()}`);
    expect(await outcomeOf(await send(renewal, 'evt_renewal'))).toBe('applied');
    expect(await outcomeOf(await send(eventBody('subscription.cancelled', company.subscriptionId, company.startedAt + 120)))).toBe('applied');
    expect(await overview(company.owner)).toMatchObject({ status: 'cancelled' });
    const payments = await paymentCount(company.id);

    // The signed body is all an attacker needs; the header is theirs to change or leave out.
    expect(await outcomeOf(await send(renewal, 'evt_attacker_1'))).toBe('duplicate');
    expect(await outcomeOf(await send(renewal, null))).toBe('duplicate');
    expect(await overview(company.owner)).toMatchObject({ status: 'cancelled' });
    expect(await paymentCount(company.id)).toBe(payments);
    const replays = await t.database.db.selectFrom('billing_events').select(['delivery_id', 'outcome']).where('company_id', '=', company.id).where('type', '=', 'subscription.charged').where('occurred_at', '=', new Date((company.startedAt + 60) * 1000)).execute();
    expect(replays).toEqual([{ delivery_id: 'evt_renewal', outcome: 'applied' }]);
  });

  it('ignores stale events: an earlier halt after a charge, and any charge after the cancellation, leave the plan as it is; the late charge is still invoiced', async () => {
    const company = await payingCompany();
    expect(await outcomeOf(await send(eventBody('subscription.charged', company.subscriptionId, company.startedAt + 60, `pay_${randomUUID()}`)))).toBe('applied');
    // Razorpay does not promise order: a halt made before that charge arrives after it.
    expect(await outcomeOf(await send(eventBody('subscription.halted', company.subscriptionId, company.startedAt + 30)))).toBe('stale');
    expect(await outcomeOf(await send(eventBody('subscription.pending', company.subscriptionId, company.startedAt + 59)))).toBe('stale');
    expect(await overview(company.owner)).toMatchObject({ status: 'active', standing: 'active' });

    expect(await outcomeOf(await send(eventBody('subscription.cancelled', company.subscriptionId, company.startedAt + 120)))).toBe('applied');
    const payments = await paymentCount(company.id);
    // A charge made before the cancellation, delivered after it: the money was taken, so it is
    // recorded and invoiced, but the plan stays cancelled.
    expect(await outcomeOf(await send(eventBody('subscription.charged', company.subscriptionId, company.startedAt + 90, `pay_${randomUUID()}`)))).toBe('stale');
    // Razorpay cannot reactivate a cancelled subscription: a later-dated event does not either.
    expect(await outcomeOf(await send(eventBody('subscription.activated', company.subscriptionId, company.startedAt + 180)))).toBe('stale');
    expect(await overview(company.owner)).toMatchObject({ status: 'cancelled' });
    expect(await paymentCount(company.id)).toBe(payments + 1);
  });

  it("refuses an upper-case signature as Razorpay's SDK does, and accepts the lower-case one", async () => {
    const company = await payingCompany();
    const halted = eventBody('subscription.halted', company.subscriptionId, company.startedAt + 60);
    const signature = signWebhook(secret, halted);
    for (const wrong of [signature.toUpperCase(), signature.replace(/[a-f]/, (letter) => letter.toUpperCase()), `${signature}0`]) {
      const refused = await post(halted, { 'x-razorpay-signature': wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'SIGNATURE_INVALID', message: messages.billing.webhookSignatureInvalid });
    }
    expect(await overview(company.owner)).toMatchObject({ status: 'active' });
    expect(await outcomeOf(await post(halted, { 'x-razorpay-signature': signature }))).toBe('applied');
    expect(await overview(company.owner)).toMatchObject({ status: 'halted', standing: 'lapsed' });
  });
});
