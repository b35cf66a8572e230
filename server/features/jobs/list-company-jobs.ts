import type { Kysely } from 'kysely';
import type { EmployerJob } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * The company's published, non-deleted jobs, newest first, each with its number of applications.
 * One query: the jobs come from the (company_id, created_at DESC) WHERE NOT is_deleted index and
 * each count from the (job_id, created_at) index of job_applications through a LATERAL subquery,
 * so neither N+1 queries nor a scan of every application.
 */
export async function listCompanyJobs(db: Kysely<DB>, companyId: string): Promise<EmployerJob[]> {
  const rows = await db
    .selectFrom('job_postings as jp')
    .leftJoinLateral(
      (eb) => eb.selectFrom('job_applications as ja').whereRef('ja.job_id', '=', 'jp.id').select((e) => e.fn.countAll<string | number | bigint>().as('count')).as('ac'),
      (join) => join.onTrue(),
    )
    .where('jp.company_id', '=', companyId)
    .where('jp.is_deleted', '=', false)
    .where('jp.status', '=', 'published')
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .select(['jp.id', 'jp.title', 'jp.description', 'jp.location', 'jp.salary', 'jp.requirements', 'jp.benefits', 'jp.expires_at', 'jp.created_at', 'ac.count'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    salary: row.salary,
    requirements: row.requirements,
    benefits: row.benefits,
    expires_at: isoOrNull(row.expires_at),
    created_at: iso(row.created_at),
    applications_count: Number(row.count ?? 0),
  }));
}
