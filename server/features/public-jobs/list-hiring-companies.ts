import { sql, type Kysely } from 'kysely';
import { PUBLIC_COMPANIES_LIMIT, type PublicCompany } from '../../../shared/schemas/public-jobs.ts';
import type { DB } from '../../db/schema.ts';
import { logoUrl } from '../company-settings/company-profile.ts';
import { isOpenJob } from './open-jobs.ts';

/** Companies with at least one open job, most open jobs first, then by name. */
export async function listHiringCompanies(db: Kysely<DB>): Promise<PublicCompany[]> {
  const rows = await db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .where((eb) => isOpenJob(eb))
    .groupBy(['c.id', 'c.name', 'c.slug', 'c.industry', 'c.logo_key', 'c.logo_updated_at'])
    .select(['c.id', 'c.name', 'c.slug', 'c.industry', 'c.logo_key', 'c.logo_updated_at', sql<number>`count(*)::int`.as('open_jobs')])
    .orderBy('open_jobs', 'desc')
    // lower() first so the order reads the same on both databases whatever their collation.
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .limit(PUBLIC_COMPANIES_LIMIT)
    .execute();
  return rows.map(({ logo_key, logo_updated_at, ...row }) => ({ ...row, logo_url: logoUrl({ slug: row.slug, logo_key, logo_updated_at }) }));
}
