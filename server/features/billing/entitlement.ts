import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { entitlementOf, PLANS, type Entitlement, type SubscriptionState } from '../../../shared/plans.ts';
import type { DB } from '../../db/schema.ts';
import type { CompanySubscriptionsTable } from '../../db/schema-billing.ts';
import { AppError } from '../../http/errors.ts';

type Db = Kysely<DB> | Transaction<DB>;

export const SUBSCRIPTION_COLUMNS = [
  'plan',
  'status',
  'trial_ends_at',
  'period_ends_at',
  'halted_at',
  'custom_listings',
  'custom_applications',
  'custom_checks',
  'checks_add_on',
  'cancel_at_period_end',
] as const satisfies readonly (keyof CompanySubscriptionsTable)[];

export type SubscriptionRow = {
  plan: SubscriptionState['plan'];
  status: SubscriptionState['status'];
  trial_ends_at: Date | string;
  period_ends_at: Date | string | null;
  halted_at: Date | string | null;
  custom_listings: number | null;
  custom_applications: number | null;
  custom_checks: number | null;
  checks_add_on: boolean;
  cancel_at_period_end: boolean;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    plan: row.plan,
    status: row.status,
    trialEndsAt: date(row.trial_ends_at),
    periodEndsAt: row.period_ends_at === null ? null : date(row.period_ends_at),
    haltedAt: row.halted_at === null ? null : date(row.halted_at),
    custom: { listings: row.custom_listings, applicationsPerListing: row.custom_applications, checksPerMonth: row.custom_checks },
    checksAddOn: row.checks_add_on,
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}

/**
 * The company's subscription row (every company has one: a trigger starts the trial when the
 * company is created). With lock, the row is held to the end of the transaction, so two requests
 * counting against the same limit take turns.
 */
export async function loadSubscription(db: Db, companyId: string, options: { lock?: boolean } = {}): Promise<SubscriptionRow> {
  let query = db.selectFrom('company_subscriptions').select(SUBSCRIPTION_COLUMNS).where('company_id', '=', companyId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new Error(`company ${companyId} has no subscription row`);
  return row;
}

export async function companyEntitlement(db: Db, companyId: string, now: Date, options: { lock?: boolean } = {}): Promise<Entitlement> {
  return entitlementOf(stateOf(await loadSubscription(db, companyId, options)), now);
}

/** 402 PLAN_LAPSED: the company's trial ended unpaid or its plan stopped; it can read, not change. */
export function lapsedError(entitlement: Entitlement, status: SubscriptionRow['status']): AppError {
  const text = status === 'trialing' ? messages.billing.trialEnded : fill(messages.billing.planLapsed, { plan: PLANS[entitlement.plan].name });
  return new AppError(402, 'PLAN_LAPSED', text);
}

/**
 * Posting jobs, moving stages and scheduling need a trial or an active plan. Reads never come
 * here. Returns the entitlement so the caller can check a limit with the same row.
 */
export async function assertWorkAllowed(db: Db, companyId: string, now: Date, options: { lock?: boolean } = {}): Promise<Entitlement> {
  const row = await loadSubscription(db, companyId, options);
  const entitlement = entitlementOf(stateOf(row), now);
  if (entitlement.standing === 'lapsed') throw lapsedError(entitlement, row.status);
  return entitlement;
}
