import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import { messages } from '@shared/messages.ts';
import type { AnalyticsQuery, SpeedReport } from '@shared/schemas/analytics.ts';
import { fill } from '@web/lib/fill.ts';
import { useReport } from '../api/analytics.ts';
import { BarsChart, CHART_COLORS } from './bars-chart.tsx';
import { ReportCard, type TableData } from './report-card.tsx';

const stageLabels = messages.pipeline.stageLabels;
const days = (value: number | null) => (value === null ? text.speed.none : fill(text.speed.days, { days: value }));

/** One headline figure: its median, its 90th percentile and how many it is from. */
function Figure({ label, value }: { label: string; value: SpeedReport['days_to_hire'] }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{days(value.median)}</dd>
      <dd className="mt-1 text-xs text-slate-600">
        {text.speed.p90}: {days(value.p90)} · {fill(text.speed.basedOn, { count: value.count })}
      </dd>
    </div>
  );
}

/** Speed: days to hire and offer, time to fill, and the average days in each stage of the applications that moved on. */
export function SpeedSection({ query, filename }: { query: AnalyticsQuery; filename: string }) {
  const report = useReport('speed', query);
  const data = report.data;
  const table: TableData | null = data
    ? {
        header: [text.speed.measure, text.speed.medianDays, text.speed.p90Days, text.speed.count],
        rows: [
          [text.speed.daysToOffer, data.days_to_offer.median, data.days_to_offer.p90, data.days_to_offer.count],
          [text.speed.daysToHire, data.days_to_hire.median, data.days_to_hire.p90, data.days_to_hire.count],
          [text.speed.timeToFill, data.time_to_fill.median, data.time_to_fill.p90, data.time_to_fill.count],
          ...data.stages.map((row) => [fill(text.speed.inStage, { stage: stageLabels[row.stage] }), row.average_days, null, row.moved_on]),
        ],
      }
    : null;
  return (
    <ReportCard id="speed" title={text.speed.title} description={text.speed.description} state={report} table={table} filename={`${filename}-speed.csv`}>
      {data ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure label={text.speed.daysToOffer} value={data.days_to_offer} />
            <Figure label={text.speed.daysToHire} value={data.days_to_hire} />
            <Figure label={text.speed.timeToFill} value={data.time_to_fill} />
          </dl>
          {data.stages.some((row) => row.moved_on > 0) ? (
            <BarsChart
              category="stage"
              data={data.stages.map((row) => ({ stage: stageLabels[row.stage], days: row.average_days ?? 0 }))}
              series={[{ key: 'days', name: text.speed.averageDays, color: CHART_COLORS.secondary }]}
            />
          ) : null}
        </>
      ) : null}
    </ReportCard>
  );
}
