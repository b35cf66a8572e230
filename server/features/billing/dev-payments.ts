import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { withGst } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { monthlyPaiseOf } from '../../../shared/plans.ts';
import type { DevCheckout } from '../../../shared/schemas/billing.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { PaymentEvent } from './payment-events.ts';
import type { PaymentsProvider } from './payments-provider.ts';
import { paidStartOf } from './plan-rules.ts';
import { signWebhook } from './webhook-signature.ts';

export const WEBHOOK_PATH = '/api/billing/webhooks/razorpay';

/** A calendar month on, as Razorpay's monthly plans renew. */
function monthAfter(at: Date): Date {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

async function openCheckout(db: Kysely<DB>, provider: PaymentsProvider, companyId: string, checkoutId: string) {
  if (provider.id !== 'development') throw new AppError(404, 'NOT_FOUND', messages.billing.devProviderOnly);
  const checkout = await db.selectFrom('billing_checkouts').selectAll().where('id', '=', checkoutId).where('company_id', '=', companyId).where('provider', '=', 'development').executeTakeFirst();
  if (!checkout) throw notFound(messages.billing.checkoutNotFound);
  return checkout;
}

/** The test-mode payment page's facts: which plan, how much with GST. */
export async function getDevCheckout(db: Kysely<DB>, provider: PaymentsProvider, companyId: string, checkoutId: string, now: Date): Promise<DevCheckout> {
  const checkout = await openCheckout(db, provider, companyId, checkoutId);
  const row = await db.selectFrom('company_subscriptions').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
  const startsAt = paidStartOf(row, now);
  // Set up already (subscription.authenticated), waiting for its start: nothing more to pay here.
  const status = checkout.status === 'created' && row.provider_subscription_id === checkout.provider_subscription_id ? 'completed' : checkout.status;
  return {
    id: checkout.id,
    plan: checkout.plan,
    checks_add_on: checkout.checks_add_on,
    amount_paise: withGst(monthlyPaiseOf(checkout.plan, checkout.checks_add_on)),
    status,
    starts_at: startsAt?.toISOString() ?? null,
    continues: startsAt ? (row.status === 'trialing' ? 'trial' : 'plan') : null,
  };
}

/**
 * "Pay" on the test-mode page (development provider only): makes the two events Razorpay sends
 * for a first payment, subscription.activated and subscription.charged, signs them with the
 * webhook secret and posts them to our own webhook route, the path a real payment takes.
 */
export async function completeDevCheckout(app: FastifyInstance, provider: PaymentsProvider, companyId: string, checkoutId: string, now: Date): Promise<void> {
  const checkout = await openCheckout(app.database.db, provider, companyId, checkoutId);
  if (checkout.status !== 'created') throw new AppError(409, 'CHECKOUT_DONE', messages.billing.checkoutNotFound);
  const start = Math.floor(now.getTime() / 1000);
  const row = await app.database.db.selectFrom('company_subscriptions').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
  if (row.provider_subscription_id === checkout.provider_subscription_id) throw new AppError(409, 'CHECKOUT_DONE', messages.billing.checkoutNotFound);
  const subscription = { id: checkout.provider_subscription_id, plan_id: `plan_test_${checkout.plan}`, status: 'active', current_start: start, current_end: Math.floor(monthAfter(now).getTime() / 1000) };
  const payment = { id: `pay_test_${randomBytes(9).toString('base64url')}`, amount: withGst(monthlyPaiseOf(checkout.plan, checkout.checks_add_on)), currency: 'INR', status: 'captured', created_at: start };
  // Starting later (the trial's or a cancelled period's end): Razorpay sends only
  // subscription.authenticated now; activation and the first charge come at start_at.
  const events: PaymentEvent[] = paidStartOf(row, now)
    ? [{ entity: 'event', event: 'subscription.authenticated', payload: { subscription: { entity: { id: checkout.provider_subscription_id, plan_id: subscription.plan_id, status: 'authenticated' } } }, created_at: start }]
    : [
        { entity: 'event', event: 'subscription.activated', payload: { subscription: { entity: subscription } }, created_at: start },
        { entity: 'event', event: 'subscription.charged', payload: { subscription: { entity: subscription }, payment: { entity: payment } }, created_at: start },
      ];
  for (const event of events) {
    const body = JSON.stringify({ account_id: 'acc_test_workcred', contains: Object.keys(event.payload), ...event });
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(provider.webhookSecret, body), 'x-razorpay-event-id': `evt_test_${randomBytes(9).toString('base64url')}` },
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`test payment's ${event.event} was answered ${response.statusCode}: ${response.body}`);
  }
}
