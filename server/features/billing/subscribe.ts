import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { withGst } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { monthlyPaiseOf, PLANS, takesChecksAddOn } from '../../../shared/plans.ts';
import type { ChangePlanBody, CheckoutRequest, CheckoutResult, ChecksAddOnBody } from '../../../shared/schemas/billing.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { PaymentsProvider } from './payments-provider.ts';

export interface BillingActor {
  userId: string;
  companyId: string;
  ip: string | null;
}

const text = messages.billing;
const PAID = ['active', 'past_due'] as const;

async function subscriptionOf(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('company_subscriptions').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
}

/** A paid, running subscription at the provider (not cancelled): the one Change plan and Cancel act on. */
function runningSubscription(row: Awaited<ReturnType<typeof subscriptionOf>>): string | null {
  return (PAID as readonly string[]).includes(row.status) && row.provider_subscription_id && !row.cancel_at_period_end ? row.provider_subscription_id : null;
}

/**
 * Starts paying for Starter or Professional: the provider creates the subscription and says where
 * to pay. Nothing changes here until the provider's event says the payment went through.
 */
export async function startCheckout(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, body: CheckoutRequest): Promise<CheckoutResult> {
  if (body.checks_add_on && !takesChecksAddOn(body.plan)) throw badRequest(text.addOnStarterOnly, 'ADD_ON_STARTER_ONLY');
  const row = await subscriptionOf(db, actor.companyId);
  if (row.plan === 'enterprise' && row.status !== 'trialing') throw conflict(text.enterpriseBySales, 'ENTERPRISE_BY_SALES');
  if (runningSubscription(row)) {
    if (row.plan === body.plan) throw conflict(fill(text.alreadyOnPlan, { plan: PLANS[body.plan].name }), 'ALREADY_ON_PLAN');
    throw conflict(text.useChangePlan, 'USE_CHANGE_PLAN');
  }
  const owner = await db
    .selectFrom('company_billing_profiles as b')
    .innerJoin('user_profiles as u', (join) => join.on('u.id', '=', actor.userId))
    .select(['b.legal_name', 'u.email', 'u.full_name'])
    .where('b.company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!owner) throw conflict(text.billingProfileFirst, 'BILLING_PROFILE_REQUIRED');

  const checkoutId = randomUUID();
  const created = await provider.createSubscription({ checkoutId, companyId: actor.companyId, plan: body.plan, checksAddOn: body.checks_add_on, customer: { name: owner.legal_name, email: owner.email } });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('billing_checkouts')
      .values({ id: checkoutId, company_id: actor.companyId, plan: body.plan, checks_add_on: body.checks_add_on, provider: provider.id, provider_subscription_id: created.subscriptionId, created_by: actor.userId })
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'checkout_started', entityType: 'company', entityId: actor.companyId, details: { plan: body.plan, checks_add_on: body.checks_add_on, provider: provider.id }, ip: actor.ip });
  });
  return { checkout_id: checkoutId, provider: provider.id, pay_url: created.payUrl, amount_paise: withGst(monthlyPaiseOf(body.plan, body.checks_add_on)) };
}

/**
 * Switches a running paid plan: now (the provider prorates the difference) or when the period
 * ends (kept as scheduled_plan, taken up by the renewal's charge).
 */
export async function changePlan(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, body: ChangePlanBody, now: Date): Promise<void> {
  const row = await subscriptionOf(db, actor.companyId);
  const subscriptionId = runningSubscription(row);
  if (!subscriptionId) throw conflict(text.nothingToChange, 'NO_RUNNING_PLAN');
  if (row.plan === body.plan) throw conflict(fill(text.alreadyOnPlan, { plan: PLANS[body.plan].name }), 'ALREADY_ON_PLAN');
  // Professional includes checks, so the add-on goes with a move to it; a move back to Starter
  // starts without it (added again from Billing).
  await provider.changePlan(subscriptionId, body.plan, body.when, false);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('company_subscriptions')
      .set(body.when === 'now' ? { plan: body.plan, checks_add_on: false, scheduled_plan: null, updated_at: now } : { scheduled_plan: body.plan, updated_at: now })
      .where('company_id', '=', actor.companyId)
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'plan_changed', entityType: 'company', entityId: actor.companyId, details: { from: row.plan, to: body.plan, when: body.when }, ip: actor.ip });
  });
}

/**
 * Adds the background-check add-on to a running Starter plan, or removes it, from now: the provider
 * moves the subscription to the plan with (or without) the add-on's price and prorates the rest of
 * the period. A removal leaves checks already requested running.
 */
export async function setChecksAddOn(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, body: ChecksAddOnBody, now: Date): Promise<void> {
  const row = await subscriptionOf(db, actor.companyId);
  const subscriptionId = runningSubscription(row);
  if (!subscriptionId) throw conflict(text.addOnNeedsStarter, 'NO_RUNNING_PLAN');
  if (!takesChecksAddOn(row.plan)) throw conflict(text.addOnStarterOnly, 'ADD_ON_STARTER_ONLY');
  if (row.checks_add_on === body.enabled) throw conflict(body.enabled ? text.addOnAlready : text.addOnNotBought, body.enabled ? 'ADD_ON_ALREADY' : 'ADD_ON_NOT_BOUGHT');
  await provider.changePlan(subscriptionId, 'starter', 'now', body.enabled);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('company_subscriptions').set({ checks_add_on: body.enabled, updated_at: now }).where('company_id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: body.enabled ? 'checks_add_on_added' : 'checks_add_on_removed', entityType: 'company', entityId: actor.companyId, details: { plan: row.plan }, ip: actor.ip });
  });
}

/** Cancels at the end of the period paid for: everything works until then, then the company is read-only. */
export async function cancelPlan(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, now: Date): Promise<void> {
  const row = await subscriptionOf(db, actor.companyId);
  const subscriptionId = runningSubscription(row);
  if (!subscriptionId) throw conflict(text.nothingToCancel, 'NO_RUNNING_PLAN');
  await provider.cancelAtCycleEnd(subscriptionId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('company_subscriptions').set({ cancel_at_period_end: true, scheduled_plan: null, updated_at: now }).where('company_id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'plan_cancel_requested', entityType: 'company', entityId: actor.companyId, details: { plan: row.plan, ends: row.period_ends_at }, ip: actor.ip });
  });
}
