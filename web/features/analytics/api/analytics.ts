import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  analyticsOptionsSchema,
  funnelReportSchema,
  jobsReportSchema,
  sourcesReportSchema,
  speedReportSchema,
  verificationReportSchema,
  type AnalyticsQuery,
} from '@shared/schemas/analytics.ts';
import { api } from '@web/lib/api-client.ts';

const reports = {
  funnel: funnelReportSchema,
  speed: speedReportSchema,
  sources: sourcesReportSchema,
  jobs: jobsReportSchema,
  verification: verificationReportSchema,
} as const;
export type ReportName = keyof typeof reports;
type Reports = { [K in ReportName]: z.infer<(typeof reports)[K]> };

const queryString = (query: AnalyticsQuery) => new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')).toString();

/** GET /api/analytics/options: the jobs and recruiters to filter by. */
export function useAnalyticsOptions() {
  return useQuery({ queryKey: ['analytics', 'options'], queryFn: ({ signal }) => api('/api/analytics/options', { schema: analyticsOptionsSchema, signal }) });
}

/** GET /api/analytics/<report>: one report for the range and filters; the last one stays shown while the next loads. */
export function useReport<N extends ReportName>(name: N, query: AnalyticsQuery) {
  return useQuery({
    queryKey: ['analytics', name, query],
    queryFn: ({ signal }) => api(`/api/analytics/${name}?${queryString(query)}`, { schema: reports[name] as unknown as z.ZodType<Reports[N]>, signal }),
    placeholderData: keepPreviousData,
  });
}
