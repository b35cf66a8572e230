import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { entitlementOf, PLANS, type Entitlement } from '../../../shared/plans.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { assertWorkAllowed, stateOf, type SubscriptionRow } from './entitlement.ts';

/**
 * planLimits: false skips the plan's checks. Only `npm run bench` passes it, to measure what the
 * checks cost against the same operation without them; every route enforces them.
 */
export interface PlanLimitOptions {
  planLimits?: boolean;
}

/** Listings that count against the plan: published, not deleted, not expired at `now`. */
export async function countActiveListings(db: Kysely<DB> | Transaction<DB>, companyId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('job_postings')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('company_id', '=', companyId)
    .where('status', '=', 'published')
    .where('is_deleted', '=', false)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Before a new listing: the company's plan must be working and have a listing free. The
 * subscription row stays locked to the end of the caller's transaction, so two listings posted
 * at once for the last slot make one listing and one refusal. Deleting or expiry frees a slot.
 */
export async function assertListingSlot(trx: Transaction<DB>, companyId: string, now: Date): Promise<Entitlement> {
  const entitlement = await assertWorkAllowed(trx, companyId, now, { lock: true });
  const limit = entitlement.limits.listings;
  if (limit !== null && (await countActiveListings(trx, companyId, now)) >= limit) {
    throw new AppError(402, 'LISTING_LIMIT', fill(messages.billing.listingLimit, { plan: PLANS[entitlement.plan].name, limit }));
  }
  return entitlement;
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
