import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What a job's page says about its company beyond the job itself: where it is, its logo and site. */
export interface JobPageFacts {
  company_slug: string;
  website: string | null;
  logo_key: string | null;
  logo_updated_at: Date | null;
  /** From the company's billing profile, when it has one: where a job without a location is. */
  city: string | null;
  state: string | null;
  pincode: string | null;
}

/** The company facts of a job's page and share image (the job itself comes from getPublicJob, which decides who may see it). */
export async function getJobPageFacts(db: Kysely<DB>, jobId: string): Promise<JobPageFacts | undefined> {
  const row = await db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .leftJoin('company_billing_profiles as b', 'b.company_id', 'jp.company_id')
    .where('jp.id', '=', jobId)
    .select(['c.slug as company_slug', 'c.website', 'c.logo_key', 'c.logo_updated_at', 'b.city', 'b.state', 'b.pincode'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, logo_updated_at: row.logo_updated_at ? new Date(row.logo_updated_at) : null };
}
