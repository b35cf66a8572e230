import { sql, type Kysely } from 'kysely';
import { shareOf, type JobsReport } from '../../../shared/schemas/analytics.ts';
import { PIPELINE_STAGES, type PipelineStage } from '../../../shared/schemas/pipeline.ts';
import type { DB } from '../../db/schema.ts';
import { secondsToDays } from '../../../shared/schemas/analytics.ts';
import type { ReportScope } from './report-scope.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each job open at some time in the range (posted before its end, not expired before its
 * start), with its pipeline as it stands now (the numbers on its board), its days open, days
 * from posting to the first hire, and the share of decided checks it requested that were verified.
 */
export async function jobsReport(db: Kysely<DB>, scope: ReportScope, now: Date): Promise<JobsReport> {
  if (scope.empty) return { jobs: [] };
  const jobs = await db
    .selectFrom('job_postings as jp')
    .leftJoin('user_profiles as up', 'up.id', 'jp.created_by')
    .select(['jp.id', 'jp.title', 'jp.created_at', 'jp.expires_at', 'up.full_name as recruiter_name'])
    .where('jp.company_id', '=', scope.companyId)
    .where('jp.is_deleted', '=', false)
    .where('jp.created_at', '<', scope.end)
    .where((eb) => eb.or([eb('jp.expires_at', 'is', null), eb('jp.expires_at', '>=', scope.start)]))
    .$if(scope.jobId !== null, (qb) => qb.where('jp.id', '=', scope.jobId!))
    .$if(scope.recruiterId !== null, (qb) => qb.where('jp.created_by', '=', scope.recruiterId!))
    .execute();
  if (jobs.length === 0) return { jobs: [] };
  const jobIds = jobs.map((job) => job.id);
  const narrow = jobIds.length <= 50;

  const [counts, firstHires, checks] = await Promise.all([
    db
      .selectFrom('job_stage_counts')
      .select(['job_id', 'stage', 'applications'])
      .where('company_id', '=', scope.companyId)
      .$if(narrow, (qb) => qb.where('job_id', 'in', jobIds))
      .execute(),
    db
      .selectFrom('job_applications')
      .select(['job_id', sql<Date>`min(hired_at)`.as('first_hire')])
      .where('company_id', '=', scope.companyId)
      .where('hired_at', 'is not', null)
      .$if(narrow, (qb) => qb.where('job_id', 'in', jobIds))
      .groupBy('job_id')
      .execute(),
    db
      .selectFrom('check_requests as cr')
      .innerJoin('verification_checks as vc', (join) => join.onRef('vc.candidate_id', '=', 'cr.candidate_id').onRef('vc.subject', '=', 'cr.subject'))
      .select(['cr.job_id', sql<number>`count(*) FILTER (WHERE vc.status = 'verified')::int`.as('verified'), sql<number>`count(*) FILTER (WHERE vc.status = 'rejected')::int`.as('rejected')])
      .where('cr.company_id', '=', scope.companyId)
      .$if(narrow, (qb) => qb.where('cr.job_id', 'in', jobIds))
      .groupBy('cr.job_id')
      .execute(),
  ]);

  const stagesOf = new Map<string, Record<PipelineStage, number>>();
  for (const row of counts) {
    const stages = stagesOf.get(row.job_id) ?? (Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Record<PipelineStage, number>);
    stages[row.stage as PipelineStage] = row.applications;
    stagesOf.set(row.job_id, stages);
  }
  const firstHireOf = new Map(firstHires.map((row) => [row.job_id, new Date(row.first_hire)]));
  const checksOf = new Map(checks.map((row) => [row.job_id, row]));

  const rows = jobs.map((job) => {
    const stages = stagesOf.get(job.id) ?? (Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Record<PipelineStage, number>);
    const posted = new Date(job.created_at).getTime();
    const closed = job.expires_at && new Date(job.expires_at).getTime() < now.getTime() ? new Date(job.expires_at).getTime() : now.getTime();
    const firstHire = firstHireOf.get(job.id);
    const decided = checksOf.get(job.id);
    return {
      job_id: job.id,
      title: job.title,
      recruiter_name: job.recruiter_name,
      applications: Object.values(stages).reduce((sum, count) => sum + count, 0),
      stages,
      hired: stages.hired,
      days_open: Math.max(0, Math.floor((closed - posted) / DAY_MS)),
      days_to_first_hire: firstHire ? secondsToDays((firstHire.getTime() - posted) / 1000) : null,
      verification_pass_rate: decided ? shareOf(decided.verified, decided.verified + decided.rejected) : null,
    };
  });
  return { jobs: rows.sort((a, b) => b.applications - a.applications || a.title.localeCompare(b.title) || a.job_id.localeCompare(b.job_id)) };
}
