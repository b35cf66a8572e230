import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import type { AnalyticsQuery } from '@shared/schemas/analytics.ts';
import { fill } from '@web/lib/fill.ts';
import { useReport } from '../api/analytics.ts';
import { BarsChart, CHART_COLORS } from './bars-chart.tsx';
import { ReportCard, type TableData } from './report-card.tsx';

const statusLabels = text.verification.statuses;

/** Background checks requested in the range, by status, and the median days from request to decision. */
export function VerificationSection({ query, filename }: { query: AnalyticsQuery; filename: string }) {
  const report = useReport('verification', query);
  const data = report.data;
  const table: TableData | null =
    data && data.total > 0
      ? { header: [text.verification.status, text.verification.count], rows: data.statuses.map((row) => [statusLabels[row.status], row.count]) }
      : null;
  return (
    <ReportCard id="verification" title={text.verification.title} description={text.verification.description} state={report} table={table} filename={`${filename}-checks.csv`}>
      {data && data.total === 0 ? <p className="text-sm text-slate-600">{text.verification.none}</p> : null}
      {data && data.total > 0 ? (
        <>
          <p className="text-sm text-slate-700">
            <span className="font-medium">{text.verification.medianTurnaround}:</span>{' '}
            {data.median_turnaround_days === null ? text.speed.none : fill(text.speed.days, { days: data.median_turnaround_days })}
          </p>
          <BarsChart
            category="status"
            labelWidth={170}
            data={data.statuses.map((row) => ({ status: statusLabels[row.status], checks: row.count }))}
            series={[{ key: 'checks', name: text.verification.count, color: CHART_COLORS.secondary }]}
          />
        </>
      ) : null}
    </ReportCard>
  );
}
