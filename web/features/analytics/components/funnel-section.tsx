import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import { messages } from '@shared/messages.ts';
import type { AnalyticsQuery } from '@shared/schemas/analytics.ts';
import { useReport } from '../api/analytics.ts';
import { BarsChart, CHART_COLORS } from './bars-chart.tsx';
import { percent, ReportCard, type TableData } from './report-card.tsx';

const stageLabels = messages.pipeline.stageLabels;

/** Funnel: applications that reached each stage, with the conversion from the stage before; rejected and withdrawn apart. */
export function FunnelSection({ query, filename }: { query: AnalyticsQuery; filename: string }) {
  const report = useReport('funnel', query);
  const data = report.data;
  const table: TableData | null = data
    ? {
        header: [text.funnel.stage, text.funnel.reached, text.funnel.conversion],
        rows: [...data.stages.map((row) => [stageLabels[row.stage], row.reached, percent(row.conversion)]), [text.funnel.rejected, data.rejected, null], [text.funnel.withdrawn, data.withdrawn, null]],
      }
    : null;
  return (
    <ReportCard id="funnel" title={text.funnel.title} description={text.funnel.description} state={report} table={table} filename={`${filename}-funnel.csv`}>
      {data && data.stages[0]!.reached === 0 ? <p className="text-sm text-slate-600">{text.noApplications}</p> : null}
      {data && data.stages[0]!.reached > 0 ? (
        <BarsChart category="stage" data={data.stages.map((row) => ({ stage: stageLabels[row.stage], reached: row.reached }))} series={[{ key: 'reached', name: text.funnel.reached, color: CHART_COLORS.primary }]} />
      ) : null}
    </ReportCard>
  );
}
