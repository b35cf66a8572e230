import { sql, type Kysely } from 'kysely';
import { withGst } from '../../../shared/gst.ts';
import { entitlementOf, monthlyPaiseOf, showsTrialBanner, type Entitlement } from '../../../shared/plans.ts';
import type { BillingOverview, PlanStanding } from '../../../shared/schemas/billing.ts';
import type { DB } from '../../db/schema.ts';
import { countActiveListings } from './limits.ts';
import { countChecksThisMonth } from '../verification/check-requests.ts';
import { loadSubscription, stateOf } from './entitlement.ts';
import { bookedCheckout, resumableUntil } from './plan-rules.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The banners' facts, for every member of the company. */
export async function getPlanStanding(db: Kysely<DB>, companyId: string, now: Date): Promise<PlanStanding> {
  return standingOf(entitlementOf(stateOf(await loadSubscription(db, companyId)), now));
}

function standingOf(entitlement: Entitlement): PlanStanding {
  return {
    plan: entitlement.plan,
    standing: entitlement.standing,
    trial_days_left: entitlement.trialDaysLeft,
    show_trial_banner: showsTrialBanner(entitlement),
    takes_applications: entitlement.takesApplications,
    applications_per_listing: entitlement.limits.applicationsPerListing,
  };
}

/**
 * The Billing screen: plan and standing, dates, limits and what is used of them, the next charge
 * with GST, and the payments with their invoices. Owners manage; admins read (can_manage false).
 */
export async function getBillingOverview(db: Kysely<DB>, input: { companyId: string; canManage: boolean; testMode: boolean; now: Date }): Promise<BillingOverview> {
  const { companyId, now } = input;
  const row = await db.selectFrom('company_subscriptions').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
  const entitlement = entitlementOf(stateOf(row), now);
  const [listings, fullest, payments, profile, checks] = await Promise.all([
    countActiveListings(db, companyId, now),
    db
      .selectFrom('job_postings as jp')
      .innerJoin('job_applications as ja', 'ja.job_id', 'jp.id')
      .select(['jp.id as job_id', 'jp.title', sql<number>`count(*)::int`.as('applications')])
      .where('jp.company_id', '=', companyId)
      .where('jp.is_deleted', '=', false)
      .where((eb) => eb.or([eb('jp.expires_at', 'is', null), eb('jp.expires_at', '>', now)]))
      .groupBy(['jp.id', 'jp.title'])
      .orderBy('applications', 'desc')
      .orderBy('jp.id')
      .limit(3)
      .execute(),
    db
      .selectFrom('billing_payments as p')
      .leftJoin('billing_invoices as i', 'i.payment_id', 'p.id')
      .select(['p.id', 'p.paid_at', 'p.plan', 'p.amount_paise', 'p.period_start', 'p.period_end', 'i.id as invoice_id', 'i.number as invoice_number'])
      .where('p.company_id', '=', companyId)
      .orderBy('p.paid_at', 'desc')
      .limit(24)
      .execute(),
    db.selectFrom('company_billing_profiles').select('company_id').where('company_id', '=', companyId).executeTakeFirst(),
    countChecksThisMonth(db, companyId, now),
  ]);

  const booked = await bookedCheckout(db, row);
  const renews = entitlement.standing === 'active' && row.period_ends_at && !row.cancel_at_period_end && row.status !== 'cancelled';
  const nextPlan = row.scheduled_plan ?? row.plan;
  // A plan change scheduled for renewal goes without the add-on (changePlan).
  const monthly = row.plan === 'enterprise' || nextPlan === 'enterprise' ? (row.custom_monthly_paise === null ? null : Number(row.custom_monthly_paise)) : monthlyPaiseOf(nextPlan, row.checks_add_on && !row.scheduled_plan);
  return {
    ...standingOf(entitlement),
    status: row.status,
    trial_ends_at: new Date(row.trial_ends_at).toISOString(),
    period_ends_at: iso(row.period_ends_at),
    cancel_at_period_end: row.cancel_at_period_end,
    scheduled_plan: row.scheduled_plan,
    chosen_plan: row.chosen_plan,
    checks_add_on: row.checks_add_on,
    limits: { listings: entitlement.limits.listings, applications_per_listing: entitlement.limits.applicationsPerListing, checks_per_month: entitlement.limits.checksPerMonth },
    usage: { listings, fullest, checks_this_month: checks },
    next_charge: booked
      ? { at: booked.startsAt.toISOString(), taxable_paise: monthlyPaiseOf(booked.plan, booked.checksAddOn), total_paise: withGst(monthlyPaiseOf(booked.plan, booked.checksAddOn)), plan: booked.plan }
      : renews && monthly !== null ? { at: iso(row.period_ends_at)!, taxable_paise: monthly, total_paise: withGst(monthly), plan: row.plan === 'enterprise' ? 'enterprise' : nextPlan } : null,
    booked: booked ? { plan: booked.plan, checks_add_on: booked.checksAddOn, starts_at: booked.startsAt.toISOString(), total_paise: withGst(monthlyPaiseOf(booked.plan, booked.checksAddOn)) } : null,
    can_resume: row.plan !== 'enterprise' && resumableUntil(row, now) !== null,
    can_manage: input.canManage,
    has_billing_profile: Boolean(profile),
    test_mode: input.testMode,
    payments: payments.map((payment) => ({
      id: payment.id,
      paid_at: new Date(payment.paid_at).toISOString(),
      plan: payment.plan,
      amount_paise: Number(payment.amount_paise),
      period_start: iso(payment.period_start),
      period_end: iso(payment.period_end),
      invoice: payment.invoice_id && payment.invoice_number ? { id: payment.invoice_id, number: payment.invoice_number } : null,
    })),
  };
}
