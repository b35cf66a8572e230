import { forCount } from '../../../shared/english.ts';
import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { PLANS, type SelfServePlanId } from '../../../shared/plans.ts';
import type { DB } from '../../db/schema.ts';
import type { SubscriptionStatus } from '../../db/schema-billing.ts';
import { conflict } from '../../http/errors.ts';
import { countActiveListings } from './limits.ts';

type Db = Kysely<DB> | Transaction<DB>;
type Row = { status: SubscriptionStatus; cancel_at_period_end: boolean; provider_subscription_id: string | null; trial_ends_at: Date | string; period_ends_at: Date | string | null };

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The end of a cancelled plan's paid period while it is still ahead: until then it can be resumed. */
export function resumableUntil(row: Row, now: Date): Date | null {
  const cancelled = row.status === 'cancelled' || ((row.status === 'active' || row.status === 'past_due') && row.cancel_at_period_end);
  if (!cancelled || row.period_ends_at === null) return null;
  const end = date(row.period_ends_at);
  return end > now ? end : null;
}

/**
 * When a new paid subscription starts: when what the company has now ends (a running trial, or a
 * cancelled plan's paid period), so paying early keeps those days; null: now.
 */
export function paidStartOf(row: Row, now: Date): Date | null {
  if (row.status === 'trialing') {
    const end = date(row.trial_ends_at);
    return end > now ? end : null;
  }
  return resumableUntil(row, now);
}

/**
 * The checkout booked to start later: its mandate is set up (subscription.authenticated made it
 * the company's subscription) but its first charge, which completes it, has not come yet.
 */
export async function bookedCheckout(db: Db, row: Row): Promise<{ plan: SelfServePlanId; checksAddOn: boolean; startsAt: Date } | null> {
  if (!row.provider_subscription_id) return null;
  const checkout = await db
    .selectFrom('billing_checkouts')
    .select(['plan', 'checks_add_on'])
    .where('provider_subscription_id', '=', row.provider_subscription_id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  if (!checkout) return null;
  const startsAt = row.status === 'trialing' ? date(row.trial_ends_at) : row.period_ends_at === null ? null : date(row.period_ends_at);
  return startsAt ? { plan: checkout.plan, checksAddOn: checkout.checks_add_on, startsAt } : null;
}

/**
 * 409 USAGE_EXCEEDS_PLAN when the company uses more than `plan` allows (open listings), naming
 * what to close: a move to it would otherwise leave "15 of 10".
 */
export async function assertUsageFits(db: Db, companyId: string, plan: SelfServePlanId, now: Date): Promise<void> {
  const limit = PLANS[plan].limits.listings;
  if (limit === null) return;
  const used = await countActiveListings(db, companyId, now);
  if (used > limit) throw conflict(fill(forCount(used - limit, messages.billing.usageExceedsPlanOne, messages.billing.usageExceedsPlan), { used, plan: PLANS[plan].name, limit, excess: used - limit }), 'USAGE_EXCEEDS_PLAN');
}
