import type { Generated } from 'kysely';

/** Hiring rollups kept by triggers (migration 0036), merged into DB. */
export interface HiringDailyTable {
  scope: 'company' | 'job' | 'recruiter';
  /** The company's or job's id, or `<company id>:<user id>` for a recruiter. */
  scope_id: string;
  /** The IST day the applications arrived. */
  day: string;
  /** direct, link, qr, or a recruitment drive's id. */
  source_key: string;
  company_id: string;
  applications: Generated<number>;
  reached_screening: Generated<number>;
  reached_shortlisted: Generated<number>;
  reached_interview: Generated<number>;
  reached_offered: Generated<number>;
  hired: Generated<number>;
  rejected: Generated<number>;
  withdrawn: Generated<number>;
  received_seconds: Generated<number>;
  received_moves: Generated<number>;
  screening_seconds: Generated<number>;
  screening_moves: Generated<number>;
  shortlisted_seconds: Generated<number>;
  shortlisted_moves: Generated<number>;
  interview_seconds: Generated<number>;
  interview_moves: Generated<number>;
  offered_seconds: Generated<number>;
  offered_moves: Generated<number>;
}

/** Each job's applications by the stage they are in now. */
export interface JobStageCountsTable {
  job_id: string;
  stage: string;
  company_id: string;
  applications: Generated<number>;
}

declare module './schema.ts' {
  interface DB {
    hiring_daily: HiringDailyTable;
    job_stage_counts: JobStageCountsTable;
  }
}
