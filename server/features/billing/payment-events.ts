import { sql, type Kysely, type Transaction } from 'kysely';
import type { PlanId } from '../../../shared/plans.ts';
import { z } from 'zod';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import type { PaymentProviderId } from '../../db/schema-billing.ts';
import { staleReason } from './event-order.ts';
import { createInvoice, type Supplier } from './invoices.ts';

/**
 * Razorpay's webhook events for subscriptions (https://razorpay.com/docs/webhooks/subscriptions/),
 * as much of them as Billing reads. Unknown fields are ignored; times are Unix seconds.
 */
const subscriptionEntity = z.object({
  id: z.string().min(1).max(100),
  plan_id: z.string().max(100).nullish(),
  status: z.string().max(40),
  current_start: z.number().int().nullish(),
  current_end: z.number().int().nullish(),
});
const paymentEntity = z.object({
  id: z.string().min(1).max(100),
  amount: z.number().int().min(0).max(1_00_00_00_000_00),
  currency: z.string(),
  status: z.string(),
  created_at: z.number().int().nullish(),
});
export const paymentEventSchema = z.object({
  entity: z.literal('event'),
  event: z.string().max(60),
  payload: z.object({
    subscription: z.object({ entity: subscriptionEntity }).optional(),
    payment: z.object({ entity: paymentEntity }).optional(),
  }),
  created_at: z.number().int(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const HANDLED_EVENTS = ['subscription.authenticated', 'subscription.activated', 'subscription.charged', 'subscription.pending', 'subscription.halted', 'subscription.cancelled'] as const;

export type EventOutcome =
  | { outcome: 'applied'; companyId: string; invoiceId: string | null }
  // Older than what the subscription has already been told, or after its cancellation: its state
  // stays; a charge's payment is still recorded and invoiced (the money was taken).
  | { outcome: 'stale'; reason: string; companyId: string; invoiceId: string | null }
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: string };

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The event's identity, from its signed body alone: X-Razorpay-Event-Id is not signed, so a body
 * sent again under a new id (or none) must still be known. Razorpay resends (retries, dashboard
 * replays) exactly the body it first sent, so these fields are the same each time.
 */
export function eventKeyOf(event: PaymentEvent): string {
  const subscription = event.payload.subscription?.entity.id ?? '-';
  const payment = event.payload.payment?.entity.id ?? '-';
  return `${event.event}:${subscription}:${payment}:${event.created_at}`;
}

/**
 * Applies one provider event, once: its key goes into billing_events in the same transaction as
 * its effects, so a replay (Razorpay retries until it hears 2xx) finds it and changes nothing.
 * Events for a subscription we did not start are recorded and ignored; events older than one
 * already applied to the subscription, or after its cancellation, change nothing
 * (event-order.ts).
 */
export async function applyPaymentEvent(
  db: Kysely<DB>,
  input: { provider: PaymentProviderId; deliveryId: string | null; event: PaymentEvent; now: Date; supplier: Supplier; billingUrl: string },
): Promise<EventOutcome> {
  const { provider, event, now } = input;
  const eventId = eventKeyOf(event);
  const subscription = event.payload.subscription?.entity;
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('billing_events')
      .values({ provider, event_id: eventId, type: event.event, delivery_id: input.deliveryId, provider_subscription_id: subscription?.id ?? null, occurred_at: new Date(event.created_at * 1000) })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!fresh) return { outcome: 'duplicate' };
    const settle = (outcome: 'applied' | 'ignored' | 'stale', companyId: string | null = null) =>
      trx.updateTable('billing_events').set({ outcome, company_id: companyId }).where('provider', '=', provider).where('event_id', '=', eventId).execute();
    if (!subscription || !(HANDLED_EVENTS as readonly string[]).includes(event.event)) {
      await settle('ignored');
      return { outcome: 'ignored', reason: `event ${event.event} is not used` };
    }

    const checkout = await trx.selectFrom('billing_checkouts').selectAll().where('provider', '=', provider).where('provider_subscription_id', '=', subscription.id).executeTakeFirst();
    const current = await trx.selectFrom('company_subscriptions').select(['company_id', 'plan']).where('provider_subscription_id', '=', subscription.id).executeTakeFirst();
    // The company's current subscription, or a checkout's first payment; anything else is a
    // subscription it has since left (replaced, or an admin moved it to Enterprise).
    const starts = checkout?.status === 'created' && (event.event === 'subscription.authenticated' || event.event === 'subscription.activated' || event.event === 'subscription.charged');
    const companyId = current?.company_id ?? (starts ? checkout.company_id : undefined);
    if (!companyId) {
      await settle('ignored');
      return { outcome: 'ignored', reason: checkout ? 'superseded subscription' : 'unknown subscription' };
    }
    // Held to the end: a limit check running now waits for the new plan, and so does another
    // event for this company, which then sees this one among those applied.
    const held = await trx.selectFrom('company_subscriptions').select(['status', 'provider_subscription_id']).where('company_id', '=', companyId).forUpdate().executeTakeFirstOrThrow();
    const stale = await staleReason(trx, { provider, subscriptionId: subscription.id, occurredAt: new Date(event.created_at * 1000), held });
    if (stale) {
      await settle('stale', companyId);
      const payment = event.payload.payment?.entity;
      const invoiceId =
        event.event === 'subscription.charged' && payment
          ? await recordPayment(trx, { companyId, provider, payment, periodStart: fromUnix(subscription.current_start), periodEnd: fromUnix(subscription.current_end), now, supplier: input.supplier, billingUrl: input.billingUrl })
          : null;
      return { outcome: 'stale', reason: stale, companyId, invoiceId };
    }
    await settle('applied', companyId);

    const periodEnd = fromUnix(subscription.current_end);
    let invoiceId: string | null = null;
    switch (event.event) {
      case 'subscription.authenticated': {
        // A subscription starting later (start_at: the trial's or a cancelled period's end) has
        // its mandate set up: it becomes the company's, booked; its first charge starts it.
        if (!checkout || checkout.status !== 'created') break;
        const row = await trx.selectFrom('company_subscriptions').select(['status', 'plan', 'trial_ends_at']).where('company_id', '=', companyId).executeTakeFirstOrThrow();
        const trialing = row.status === 'trialing';
        await trx
          .updateTable('company_subscriptions')
          .set({
            provider,
            provider_subscription_id: subscription.id,
            cancel_at_period_end: false,
            scheduled_plan: trialing || checkout.plan !== row.plan ? checkout.plan : null,
            // While trialing, a paid period "ending" at the trial's end marks the booking (entitlementOf).
            ...(trialing ? { period_ends_at: row.trial_ends_at } : {}),
            updated_at: now,
          })
          .where('company_id', '=', companyId)
          .execute();
        await writeAudit(trx, { actorId: checkout.created_by, companyId, action: 'plan_booked', entityType: 'company', entityId: companyId, details: { plan: checkout.plan, provider }, ip: null });
        break;
      }
      case 'subscription.activated':
      case 'subscription.charged': {
        // A charge can arrive before the activation: either one starts the plan of the checkout.
        const starting = checkout && checkout.status !== 'completed';
        await trx
          .updateTable('company_subscriptions')
          .set({
            status: 'active',
            provider,
            provider_subscription_id: subscription.id,
            halted_at: null,
            ...(periodEnd ? { period_ends_at: periodEnd } : {}),
            ...(starting
              ? { plan: checkout.plan, checks_add_on: checkout.checks_add_on, cancel_at_period_end: false, scheduled_plan: null }
              : event.event === 'subscription.charged'
                ? // A renewal takes up a change scheduled for the end of the period.
                  // (a move to another plan goes without the Starter add-on).
                  { plan: sql<PlanId>`coalesce(scheduled_plan, plan)`, checks_add_on: sql<boolean>`scheduled_plan IS NULL AND checks_add_on`, scheduled_plan: null }
                : {}),
            updated_at: now,
          })
          .where('company_id', '=', companyId)
          .execute();
        if (starting) {
          await trx.updateTable('billing_checkouts').set({ status: 'completed' }).where('id', '=', checkout.id).execute();
          await trx.updateTable('billing_checkouts').set({ status: 'abandoned' }).where('company_id', '=', companyId).where('status', '=', 'created').execute();
          await writeAudit(trx, { actorId: checkout.created_by, companyId, action: 'plan_activated', entityType: 'company', entityId: companyId, details: { plan: checkout.plan, provider }, ip: null });
        }
        const payment = event.payload.payment?.entity;
        if (event.event === 'subscription.charged' && payment) invoiceId = await recordPayment(trx, { companyId, provider, payment, periodStart: fromUnix(subscription.current_start), periodEnd, now, supplier: input.supplier, billingUrl: input.billingUrl });
        break;
      }
      case 'subscription.pending':
        await trx.updateTable('company_subscriptions').set({ status: 'past_due', updated_at: now }).where('company_id', '=', companyId).execute();
        await writeAudit(trx, { actorId: null, companyId, action: 'payment_failed', entityType: 'company', entityId: companyId, details: { provider }, ip: null });
        break;
      case 'subscription.halted':
        await trx.updateTable('company_subscriptions').set({ status: 'halted', halted_at: now, updated_at: now }).where('company_id', '=', companyId).execute();
        await writeAudit(trx, { actorId: null, companyId, action: 'plan_halted', entityType: 'company', entityId: companyId, details: { provider }, ip: null });
        break;
      case 'subscription.cancelled':
        await trx
          .updateTable('company_subscriptions')
          .set({ status: 'cancelled', cancel_at_period_end: false, ...(periodEnd ? { period_ends_at: periodEnd } : {}), updated_at: now })
          .where('company_id', '=', companyId)
          .execute();
        await writeAudit(trx, { actorId: null, companyId, action: 'plan_cancelled', entityType: 'company', entityId: companyId, details: { provider }, ip: null });
        break;
    }
    return { outcome: 'applied', companyId, invoiceId };
  });
}

async function recordPayment(
  trx: Transaction<DB>,
  input: { companyId: string; provider: PaymentProviderId; payment: z.infer<typeof paymentEntity>; periodStart: Date | null; periodEnd: Date | null; now: Date; supplier: Supplier; billingUrl: string },
): Promise<string | null> {
  const { companyId, provider, payment } = input;
  const plan = await trx.selectFrom('company_subscriptions').select(['plan', 'checks_add_on']).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  const paidAt = input.now;
  const inserted = await trx
    .insertInto('billing_payments')
    .values({ company_id: companyId, provider, provider_payment_id: payment.id, plan: plan.plan, checks_add_on: plan.checks_add_on, amount_paise: payment.amount, period_start: input.periodStart, period_end: input.periodEnd, paid_at: paidAt })
    .onConflict((oc) => oc.columns(['provider', 'provider_payment_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  return createInvoice(trx, { companyId, paymentId: inserted.id, plan: plan.plan, checksAddOn: plan.checks_add_on, totalPaise: payment.amount, periodStart: input.periodStart, periodEnd: input.periodEnd, issuedAt: paidAt, supplier: input.supplier, billingUrl: input.billingUrl });
}
