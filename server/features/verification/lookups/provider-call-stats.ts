import { sql, type Kysely } from 'kysely';
import type { ProviderCalls } from '../../../../shared/schemas/epfo.ts';
import type { DB } from '../../../db/schema.ts';
import { istMonthStart } from '../check-requests.ts';

/**
 * GET /api/verification/provider-calls (issue 34 §5): for the platform admins, calls to EPFO
 * providers and DigiLocker per provider per day in India (the last `days` days), with failures and
 * the average answer time; and this month's calls per company, the meter of each plan's checks
 * (null: the candidate verified on their own, WorkCred pays).
 */
export async function providerCallStats(db: Kysely<DB>, now: Date, days: number): Promise<ProviderCalls> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const day = sql<string>`to_char(called_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const [perDay, perCompany] = await Promise.all([
    db
      .selectFrom('provider_calls')
      .select([
        day.as('day'),
        'provider',
        'kind',
        sql<number>`count(*)::int`.as('calls'),
        sql<number>`(count(*) FILTER (WHERE outcome NOT IN ('answered', 'not_found')))::int`.as('failures'),
        sql<number>`round(avg(duration_ms))::int`.as('average_ms'),
      ])
      .where('called_at', '>=', since)
      .groupBy([day, 'provider', 'kind'])
      .orderBy(day, 'desc')
      .orderBy('provider')
      .execute(),
    db
      .selectFrom('provider_calls as p')
      .leftJoin('companies as c', 'c.id', 'p.company_id')
      .select(['p.company_id', 'c.name as company_name', sql<number>`count(*)::int`.as('calls')])
      .where('p.called_at', '>=', istMonthStart(now))
      .groupBy(['p.company_id', 'c.name'])
      .orderBy('calls', 'desc')
      .limit(50)
      .execute(),
  ]);
  return { days: perDay, by_company: perCompany };
}
