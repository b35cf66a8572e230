import { sql, type Kysely } from 'kysely';
import { FUNNEL_STAGES, shareOf, type FunnelReport } from '../../../shared/schemas/analytics.ts';
import type { DB } from '../../db/schema.ts';
import { rollupRows, type ReportScope } from './report-scope.ts';

const total = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)::int`;

/** For each stage, the applications that reached it (or a later one) and the share of the previous stage that did. */
export async function funnelReport(db: Kysely<DB>, scope: ReportScope): Promise<FunnelReport> {
  const row = await rollupRows(db, scope)
    .select([
      total('applications').as('received'),
      total('reached_screening').as('screening'),
      total('reached_shortlisted').as('shortlisted'),
      total('reached_interview').as('interview'),
      total('reached_offered').as('offered'),
      total('hired').as('hired'),
      total('rejected').as('rejected'),
      total('withdrawn').as('withdrawn'),
    ])
    .executeTakeFirstOrThrow();
  const stages = FUNNEL_STAGES.map((stage, index) => ({
    stage,
    reached: row[stage],
    conversion: index === 0 ? null : shareOf(row[stage], row[FUNNEL_STAGES[index - 1]!]),
  }));
  return { stages, rejected: row.rejected, withdrawn: row.withdrawn };
}
