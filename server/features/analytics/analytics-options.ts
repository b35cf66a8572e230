import type { Kysely } from 'kysely';
import type { AnalyticsOptions } from '../../../shared/schemas/analytics.ts';
import type { DB } from '../../db/schema.ts';

/** The filters' choices: the company's jobs (newest first) and the members who posted them. */
export async function analyticsOptions(db: Kysely<DB>, companyId: string): Promise<AnalyticsOptions> {
  const [jobs, recruiters] = await Promise.all([
    db.selectFrom('job_postings').select(['id', 'title']).where('company_id', '=', companyId).where('is_deleted', '=', false).orderBy('created_at', 'desc').orderBy('id').execute(),
    db
      .selectFrom('user_profiles as up')
      .select(['up.id', 'up.full_name as name'])
      .where('up.id', 'in', (eb) => eb.selectFrom('job_postings').select('created_by').where('company_id', '=', companyId).where('created_by', 'is not', null).$narrowType<{ created_by: string }>())
      .orderBy('up.full_name')
      .orderBy('up.id')
      .execute(),
  ]);
  return { jobs, recruiters: recruiters.map((row) => ({ id: row.id, name: row.name || row.id })) };
}
