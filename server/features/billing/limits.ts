import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { entitlementOf, PLANS, selfServePlans, type Entitlement } from '../../../shared/plans.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { lapsedError, stateOf, type SubscriptionRow } from './entitlement.ts';

/**
 * planLimits: false skips the plan's checks. Only `npm run bench` passes it, to measure what the
 * checks cost against the same operation without them; every route enforces them.
 */
export interface PlanLimitOptions {
  planLimits?: boolean;
}

/** Listings that count against the plan: published, not deleted, not expired at `now`. */
/** The largest listing limit of the self-serve plans: counting past it tells any of them apart. */
const LARGEST_SELF_SERVE_LISTINGS = Math.max(...selfServePlans.map((plan) => PLANS[plan].limits.listings ?? 0));
const SMALLEST_SELF_SERVE_LISTINGS = Math.min(...selfServePlans.map((plan) => PLANS[plan].limits.listings ?? Infinity));

const activeListings = (db: Kysely<DB> | Transaction<DB>, companyId: string, now: Date) =>
  db
    .selectFrom('job_postings')
    .where('company_id', '=', companyId)
    .where('status', '=', 'published')
    .where('is_deleted', '=', false)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));

export async function countActiveListings(db: Kysely<DB> | Transaction<DB>, companyId: string, now: Date): Promise<number> {
  const row = await activeListings(db, companyId, now).select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  return row.count;
}

/**
 * After a new listing is written, as the last step of its transaction: the company's plan must be
 * working and its active listings, the new one included, within the limit; past it, the error
 * rolls the listing back. The subscription row is locked only from here to the commit, so two
 * posts for the last slot still take turns for this count (the second sees the first's listing
 * once it commits and is refused) while posts far from the limit wait only for each other's
 * commit, not for each other's whole transaction. Deleting or expiry frees a slot.
 */
export async function assertListingsWithinLimit(trx: Transaction<DB>, companyId: string, now: Date): Promise<Entitlement> {
  // One round trip: the lock, then the count (migration 0039), up to one past the limit.
  const { rows } = await sql<SubscriptionRow & { active_listings: number }>`SELECT * FROM workcred_hold_listings(${companyId}, ${now}, ${LARGEST_SELF_SERVE_LISTINGS})`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error(`company ${companyId} has no subscription row`);
  const entitlement = entitlementOf(stateOf(row), now);
  if (entitlement.standing === 'lapsed') throw lapsedError(entitlement, row.status);
  const limit = entitlement.limits.listings;
  if (limit !== null && row.active_listings > limit) {
    throw new AppError(402, 'LISTING_LIMIT', fill(messages.billing.listingLimit, { plan: PLANS[entitlement.plan].name, limit }));
  }
  // A plan booked or scheduled for later (a downgrade at renewal, a plan bought during the trial)
  // caps listings at its limit already, so the switch never leaves "15 of 10". Asked only past
  // the smallest plan's limit, so posts below it keep their single round trip.
  if (row.active_listings > SMALLEST_SELF_SERVE_LISTINGS) {
    const next = await trx.selectFrom('company_subscriptions').select(['scheduled_plan', 'period_ends_at', 'trial_ends_at', 'status']).where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const nextLimit = next.scheduled_plan ? PLANS[next.scheduled_plan].limits.listings : null;
    if (next.scheduled_plan && nextLimit !== null && row.active_listings > nextLimit) {
      const on = next.status === 'trialing' ? next.trial_ends_at : next.period_ends_at;
      throw new AppError(402, 'LISTING_LIMIT', fill(messages.billing.listingLimitScheduled, { plan: PLANS[next.scheduled_plan].name, limit: nextLimit, date: on ? formatIstDate(new Date(on)) : '' }));
    }
  }
  return entitlement;
}

/**
 * After a new application is written, last in its transaction: the job's row is held to the commit
 * and the listing, the new application included, must be within `limit` (see applyToJob).
 */
export async function listingWithinLimitHeld(trx: Transaction<DB>, jobId: string, limit: number): Promise<boolean> {
  const { rows } = await sql<{ count: number }>`SELECT workcred_hold_applications(${jobId}, ${limit + 1}) AS count`.execute(trx);
  return (rows[0]?.count ?? 0) <= limit;
}

/** Whether a listing has room for another application under its plan's limit (counted up to the limit, no further). */
export async function listingHasRoom(db: Kysely<DB> | Transaction<DB>, jobId: string, limit: number | null): Promise<boolean> {
  if (limit === null) return true;
  const row = await db
    .selectFrom((eb) => eb.selectFrom('job_applications').select(sql.lit(1).as('one')).where('job_id', '=', jobId).limit(limit).as('taken'))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count < limit;
}

/**
 * Whether a listing takes another application now (issue 15): its company's plan has not been
 * lapsed longer than the grace, and the listing is below its plan's count.
 */
export async function takesApplication(db: Kysely<DB> | Transaction<DB>, job: { id: string } & SubscriptionRow, now: Date): Promise<boolean> {
  const entitlement = entitlementOf(stateOf(job), now);
  return entitlement.takesApplications && (await listingHasRoom(db, job.id, entitlement.limits.applicationsPerListing));
}
