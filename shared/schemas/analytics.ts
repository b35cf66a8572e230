import { z } from 'zod';
import { analyticsMessages as text } from '../messages/analytics.ts';
import { isIsoDate } from './jobs.ts';
import { OPEN_STAGES, PIPELINE_STAGES } from './pipeline.ts';

/**
 * Analytics (issue 17): hiring reports for applications received between two IST dates.
 *
 *   GET /api/analytics/options       user (owner, admin, recruiter) → AnalyticsOptions
 *   GET /api/analytics/funnel        ?from&to&job_id&recruiter_id   → FunnelReport
 *   GET /api/analytics/speed         (same query)                   → SpeedReport
 *   GET /api/analytics/sources       (same query)                   → SourcesReport
 *   GET /api/analytics/jobs          (same query)                   → JobsReport
 *   GET /api/analytics/verification  (same query)                   → VerificationReport
 */
export const ANALYTICS_LIMITS = { rangeDays: 3 * 366 } as const;
/** The funnel's steps: the open stages in order, then hired. */
export const FUNNEL_STAGES = [...OPEN_STAGES, 'hired'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = z.string(text.invalidDate).trim().refine(isIsoDate, text.invalidDate);

export const analyticsQuerySchema = z
  .strictObject({
    from: isoDate,
    to: isoDate,
    job_id: z.uuid(text.invalidJob).optional(),
    recruiter_id: z.string(text.invalidRecruiter).trim().min(1, text.invalidRecruiter).max(100, text.invalidRecruiter).optional(),
  })
  .refine((query) => query.from <= query.to, { message: text.rangeOrder, path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS < ANALYTICS_LIMITS.rangeDays, { message: text.rangeTooLong, path: ['from'] });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsOptionsSchema = z.object({
  jobs: z.array(z.object({ id: z.string(), title: z.string() })),
  recruiters: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AnalyticsOptions = z.infer<typeof analyticsOptionsSchema>;

/** A share (0 to 1, four decimals), or null when there is nothing to divide by. */
const rate = z.number().nullable();
/** Days, to one decimal, or null when nothing has happened yet. */
const days = z.number().nullable();

export const funnelReportSchema = z.object({
  stages: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), reached: z.number().int(), conversion: rate })),
  rejected: z.number().int(),
  withdrawn: z.number().int(),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

const percentiles = z.object({ median: days, p90: days, count: z.number().int() });
export const speedReportSchema = z.object({
  days_to_hire: percentiles,
  days_to_offer: percentiles,
  time_to_fill: percentiles,
  stages: z.array(z.object({ stage: z.enum(OPEN_STAGES), average_days: days, moved_on: z.number().int() })),
});
export type SpeedReport = z.infer<typeof speedReportSchema>;

export const sourceKinds = ['direct', 'link', 'qr', 'drive', 'referral', 'walk_in', 'added'] as const;
export type SourceKind = (typeof sourceKinds)[number];
export const sourcesReportSchema = z.object({
  sources: z.array(
    z.object({
      kind: z.enum(sourceKinds),
      /** The drive's id for a drive (null once the drive is deleted), else null. */
      drive_id: z.string().nullable(),
      drive_name: z.string().nullable(),
      applications: z.number().int(),
      shortlisted: z.number().int(),
      hired: z.number().int(),
      conversion: rate,
    }),
  ),
});
export type SourcesReport = z.infer<typeof sourcesReportSchema>;

export const jobsReportSchema = z.object({
  jobs: z.array(
    z.object({
      job_id: z.string(),
      title: z.string(),
      recruiter_name: z.string().nullable(),
      applications: z.number().int(),
      stages: z.record(z.enum(PIPELINE_STAGES), z.number().int()),
      hired: z.number().int(),
      days_open: z.number().int(),
      days_to_first_hire: days,
      /** Checks the company requested for this job's applicants: verified of decided. */
      verification_pass_rate: rate,
    }),
  ),
});
export type JobsReport = z.infer<typeof jobsReportSchema>;

export const checkStatuses = ['requested', 'in_review', 'verified', 'rejected'] as const;
export const verificationReportSchema = z.object({
  statuses: z.array(z.object({ status: z.enum(checkStatuses), count: z.number().int() })),
  total: z.number().int(),
  median_turnaround_days: days,
});
export type VerificationReport = z.infer<typeof verificationReportSchema>;

/** numerator / denominator to four decimals; null when the denominator is 0. */
export function shareOf(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 10000) / 10000;
}

/** Seconds as days to one decimal. */
export function secondsToDays(seconds: number | null): number | null {
  return seconds === null ? null : Math.round((seconds / 86400) * 10) / 10;
}
