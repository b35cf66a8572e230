import { sql, type Kysely } from 'kysely';
import { OPEN_STAGES } from '../../../shared/schemas/pipeline.ts';
import { secondsToDays, type SpeedReport } from '../../../shared/schemas/analytics.ts';
import type { DB } from '../../db/schema.ts';
import { rollupRows, type ReportScope } from './report-scope.ts';

type Percentiles = SpeedReport['days_to_hire'];

/** Median and 90th percentile of a set of durations (seconds), as days. */
const percentiles = (seconds: ReturnType<typeof sql>) =>
  [
    sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds})`.as('median'),
    sql<number | null>`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${seconds})`.as('p90'),
    sql<number>`count(*)::int`.as('count'),
  ] as const;

const asDays = (row: { median: number | null; p90: number | null; count: number }): Percentiles => ({
  median: secondsToDays(row.median === null ? null : Number(row.median)),
  p90: secondsToDays(row.p90 === null ? null : Number(row.p90)),
  count: row.count,
});

/**
 * Days to hire and to offer (from the application, over those received in the range that got
 * there), time to fill (from a job's posting to its first hire, over jobs posted in the range
 * that have one), and the average days in each stage of the applications that moved on from it.
 */
export async function speedReport(db: Kysely<DB>, scope: ReportScope): Promise<SpeedReport> {
  const milestone = (column: 'hired_at' | 'offered_at') =>
    db
      .selectFrom('job_applications as ja')
      .select(percentiles(sql`extract(epoch FROM ${sql.ref(`ja.${column}`)} - ja.created_at)`))
      .where('ja.company_id', '=', scope.companyId)
      .where('ja.created_at', '>=', scope.start)
      .where('ja.created_at', '<', scope.end)
      .where(`ja.${column}`, 'is not', null)
      .$if(scope.empty, (qb) => qb.where(sql<boolean>`false`))
      .$if(scope.jobId !== null, (qb) => qb.where('ja.job_id', '=', scope.jobId!))
      .$if(scope.recruiterId !== null, (qb) =>
        qb.where('ja.job_id', 'in', db.selectFrom('job_postings').select('id').where('company_id', '=', scope.companyId).where('created_by', '=', scope.recruiterId!)),
      )
      .executeTakeFirstOrThrow();

  const firstHires = db
    .selectFrom('job_postings as jp')
    // Through the partial index of hired applications: the company's hires, not its million applications.
    .innerJoin('job_applications as ja', (join) => join.onRef('ja.job_id', '=', 'jp.id').on('ja.company_id', '=', scope.companyId).on('ja.hired_at', 'is not', null))
    .select(['jp.id', 'jp.created_at', sql<Date>`min(ja.hired_at)`.as('first_hire')])
    .where('jp.company_id', '=', scope.companyId)
    .where('jp.created_at', '>=', scope.start)
    .where('jp.created_at', '<', scope.end)
    .$if(scope.empty, (qb) => qb.where(sql<boolean>`false`))
    .$if(scope.jobId !== null, (qb) => qb.where('jp.id', '=', scope.jobId!))
    .$if(scope.recruiterId !== null, (qb) => qb.where('jp.created_by', '=', scope.recruiterId!))
    .groupBy(['jp.id', 'jp.created_at'])
    .as('filled');
  const fill = db
    .selectFrom(firstHires)
    .select(percentiles(sql`extract(epoch FROM filled.first_hire - filled.created_at)`));

  const stageSums = rollupRows(db, scope).select(
    OPEN_STAGES.flatMap((stage) => [sql<number>`coalesce(sum(${sql.ref(`${stage}_seconds`)}), 0)::float8`.as(`${stage}_seconds`), sql<number>`coalesce(sum(${sql.ref(`${stage}_moves`)}), 0)::int`.as(`${stage}_moves`)]),
  );

  const [hire, offer, filled, sums] = await Promise.all([milestone('hired_at'), milestone('offered_at'), fill.executeTakeFirstOrThrow(), stageSums.executeTakeFirstOrThrow() as Promise<Record<string, number>>]);
  return {
    days_to_hire: asDays(hire),
    days_to_offer: asDays(offer),
    time_to_fill: asDays(filled),
    stages: OPEN_STAGES.map((stage) => {
      const moves = Number(sums[`${stage}_moves`]);
      return { stage, moved_on: moves, average_days: moves === 0 ? null : secondsToDays(Number(sums[`${stage}_seconds`]) / moves) };
    }),
  };
}
