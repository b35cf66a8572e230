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

/**
 * Each company's applicants, one row per candidate, kept by triggers (migration 0047) for candidate
 * search: the latest application to a live job, the verified flag and copies of the filtered fields.
 * Written only by the database.
 */
export interface CompanyCandidatesTable {
  company_id: string;
  candidate_id: string;
  application_id: string;
  applied_at: Date;
  verified: boolean;
  experience_years: string | null;
  notice_period_days: number | null;
  current_pay_lakh: string | null;
  expected_pay_lakh: string | null;
  skills_lower: string[];
  location: string | null;
}

/**
 * The terms a company's candidate is found by (migrations 0060 and 0071): 'n:' each word of the
 * name, 'm:' a word's first letter and another word ('m:s priya'), 'm*' on a name of more than six
 * words, 'e:' the email, 'p:' the phone's digits, lowered. Kept by triggers with company_candidates
 * and the person's profile; written only by the database.
 */
export interface CompanyCandidateTermsTable {
  company_id: string;
  term: string;
  candidate_id: string;
  /** On the 'm:' and 'm*' terms: the name's words, each after a space (' priya sharma'). */
  name_key: string | null;
}

declare module './schema.ts' {
  interface DB {
    hiring_daily: HiringDailyTable;
    job_stage_counts: JobStageCountsTable;
    company_candidates: CompanyCandidatesTable;
    company_candidate_terms: CompanyCandidateTermsTable;
  }
}
