import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import type { AnalyticsQuery, SourcesReport } from '@shared/schemas/analytics.ts';
import { fill } from '@web/lib/fill.ts';
import { useReport } from '../api/analytics.ts';
import { BarsChart, CHART_COLORS } from './bars-chart.tsx';
import { percent, ReportCard, type TableData } from './report-card.tsx';

const labels = text.sources.labels;

/** A source as people say it: the job board, a shared link, the QR code, or the drive by name. */
export function sourceLabel(source: SourcesReport['sources'][number]): string {
  if (source.kind !== 'drive') return labels[source.kind];
  return source.drive_name === null ? labels.deletedDrive : fill(labels.drive, { name: source.drive_name });
}

/** Sources: applications, shortlisted and hires from each source, so an employer sees which drive worked. */
export function SourcesSection({ query, filename }: { query: AnalyticsQuery; filename: string }) {
  const report = useReport('sources', query);
  const data = report.data;
  const table: TableData | null = data
    ? {
        header: [text.sources.source, text.sources.applications, text.sources.shortlisted, text.sources.hired, text.sources.conversion],
        rows: data.sources.map((row) => [sourceLabel(row), row.applications, row.shortlisted, row.hired, percent(row.conversion)]),
      }
    : null;
  return (
    <ReportCard id="sources" title={text.sources.title} description={text.sources.description} state={report} table={table} filename={`${filename}-sources.csv`}>
      {data && data.sources.length === 0 ? <p className="text-sm text-slate-600">{text.noApplications}</p> : null}
      {data && data.sources.length > 0 ? (
        <BarsChart
          category="source"
          labelWidth={140}
          data={data.sources.map((row) => ({ source: sourceLabel(row), applications: row.applications, shortlisted: row.shortlisted, hired: row.hired }))}
          series={[
            { key: 'applications', name: text.sources.applications, color: CHART_COLORS.primary },
            { key: 'shortlisted', name: text.sources.shortlisted, color: CHART_COLORS.secondary },
            { key: 'hired', name: text.sources.hired, color: CHART_COLORS.tertiary },
          ]}
        />
      ) : null}
    </ReportCard>
  );
}
