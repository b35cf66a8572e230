import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Interviews, their interviewers and scorecards (migrations 0002, 0010, 0061), merged into DB. */

export interface InterviewsTable {
  id: Generated<string>;
  application_id: string;
  /** UTC; shown and entered in Asia/Kolkata. */
  scheduled_at: NullableTimestamp;
  company_id: string | null;
  duration_minutes: Generated<number>;
  mode: Generated<'video' | 'phone' | 'in_person'>;
  location: string | null;
  status: Generated<'scheduled' | 'cancelled' | 'completed' | 'no_show'>;
  sequence: Generated<number>;
  created_by: string | null;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InterviewInterviewersTable {
  interview_id: string;
  user_id: string;
}

export interface InterviewScorecardsTable {
  id: Generated<string>;
  interview_id: string;
  interviewer_id: string;
  criteria: ColumnType<{ name: string; rating: number }[], string, string>;
  /** Null only on scorecards left before migration 0065. */
  recommendation: 'strong_no' | 'no' | 'yes' | 'strong_yes' | null;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A job's scorecard template (migration 0065): its ordered criteria; no row means the default ones. */
export interface JobScorecardTemplatesTable {
  job_id: string;
  criteria: ColumnType<{ name: string; guidance: string | null }[], string, string>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** One reminder per interviewer and interview whose scorecard was missing a day after it (migration 0065). */
export interface InterviewScorecardRemindersTable {
  interview_id: string;
  interviewer_id: string;
  sent_at: ColumnType<Date, Date | string, Date | string>;
}

/** An interviewer's calendar feed (migration 0061): the secret token's SHA-256, never the token. */
export interface InterviewCalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
}

/** Times offered to a candidate to pick from (migration 0068, issue 36 §4 self-scheduling); the link's token as its SHA-256. */
export interface InterviewSlotOffersTable {
  id: Generated<string>;
  application_id: string;
  company_id: string;
  token_hash: string;
  duration_minutes: number;
  mode: 'video' | 'phone' | 'in_person';
  location: string;
  interviewer_ids: ColumnType<string[], string[], string[]>;
  slots: ColumnType<Date[], Date[] | string[], Date[] | string[]>;
  status: Generated<'open' | 'booked' | 'withdrawn'>;
  interview_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  closed_at: NullableTimestamp;
}

declare module './schema.ts' {
  interface DB {
    interviews: InterviewsTable;
    interview_interviewers: InterviewInterviewersTable;
    interview_scorecards: InterviewScorecardsTable;
    interview_calendar_feeds: InterviewCalendarFeedsTable;
    job_scorecard_templates: JobScorecardTemplatesTable;
    interview_scorecard_reminders: InterviewScorecardRemindersTable;
    interview_slot_offers: InterviewSlotOffersTable;
  }
}
