import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { entitlementOf } from '../../../shared/plans.ts';
import type { AdminCompaniesPage, AdminCompanyPlan, EnterprisePlanBody } from '../../../shared/schemas/billing.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { SUBSCRIPTION_COLUMNS, stateOf } from './entitlement.ts';
import type { PaymentsProvider } from './payments-provider.ts';

const PAGE_SIZE = 25;
const DAY = 24 * 60 * 60 * 1000;

export interface AdminActor {
  userId: string;
  ip: string | null;
}

/** Each company's plan, standing, dates and active listings, for platform admins; newest companies first. */
export async function listCompanyPlans(db: Kysely<DB>, query: { q?: string | undefined; page: number }, now: Date): Promise<AdminCompaniesPage> {
  let select = db
    .selectFrom('companies as c')
    .innerJoin('company_subscriptions as s', 's.company_id', 'c.id')
    .select(['c.id', 'c.name', 's.custom_monthly_paise', ...SUBSCRIPTION_COLUMNS.map((column) => `s.${column}` as const)])
    .select((eb) =>
      eb
        .selectFrom('job_postings as jp')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('jp.company_id', '=', 'c.id')
        .where('jp.is_deleted', '=', false)
        .where('jp.status', '=', 'published')
        .where((inner) => inner.or([inner('jp.expires_at', 'is', null), inner('jp.expires_at', '>', now)]))
        .as('listings'),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  if (query.q) select = select.where(sql<boolean>`c.name ILIKE ${containsPattern(query.q)} ESCAPE '\\'`);
  const rows = await select.execute();
  const companies = rows.slice(0, PAGE_SIZE).map((row): AdminCompanyPlan => {
    const entitlement = entitlementOf(stateOf(row), now);
    return {
      id: row.id,
      name: row.name,
      plan: row.plan,
      status: row.status,
      standing: entitlement.standing,
      trial_ends_at: new Date(row.trial_ends_at).toISOString(),
      period_ends_at: row.period_ends_at === null ? null : new Date(row.period_ends_at).toISOString(),
      listings: row.listings ?? 0,
      limits: { listings: entitlement.limits.listings, applications_per_listing: entitlement.limits.applicationsPerListing, checks_per_month: entitlement.limits.checksPerMonth },
      custom_monthly_paise: row.custom_monthly_paise === null ? null : Number(row.custom_monthly_paise),
    };
  });
  return { companies, page: query.page, page_size: PAGE_SIZE, has_more: rows.length > PAGE_SIZE };
}

/** Adds days to a running trial (from today if it has already ended), audited. */
export async function extendTrial(db: Kysely<DB>, actor: AdminActor, companyId: string, days: number, now: Date): Promise<{ trial_ends_at: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('company_subscriptions').select(['status', 'trial_ends_at']).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
    if (!row) throw notFound(messages.billing.companyNotFound);
    if (row.status !== 'trialing') throw conflict(messages.billing.trialNotRunning, 'TRIAL_NOT_RUNNING');
    const from = Math.max(new Date(row.trial_ends_at).getTime(), now.getTime());
    const ends = new Date(from + days * DAY);
    await trx.updateTable('company_subscriptions').set({ trial_ends_at: ends, updated_at: now }).where('company_id', '=', companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId, action: 'trial_extended', entityType: 'company', entityId: companyId, details: { days, from: new Date(row.trial_ends_at).toISOString(), to: ends.toISOString() }, ip: actor.ip });
    return { trial_ends_at: ends.toISOString() };
  });
}

/** Puts a company on Enterprise with the limits and price agreed by sales (null: no limit), audited. */
export async function setEnterprisePlan(db: Kysely<DB>, provider: PaymentsProvider, actor: AdminActor, companyId: string, body: EnterprisePlanBody, now: Date): Promise<void> {
  const running = await db.selectFrom('company_subscriptions').select(['provider', 'provider_subscription_id', 'status', 'cancel_at_period_end']).where('company_id', '=', companyId).executeTakeFirst();
  if (!running) throw notFound(messages.billing.companyNotFound);
  // A self-serve subscription would go on charging: it stops at its period's end, and its later events are ignored.
  if (running.provider === provider.id && running.provider_subscription_id && (running.status === 'active' || running.status === 'past_due') && !running.cancel_at_period_end) {
    await provider.cancelAtCycleEnd(running.provider_subscription_id);
  }
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('company_subscriptions').select(['plan', 'status']).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
    if (!row) throw notFound(messages.billing.companyNotFound);
    await trx
      .updateTable('company_subscriptions')
      .set({
        plan: 'enterprise',
        status: 'active',
        halted_at: null,
        cancel_at_period_end: false,
        scheduled_plan: null,
        period_ends_at: null,
        provider: null,
        provider_subscription_id: null,
        custom_listings: body.listings,
        custom_applications: body.applications_per_listing,
        custom_checks: body.checks_per_month,
        custom_monthly_paise: body.monthly_paise,
        updated_at: now,
      })
      .where('company_id', '=', companyId)
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId, action: 'enterprise_plan_set', entityType: 'company', entityId: companyId, details: { from: row.plan, ...body }, ip: actor.ip });
  });
}
