import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import { messages } from '@shared/messages.ts';
import type { AnalyticsQuery } from '@shared/schemas/analytics.ts';
import { PIPELINE_STAGES } from '@shared/schemas/pipeline.ts';
import { useReport } from '../api/analytics.ts';
import { percent, ReportCard, type TableData } from './report-card.tsx';

const stageLabels = messages.pipeline.stageLabels;

/** Jobs: each job open in the range with its board's numbers now, days open, days to first hire and checks verified. */
export function JobsSection({ query, filename }: { query: AnalyticsQuery; filename: string }) {
  const report = useReport('jobs', query);
  const data = report.data;
  const table: TableData | null = data
    ? {
        header: [text.jobs.job, text.jobs.recruiter, text.jobs.applications, ...PIPELINE_STAGES.map((stage) => stageLabels[stage]), text.jobs.daysOpen, text.jobs.timeToFill, text.jobs.passRate],
        rows: data.jobs.map((job) => [
          job.title,
          job.recruiter_name,
          job.applications,
          ...PIPELINE_STAGES.map((stage) => job.stages[stage]),
          job.days_open,
          job.days_to_first_hire,
          percent(job.verification_pass_rate),
        ]),
      }
    : null;
  return (
    <ReportCard id="jobs" title={text.jobs.title} description={text.jobs.description} state={report} table={data && data.jobs.length > 0 ? table : null} filename={`${filename}-jobs.csv`}>
      {data && data.jobs.length === 0 ? <p className="text-sm text-slate-600">{text.jobs.none}</p> : null}
    </ReportCard>
  );
}
