import { sql, type Kysely } from 'kysely';
import { checkStatuses, secondsToDays, type VerificationReport } from '../../../shared/schemas/analytics.ts';
import type { DB } from '../../db/schema.ts';
import type { ReportScope } from './report-scope.ts';

/**
 * The background checks the company requested in the range (issue 15), by where each stands now
 * (a check not yet consented to is waiting for the candidate), and the median days from the
 * request to the check's decision.
 */
export async function verificationReport(db: Kysely<DB>, scope: ReportScope): Promise<VerificationReport> {
  const requests = db
    .selectFrom('check_requests as cr')
    .leftJoin('verification_checks as vc', (join) => join.onRef('vc.candidate_id', '=', 'cr.candidate_id').onRef('vc.subject', '=', 'cr.subject'))
    .where('cr.company_id', '=', scope.companyId)
    .where('cr.created_at', '>=', scope.start)
    .where('cr.created_at', '<', scope.end)
    .$if(scope.empty, (qb) => qb.where(sql<boolean>`false`))
    .$if(scope.jobId !== null, (qb) => qb.where('cr.job_id', '=', scope.jobId!))
    .$if(scope.recruiterId !== null, (qb) =>
      qb.where('cr.job_id', 'in', db.selectFrom('job_postings').select('id').where('company_id', '=', scope.companyId).where('created_by', '=', scope.recruiterId!)),
    );
  const [byStatus, turnaround] = await Promise.all([
    requests
      .select([sql<string>`CASE WHEN vc.status IN ('in_review', 'verified', 'rejected') THEN vc.status ELSE 'requested' END`.as('status'), sql<number>`count(*)::int`.as('count')])
      .groupBy(sql`1`)
      .execute(),
    requests
      .select(sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM vc.decided_at - cr.created_at))`.as('median'))
      .where('vc.status', 'in', ['verified', 'rejected'])
      .where(sql<boolean>`vc.decided_at >= cr.created_at`)
      .executeTakeFirstOrThrow(),
  ]);
  const counts = new Map(byStatus.map((row) => [row.status, row.count]));
  const statuses = checkStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return {
    statuses,
    total: statuses.reduce((sum, row) => sum + row.count, 0),
    median_turnaround_days: secondsToDays(turnaround.median === null ? null : Number(turnaround.median)),
  };
}
