import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createRazorpayProvider } from '../../server/features/billing/razorpay-client.ts';
import { signWebhook, verifyWebhookSignature } from '../../server/features/billing/webhook-signature.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * The Razorpay Subscriptions client against a local server answering the documented request and
 * response shapes (https://razorpay.com/docs/api/payments/subscriptions/): Razorpay itself is not
 * reachable from here.
 */
describe('Razorpay Subscriptions client', () => {
  const seen: Seen[] = [];
  let answer: { status: number; body: object } = { status: 200, body: {} };
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () =>
    createRazorpayProvider(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'workcred-rzp-')),
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_key',
        RAZORPAY_KEY_SECRET: 'rzp_test_secret',
        RAZORPAY_WEBHOOK_SECRET: 'whsec_from_dashboard',
        RAZORPAY_API_URL: base,
        RAZORPAY_PLAN_STARTER: 'plan_Starter001',
        RAZORPAY_PLAN_PROFESSIONAL: 'plan_Professional01',
        RAZORPAY_PLAN_STARTER_CHECKS: 'plan_StarterChecks1',
      }),
    );

  it('creates a subscription on the plan with Basic auth and the company in its notes, and returns its payment page', async () => {
    answer = { status: 200, body: { id: 'sub_00000000000001', entity: 'subscription', plan_id: 'plan_Professional01', status: 'created', short_url: 'https://rzp.io/i/z3b1R61A9', notes: {} } };
    const created = await provider().createSubscription({ checkoutId: 'c-1', companyId: 'company-1', plan: 'professional', checksAddOn: false, customer: { name: 'Kaveri Foods', email: 'owner@kaveri.in' }, startAt: null });
    expect(created).toEqual({ subscriptionId: 'sub_00000000000001', payUrl: 'https://rzp.io/i/z3b1R61A9' });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/subscriptions', authorization: `Basic ${Buffer.from('rzp_test_key:rzp_test_secret').toString('base64')}` });
    expect(request.body).toMatchObject({ plan_id: 'plan_Professional01', total_count: 120, quantity: 1, customer_notify: 1, notes: { company_id: 'company-1', checkout_id: 'c-1', plan: 'professional', checks_add_on: 'no' } });
    await provider().createSubscription({ checkoutId: 'c-2', companyId: 'company-1', plan: 'starter', checksAddOn: true, customer: { name: 'Kaveri Foods', email: 'owner@kaveri.in' }, startAt: null });
    expect(seen.at(-1)!.body).toMatchObject({ plan_id: 'plan_StarterChecks1', notes: { plan: 'starter', checks_add_on: 'yes' } });
  });

  // Issue 33 B4: paying during the trial threw its remaining days away; the subscription now
  // starts (start_at, Unix seconds) when the trial ends, and only the mandate is set up today.
  it('starts a subscription bought during the trial at the trial end (start_at), and at once without one', async () => {
    answer = { status: 200, body: { id: 'sub_00000000000002', entity: 'subscription', status: 'created', short_url: 'https://rzp.io/i/trial' } };
    const trialEnds = new Date('2026-12-11T06:30:00Z');
    await provider().createSubscription({ checkoutId: 'c-3', companyId: 'company-1', plan: 'starter', checksAddOn: false, customer: { name: 'Kaveri Foods', email: 'owner@kaveri.in' }, startAt: trialEnds });
    expect(seen.at(-1)!.body).toMatchObject({ plan_id: 'plan_Starter001', start_at: Math.floor(trialEnds.getTime() / 1000) });
    await provider().createSubscription({ checkoutId: 'c-4', companyId: 'company-1', plan: 'starter', checksAddOn: false, customer: { name: 'Kaveri Foods', email: 'owner@kaveri.in' }, startAt: null });
    expect(seen.at(-1)!.body).not.toHaveProperty('start_at');
  });

  it('changes the plan now or at cycle end, and cancels at cycle end', async () => {
    answer = { status: 200, body: { id: 'sub_00000000000001', status: 'active' } };
    await provider().changePlan('sub_00000000000001', 'starter', 'cycle_end', false);
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', url: '/v1/subscriptions/sub_00000000000001', body: { plan_id: 'plan_Starter001', schedule_change_at: 'cycle_end', customer_notify: 1 } });
    // The background-check add-on: Starter's plan with the add-on's price, switched to now, and back.
    await provider().changePlan('sub_00000000000001', 'starter', 'now', true);
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', body: { plan_id: 'plan_StarterChecks1', schedule_change_at: 'now' } });
    await provider().changePlan('sub_00000000000001', 'starter', 'now', false);
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', body: { plan_id: 'plan_Starter001', schedule_change_at: 'now' } });
    // Professional includes checks: the add-on flag changes nothing there.
    await provider().changePlan('sub_00000000000001', 'professional', 'now', true);
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', body: { plan_id: 'plan_Professional01' } });
    await provider().cancelAtCycleEnd('sub_00000000000001');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_00000000000001/cancel', body: { cancel_at_cycle_end: 1 } });
  });

  it("turns Razorpay's refusals and an unreachable API into 502 with a clear message", async () => {
    answer = { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' } } };
    await expect(provider().cancelAtCycleEnd('sub_missing')).rejects.toMatchObject({ statusCode: 502, code: 'PAYMENTS_REFUSED', message: 'Razorpay refused the request: The id provided does not exist' });
    answer = { status: 200, body: { id: 'sub_x', status: 'created' } };
    await expect(provider().createSubscription({ checkoutId: 'c', companyId: 'c', plan: 'starter', checksAddOn: false, customer: { name: 'n', email: 'e@x.in' }, startAt: null })).rejects.toMatchObject({ code: 'PAYMENTS_REFUSED' });
    const closed = createRazorpayProvider({ ...loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'workcred-rzp-')) }), RAZORPAY_API_URL: 'http://127.0.0.1:9/v1' });
    await expect(closed.cancelAtCycleEnd('sub_1')).rejects.toMatchObject({ statusCode: 502, code: 'PAYMENTS_UNAVAILABLE' });
  });

  it("verifies webhook signatures as Razorpay makes them and its SDK checks them: lower-case hex HMAC-SHA256 of the raw body", () => {
    const body = Buffer.from('{"entity":"event","event":"subscription.charged"}');
    const signature = signWebhook('whsec_from_dashboard', body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_from_dashboard', body, signature)).toBe(true);
    // Issue 33 A3: the upper-case digest was accepted here and refused by razorpay's validateWebhookSignature.
    expect(verifyWebhookSignature('whsec_from_dashboard', body, signature.toUpperCase())).toBe(false);
    const letter = signature.search(/[a-f]/);
    expect(verifyWebhookSignature('whsec_from_dashboard', body, `${signature.slice(0, letter)}${signature.charAt(letter).toUpperCase()}${signature.slice(letter + 1)}`)).toBe(false);
    expect(verifyWebhookSignature('whsec_from_dashboard', body, ` ${signature}`)).toBe(false);
    expect(verifyWebhookSignature('another_secret', body, signature)).toBe(false);
    expect(verifyWebhookSignature('whsec_from_dashboard', Buffer.concat([body, Buffer.from(' ')]), signature)).toBe(false);
    expect(verifyWebhookSignature('whsec_from_dashboard', body, undefined)).toBe(false);
    expect(verifyWebhookSignature('whsec_from_dashboard', body, 'abc')).toBe(false);
  });

  it('refuses to start with the razorpay provider and a key missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'workcred-rzp-')), PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k' })).toThrow(/RAZORPAY_KEY_SECRET: is required when PAYMENTS_PROVIDER=razorpay/);
  });
});
