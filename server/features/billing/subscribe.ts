import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate, withGst } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { monthlyPaiseOf, PLANS, takesChecksAddOn } from '../../../shared/plans.ts';
import type { ChangePlanBody, CheckoutRequest, CheckoutResult, ChecksAddOnBody } from '../../../shared/schemas/billing.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { PaymentsProvider } from './payments-provider.ts';
import { assertUsageFits, bookedCheckout, paidStartOf, resumableUntil } from './plan-rules.ts';

export interface BillingActor {
  userId: string;
  companyId: string;
  ip: string | null;
}

const text = messages.billing;
const PAID = ['active', 'past_due'] as const;

export async function subscriptionOf(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('company_subscriptions').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
}
type Subscription = Awaited<ReturnType<typeof subscriptionOf>>;

/** A paid, running subscription at the provider (not cancelled): the one Change plan and Cancel act on. */
function runningSubscription(row: Subscription): string | null {
  return (PAID as readonly string[]).includes(row.status) && row.provider_subscription_id && !row.cancel_at_period_end ? row.provider_subscription_id : null;
}

/** A plan booked to start later cannot be changed until it has started (its mandate is only set up). */
async function refuseWhileBooked(db: Kysely<DB>, row: Subscription): Promise<void> {
  const booked = await bookedCheckout(db, row);
  if (booked) throw conflict(fill(text.alreadyBooked, { plan: PLANS[booked.plan].name, date: formatIstDate(booked.startsAt) }), 'PLAN_BOOKED');
}

/**
 * What a checkout would start, or why not: the checks startCheckout makes, also run by the preview.
 * The paid period starts when what the company has now ends (its trial, or a cancelled plan's
 * period), so paying early never throws days away.
 */
export async function checkoutGuard(db: Kysely<DB>, companyId: string, body: CheckoutRequest, now: Date): Promise<{ row: Subscription; startsAt: Date | null }> {
  if (body.checks_add_on && !takesChecksAddOn(body.plan)) throw badRequest(text.addOnStarterOnly, 'ADD_ON_STARTER_ONLY');
  const row = await subscriptionOf(db, companyId);
  if (row.plan === 'enterprise' && row.status !== 'trialing') throw conflict(text.enterpriseBySales, 'ENTERPRISE_BY_SALES');
  await refuseWhileBooked(db, row);
  if (runningSubscription(row)) {
    if (row.plan === body.plan) throw conflict(fill(text.alreadyOnPlan, { plan: PLANS[body.plan].name }), 'ALREADY_ON_PLAN');
    throw conflict(text.useChangePlan, 'USE_CHANGE_PLAN');
  }
  await assertUsageFits(db, companyId, body.plan, now);
  return { row, startsAt: paidStartOf(row, now) };
}

/**
 * Starts paying for Starter or Professional: the provider creates the subscription (from the end
 * of the trial or of a cancelled plan's period, when that is ahead) and says where to pay or set
 * up the mandate. Nothing changes here until the provider's event says it went through.
 */
export async function startCheckout(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, body: CheckoutRequest, now: Date, options: { resume?: boolean } = {}): Promise<CheckoutResult> {
  const { startsAt } = await checkoutGuard(db, actor.companyId, body, now);
  const owner = await db
    .selectFrom('company_billing_profiles as b')
    .innerJoin('user_profiles as u', (join) => join.on('u.id', '=', actor.userId))
    .select(['b.legal_name', 'u.email', 'u.full_name'])
    .where('b.company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!owner) throw conflict(text.billingProfileFirst, 'BILLING_PROFILE_REQUIRED');

  const checkoutId = randomUUID();
  const created = await provider.createSubscription({ checkoutId, companyId: actor.companyId, plan: body.plan, checksAddOn: body.checks_add_on, customer: { name: owner.legal_name, email: owner.email }, startAt: startsAt });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('billing_checkouts')
      .values({ id: checkoutId, company_id: actor.companyId, plan: body.plan, checks_add_on: body.checks_add_on, provider: provider.id, provider_subscription_id: created.subscriptionId, created_by: actor.userId })
      .execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: options.resume ? 'plan_resume_started' : 'checkout_started',
      entityType: 'company',
      entityId: actor.companyId,
      details: { plan: body.plan, checks_add_on: body.checks_add_on, provider: provider.id, starts_at: startsAt?.toISOString() ?? null },
      ip: actor.ip,
    });
  });
  return { checkout_id: checkoutId, provider: provider.id, pay_url: created.payUrl, amount_paise: withGst(monthlyPaiseOf(body.plan, body.checks_add_on)), starts_at: startsAt?.toISOString() ?? null };
}

/** What Resume would book (the cancelled plan, from the end of its paid period), or why not. */
export async function resumeGuard(db: Kysely<DB>, companyId: string, now: Date): Promise<CheckoutRequest> {
  const row = await subscriptionOf(db, companyId);
  if (!resumableUntil(row, now) || row.plan === 'enterprise') throw conflict(text.nothingToResume, 'NOTHING_TO_RESUME');
  return { plan: row.plan, checks_add_on: row.checks_add_on };
}

/**
 * Resume: undoes a cancellation before the paid period ends. Razorpay cannot reactivate a
 * cancelled subscription ("once cancelled, you cannot renew or reactivate it"), so the plan is
 * booked again as a new subscription starting (start_at) when the paid one ends: the owner sets
 * up the mandate, nothing is charged until then, and no day is paid twice or lost.
 */
export async function resumePlan(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, now: Date): Promise<CheckoutResult> {
  return startCheckout(db, provider, actor, await resumeGuard(db, actor.companyId, now), now, { resume: true });
}

/** The running subscription a change acts on, after the change's checks (also run by the preview). */
export async function changeGuard(db: Kysely<DB>, companyId: string, body: ChangePlanBody, now: Date): Promise<{ row: Subscription; subscriptionId: string }> {
  const row = await subscriptionOf(db, companyId);
  const subscriptionId = runningSubscription(row);
  if (!subscriptionId) throw conflict(text.nothingToChange, 'NO_RUNNING_PLAN');
  await refuseWhileBooked(db, row);
  if (row.plan === body.plan) throw conflict(fill(text.alreadyOnPlan, { plan: PLANS[body.plan].name }), 'ALREADY_ON_PLAN');
  // Now or at renewal: either way the company must fit the new plan, or it would stand at
  // "15 of 10" listings (a scheduled change also caps new listings at the new plan's limit).
  await assertUsageFits(db, companyId, body.plan, now);
  return { row, subscriptionId };
}

export async function addOnGuard(db: Kysely<DB>, companyId: string, body: ChecksAddOnBody): Promise<{ row: Subscription; subscriptionId: string }> {
  const row = await subscriptionOf(db, companyId);
  const subscriptionId = runningSubscription(row);
  if (!subscriptionId) throw conflict(text.addOnNeedsStarter, 'NO_RUNNING_PLAN');
  await refuseWhileBooked(db, row);
  if (!takesChecksAddOn(row.plan)) throw conflict(text.addOnStarterOnly, 'ADD_ON_STARTER_ONLY');
  if (row.checks_add_on === body.enabled) throw conflict(body.enabled ? text.addOnAlready : text.addOnNotBought, body.enabled ? 'ADD_ON_ALREADY' : 'ADD_ON_NOT_BOUGHT');
  return { row, subscriptionId };
}

export async function cancelGuard(db: Kysely<DB>, companyId: string): Promise<{ row: Subscription; subscriptionId: string }> {
  const row = await subscriptionOf(db, companyId);
  const subscriptionId = runningSubscription(row);
  if (!subscriptionId) throw conflict(text.nothingToCancel, 'NO_RUNNING_PLAN');
  return { row, subscriptionId };
}

/**
 * Switches a running paid plan: now (the provider prorates the difference) or when the period
 * ends (kept as scheduled_plan, taken up by the renewal's charge).
 */
export async function changePlan(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, body: ChangePlanBody, now: Date): Promise<void> {
  const { row, subscriptionId } = await changeGuard(db, actor.companyId, body, now);
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
  const { row, subscriptionId } = await addOnGuard(db, actor.companyId, body);
  await provider.changePlan(subscriptionId, 'starter', 'now', body.enabled);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('company_subscriptions').set({ checks_add_on: body.enabled, updated_at: now }).where('company_id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: body.enabled ? 'checks_add_on_added' : 'checks_add_on_removed', entityType: 'company', entityId: actor.companyId, details: { plan: row.plan }, ip: actor.ip });
  });
}

/** Cancels at the end of the period paid for: everything works until then, then the company is read-only. */
export async function cancelPlan(db: Kysely<DB>, provider: PaymentsProvider, actor: BillingActor, now: Date): Promise<void> {
  const { row, subscriptionId } = await cancelGuard(db, actor.companyId);
  await provider.cancelAtCycleEnd(subscriptionId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('company_subscriptions').set({ cancel_at_period_end: true, scheduled_plan: null, updated_at: now }).where('company_id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'plan_cancel_requested', entityType: 'company', entityId: actor.companyId, details: { plan: row.plan, ends: row.period_ends_at }, ip: actor.ip });
  });
}
